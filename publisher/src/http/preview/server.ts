import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify"
import { bearerToken } from "../../../../node-kit/bearer-token"
import { sameSecret } from "../../../../node-kit/same-secret"
import type { PreviewLaneSettings, PublisherConfig } from "../../config"
import { createServer } from "../app"
import { FailedAttempts } from "../routes/admin-access"
import { serveLiveRelease } from "../routes/live-site"
import { BAR_CSS, BAR_CSS_PATH, pageOf, previewChangesReader, renderBar, withBar } from "./bar"
import { cookieValue, newSession, safeNext, SESSION_COOKIE, sessionCookie, validSession } from "./session"
import { renderSignInPage, SIGN_IN_PATH, SIGN_OUT_PATH, signInPagePolicy } from "./sign-in-page"

/** A sign-in form is a token and a path: anything longer is not one. */
const FORM_LIMIT_BYTES = 4096

export interface PreviewServerOptions {
  /** The preview lane's data folder: its releases are what this server shows. */
  dataDir: string
  settings: PreviewLaneSettings
  /** Where the bar's "this page on the live site" points: the live site's public address. */
  liveSiteUrl: string
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
 * The preview site: the preview lane's live release, to signed-in editors
 * only. Every answer says `X-Robots-Tag: noindex, nofollow` and is private
 * to the browser. Without a session cookie (or the sign-in token as a
 * Bearer header, for tools) every path answers 401 with the sign-in form
 * and nothing of the site. The form posts the token; the answer sets an
 * HttpOnly, SameSite=Strict cookie holding a MAC, never the token, and
 * sends the editor on to where they were going. Wrong tokens are limited
 * per address, as the status page's are.
 */
export function registerPreviewRoutes(app: FastifyInstance, options: PreviewServerOptions): void {
  const { dataDir, settings } = options
  const now = options.now ?? Date.now
  const attempts = new FailedAttempts(undefined, undefined, now)
  const signedIn = (request: FastifyRequest) => {
    if (validSession(cookieValue(request.headers.cookie, SESSION_COOKIE), settings.signInToken, now())) return true
    const token = bearerToken(request.headers.authorization)
    return token !== undefined && sameSecret(token, settings.signInToken)
  }

  app.addHook("onRequest", async (request, reply) => {
    // On the raw response, so the site's files (served hijacked, past Fastify's hooks) carry it too.
    reply.raw.setHeader("X-Robots-Tag", "noindex, nofollow")
    const path = request.url.split("?")[0]
    if (path === SIGN_IN_PATH || path === SIGN_OUT_PATH || signedIn(request)) return
    return sendSignInPage(reply, 401, safeNext(request.method === "GET" ? request.url : "/"))
  })

  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string", bodyLimit: FORM_LIMIT_BYTES }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  )

  app.get(SIGN_IN_PATH, async (request, reply) => sendSignInPage(reply, 200, safeNext((request.query as { next?: string }).next)))

  app.post(SIGN_IN_PATH, async (request, reply) => {
    const form = (request.body ?? {}) as { token?: string; next?: string }
    const next = safeNext(form.next)
    const wait = attempts.waitSeconds(request.ip)
    if (wait > 0) return sendSignInPage(reply.header("Retry-After", String(wait)), 429, next, `Too many wrong tokens from this address: try again in ${wait} s.`)
    if (!form.token || !sameSecret(form.token.trim(), settings.signInToken)) {
      if (form.token) attempts.record(request.ip)
      return sendSignInPage(reply, 401, next, form.token ? "That token is not the preview's sign-in token." : "Enter the preview's sign-in token.")
    }
    const session = newSession(settings.signInToken, now())
    return reply
      .header("Set-Cookie", sessionCookie(session.value, session.maxAgeSeconds, request.protocol === "https"))
      .header("Cache-Control", "no-store")
      .redirect(next, 303)
  })

  app.post(SIGN_OUT_PATH, async (request, reply) =>
    reply.header("Set-Cookie", sessionCookie("", 0, request.protocol === "https")).redirect(SIGN_IN_PATH, 303),
  )

  app.get(BAR_CSS_PATH, async (_request, reply) => reply.header("Cache-Control", "private, max-age=0, must-revalidate").type("text/css; charset=utf-8").send(BAR_CSS))

  const changesOf = previewChangesReader()
  const liveSiteUrl = options.liveSiteUrl.replace(/\/+$/, "")
  serveLiveRelease(app, dataDir, {
    private: true,
    transformHtml: (page, { requestPath, site }) => withBar(page, renderBar(changesOf(site), { ...pageOf(requestPath, site), liveSiteUrl })),
  })
}

/** The preview site on its own port, beside the live one (PUBLISHER_PREVIEW_PORT). */
export async function startPreviewServer(dataDir: string, settings: PreviewLaneSettings, config: PublisherConfig, liveSiteUrl: string): Promise<FastifyInstance> {
  const app = createServer(config.logging, config.trustProxy)
  registerPreviewRoutes(app, { dataDir, settings, liveSiteUrl })
  await app.listen({ host: config.host, port: settings.port })
  return app
}
