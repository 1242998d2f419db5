import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify"
import { sameSecret } from "../../../../node-kit/security/same-secret"
import type { FailedAttempts } from "../routes/admin-access"
import { newSession, safeNext, sessionCookie } from "./session"
import { renderSignInPage, SIGN_IN_PATH, SIGN_OUT_PATH, signInPagePolicy } from "./sign-in-page"

/** A sign-in form is a token and a path: anything longer is not one. */
const FORM_LIMIT_BYTES = 4096

/** What the content-type parser hands a route for a body that is not a well-formed sign-in form. */
const NOT_A_FORM = Symbol("not a form")

export function sendSignInPage(reply: FastifyReply, status: number, next: string, error?: string): FastifyReply {
  const page = renderSignInPage({ next, error })
  return reply.code(status).header("Cache-Control", "no-store").header("Content-Security-Policy", signInPagePolicy(page)).type("text/html; charset=utf-8").send(page)
}

/**
 * Whether a browser sent this request from another site: `Sec-Fetch-Site`
 * other than same-origin, or else an `Origin` whose host is not this one
 * (`null` included). A request with neither comes from a tool (curl), which
 * no other site's page can make a browser be.
 */
export function crossSite(request: FastifyRequest): boolean {
  const site = request.headers["sec-fetch-site"]
  if (site !== undefined) return site !== "same-origin"
  const origin = request.headers.origin
  if (origin === undefined) return false
  try {
    return new URL(origin).host !== request.host
  } catch {
    return true
  }
}

/** The form's fields when it is one: at most one `token` and one `next`, each a string; NOT_A_FORM otherwise. */
function parseForm(body: string): Record<string, string> | typeof NOT_A_FORM {
  const params = new URLSearchParams(body)
  const keys = [...params.keys()]
  if (new Set(keys).size !== keys.length) return NOT_A_FORM
  return Object.fromEntries(params)
}

/** Too many wrong tokens from this address: 429 with how long to wait; undefined while it may still try. Asked only after a wrong token. */
export function tooManyWrongTokens(attempts: FailedAttempts, request: FastifyRequest, reply: FastifyReply, next: string): FastifyReply | undefined {
  const wait = attempts.waitSeconds(request.ip)
  if (wait === 0) return undefined
  return sendSignInPage(reply.header("Retry-After", String(wait)), 429, next, `Too many wrong tokens from this address: try again in ${wait} s.`)
}

export interface SignInOptions {
  signInToken: string
  /** Wrong tokens per address: the form's and the Bearer header's, one count. */
  attempts: FailedAttempts
  /** Whether the session cookie is `__Host-` and Secure (session.ts, previewCookieSecure). */
  secureCookie: boolean
  now: () => number
}

/**
 * The sign-in page, its form and sign-out: the preview's only routes open
 * without a session. The form posts the token, from this site only (a
 * cross-site post is refused and not counted); the answer sets an HttpOnly,
 * SameSite=Strict cookie holding a MAC, never the token, and sends the
 * editor on to where they were going, on this site.
 */
export function signInRoutes(app: FastifyInstance, { signInToken, attempts, secureCookie, now }: SignInOptions): void {
  // Only a form is a sign-in: any other body reaches the route as NOT_A_FORM, and is answered 400 there.
  app.removeAllContentTypeParsers()
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string", bodyLimit: FORM_LIMIT_BYTES }, (_request, body, done) => done(null, parseForm(String(body))))
  app.addContentTypeParser("*", { parseAs: "string", bodyLimit: FORM_LIMIT_BYTES }, (_request, _body, done) => done(null, NOT_A_FORM))

  app.get(SIGN_IN_PATH, async (request, reply) => sendSignInPage(reply, 200, safeNext((request.query as { next?: unknown }).next)))

  app.post(SIGN_IN_PATH, async (request, reply) => {
    const form = request.body ?? {}
    if (crossSite(request)) return sendSignInPage(reply, 403, "/", "A sign-in can only be sent from this page: sign in here.")
    if (form === NOT_A_FORM || typeof form !== "object") return sendSignInPage(reply, 400, "/", "The sign-in was not a form of one token: sign in here.")
    const { token, next: wanted } = form as Record<string, string | undefined>
    const next = safeNext(wanted)
    if (!token) return sendSignInPage(reply, 401, next, "Enter the preview's sign-in token.")
    if (!sameSecret(token.trim(), signInToken)) {
      const refused = tooManyWrongTokens(attempts, request, reply, next)
      if (refused) return refused
      attempts.record(request.ip)
      return sendSignInPage(reply, 401, next, "That token is not the preview's sign-in token.")
    }
    const session = newSession(signInToken, now())
    return reply
      .header("Set-Cookie", sessionCookie(session.value, session.maxAgeSeconds, secureCookie))
      .header("Cache-Control", "no-store")
      .redirect(next, 303)
  })

  app.post(SIGN_OUT_PATH, async (request, reply) => {
    if (crossSite(request)) return sendSignInPage(reply, 403, "/", "Signing out can only be asked from the preview itself.")
    return reply
      .header("Set-Cookie", sessionCookie("", 0, secureCookie))
      .header("Cache-Control", "no-store")
      .redirect(SIGN_IN_PATH, 303)
  })
}
