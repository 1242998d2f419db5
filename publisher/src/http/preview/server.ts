import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify"
import { isAllowedRequest } from "../../../../node-kit/allowed-hosts"
import { bearerToken } from "../../../../node-kit/bearer-token"
import { errorHandler, HttpError } from "../../../../node-kit/http-error"
import { sameSecret } from "../../../../node-kit/same-secret"
import type { PreviewLaneSettings, PublisherConfig } from "../../config"
import { createServer } from "../app"
import { ALLOWED_HOSTS_SETTING, FailedAttempts } from "../routes/admin-access"
import { serveLiveRelease } from "../routes/live-site"
import { BAR_CSS, BAR_CSS_PATH, pageOf, previewChangesReader, renderBar, withBar } from "./bar"
import { cookieValue, newSession, previewCookieSecure, safeNext, sessionCookie, sessionCookieName, validSession } from "./session"
import { renderSignInPage, SIGN_IN_PATH, SIGN_OUT_PATH, signInPagePolicy } from "./sign-in-page"

/** A sign-in form is a token and a path: anything longer is not one. */
const FORM_LIMIT_BYTES = 4096

/** The only requests answered without a session: the sign-in page, its form, and signing out. Exact method and path. */
const OPEN_REQUESTS = new Set([`GET ${SIGN_IN_PATH}`, `HEAD ${SIGN_IN_PATH}`, `POST ${SIGN_IN_PATH}`, `POST ${SIGN_OUT_PATH}`])

/** What the content-type parser hands a route for a body that is not a well-formed sign-in form. */
const NOT_A_FORM = Symbol("not a form")

export interface PreviewServerOptions {
  /** The preview lane's data folder: its releases are what this server shows. */
  dataDir: string
  settings: PreviewLaneSettings
  /** Where the bar's "this page on the live site" points: the live site's public address. */
  liveSiteUrl: string
  /** PUBLISHER_ALLOWED_HOSTS: the names this port answers to besides addresses and localhost (DNS rebinding). */
  allowedHosts: readonly string[]
  /** Whether the session cookie is `__Host-` and Secure (session.ts, previewCookieSecure). */
  secureCookie: boolean
  now?: () => number
}

function sendSignInPage(reply: FastifyReply, status: number, next: string, error?: string): FastifyReply {
  const page = renderSignInPage({ next, error })
  return reply
    .code(status)
    .header("Cache-Control", "no-store")
    .header("Content-Security-Policy", signInPagePolicy(page))
    .type("text/html; charset=utf-8")
    .send(page)
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

/**
 * The preview site: the preview lane's live release, to signed-in editors
 * only. Every answer says `X-Robots-Tag: noindex, nofollow` and is private
 * to the browser. Without a session cookie (or the sign-in token as a
 * Bearer header, for tools) every method on every path answers 401 with the
 * sign-in form and nothing of the site, its not-found and error answers
 * included; only the sign-in page, its form and sign-out are open, by exact
 * method and path. The port answers only to the allowed names (a rebound
 * page is refused). The form posts the token, from this site only (a
 * cross-site post is refused and not counted); the answer sets an HttpOnly,
 * SameSite=Strict cookie holding a MAC, never the token, and sends the
 * editor on to where they were going, on this site. Wrong tokens, in the
 * form or a Bearer header, are limited per address, as the status page's
 * are; the right one is never refused.
 */
export function registerPreviewRoutes(app: FastifyInstance, options: PreviewServerOptions): void {
  const { dataDir, settings, secureCookie } = options
  const now = options.now ?? Date.now
  const attempts = new FailedAttempts(undefined, undefined, now)
  const cookieName = sessionCookieName(secureCookie)
  const hasSession = (request: FastifyRequest) => validSession(cookieValue(request.headers.cookie, cookieName), settings.signInToken, now())

  /** Too many wrong tokens from this address: 429 with how long to wait. Only ever asked after a wrong token. */
  const tooMany = (request: FastifyRequest, reply: FastifyReply, next: string): FastifyReply | undefined => {
    const wait = attempts.waitSeconds(request.ip)
    if (wait === 0) return undefined
    return sendSignInPage(reply.header("Retry-After", String(wait)), 429, next, `Too many wrong tokens from this address: try again in ${wait} s.`)
  }

  /** undefined when the request may see the site (a session, or the right Bearer token); else the answer it gets instead. */
  const refuseWithoutSession = (request: FastifyRequest, reply: FastifyReply): FastifyReply | undefined => {
    if (hasSession(request)) return undefined
    const next = safeNext(request.method === "GET" ? request.url : "/")
    const token = bearerToken(request.headers.authorization)
    if (token !== undefined) {
      if (sameSecret(token, settings.signInToken)) return undefined
      const refused = tooMany(request, reply, next)
      if (refused) return refused
      attempts.record(request.ip)
    }
    return sendSignInPage(reply, 401, next)
  }

  app.addHook("onRequest", async (request, reply) => {
    // On the raw response, so the site's files (served hijacked, past Fastify's hooks) carry it too.
    reply.raw.setHeader("X-Robots-Tag", "noindex, nofollow")
    if (!isAllowedRequest(request, options.allowedHosts)) {
      throw new HttpError(421, `The preview does not answer to this name. If it is reached by it (behind a proxy, say), add it to ${ALLOWED_HOSTS_SETTING}.`)
    }
    if (OPEN_REQUESTS.has(`${request.method} ${request.url.split("?")[0]}`)) return
    return refuseWithoutSession(request, reply)
  })

  // Whatever went wrong, a visitor without a session sees the sign-in form and the status, nothing of the site.
  const answerError = errorHandler(app, { serverErrorMessage: "Something went wrong in the preview." })
  app.setErrorHandler<HttpError>((error, request, reply) => {
    if (hasSession(request)) return answerError(error, request, reply)
    const status = error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500
    if (status >= 500) request.log.error({ err: error }, `${request.method} ${request.url} failed`)
    return sendSignInPage(reply, status, "/", status >= 500 ? "Something went wrong in the preview." : error.message)
  })

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
    if (!sameSecret(token.trim(), settings.signInToken)) {
      const refused = tooMany(request, reply, next)
      if (refused) return refused
      attempts.record(request.ip)
      return sendSignInPage(reply, 401, next, "That token is not the preview's sign-in token.")
    }
    const session = newSession(settings.signInToken, now())
    return reply.header("Set-Cookie", sessionCookie(session.value, session.maxAgeSeconds, secureCookie)).header("Cache-Control", "no-store").redirect(next, 303)
  })

  app.post(SIGN_OUT_PATH, async (request, reply) => {
    if (crossSite(request)) return sendSignInPage(reply, 403, "/", "Signing out can only be asked from the preview itself.")
    return reply.header("Set-Cookie", sessionCookie("", 0, secureCookie)).header("Cache-Control", "no-store").redirect(SIGN_IN_PATH, 303)
  })

  app.get(BAR_CSS_PATH, async (_request, reply) => reply.header("Cache-Control", "private, max-age=0, must-revalidate").type("text/css; charset=utf-8").send(BAR_CSS))

  const changesOf = previewChangesReader()
  const liveSiteUrl = options.liveSiteUrl.replace(/\/+$/, "")
  serveLiveRelease(app, dataDir, {
    private: true,
    refuse: refuseWithoutSession,
    transformHtml: (page, { requestPath, site }) => withBar(page, renderBar(changesOf(site), { ...pageOf(requestPath, site), liveSiteUrl })),
  })
}

/** The preview site on its own port, beside the live one (PUBLISHER_PREVIEW_PORT). */
export async function startPreviewServer(dataDir: string, settings: PreviewLaneSettings, config: PublisherConfig, liveSiteUrl: string): Promise<FastifyInstance> {
  const app = createServer(config.logging, config.trustProxy, { ownErrorHandler: true })
  // Unset, the preview is where it listens: plain http, secure only when that is not loopback.
  const publicUrl = settings.publicUrl ?? `http://${config.host.includes(":") ? `[${config.host}]` : config.host}/`
  registerPreviewRoutes(app, { dataDir, settings, liveSiteUrl, allowedHosts: config.allowedHosts, secureCookie: previewCookieSecure(publicUrl) })
  await app.listen({ host: config.host, port: settings.port })
  return app
}
