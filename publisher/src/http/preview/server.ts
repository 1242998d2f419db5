import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify"
import { isAllowedRequest } from "../../../../node-kit/http/allowed-hosts"
import { bearerToken } from "../../../../node-kit/http/bearer-token"
import { errorHandler, HttpError } from "../../../../node-kit/http/http-error"
import { sameSecret } from "../../../../node-kit/security/same-secret"
import type { PreviewLaneSettings, PublisherConfig } from "../../config"
import { createServer } from "../app"
import { ALLOWED_HOSTS_SETTING, FailedAttempts } from "../routes/admin-access"
import { serveLiveRelease } from "../routes/live-site"
import { BAR_CSS, BAR_CSS_PATH, pageOf, previewChangesReader, renderBar, withBar } from "./bar"
import { frameAncestorsHook, framedPageHeaders } from "./framing"
import { HAND_OFF_PATH, handOffRoute } from "./hand-off"
import { cookieValue, previewCookieSecure, safeNext, sessionCookieName, validSession } from "./session"
import { SIGN_IN_PATH, SIGN_OUT_PATH } from "./sign-in-page"
import { sendSignInPage, signInRoutes, tooManyWrongTokens } from "./sign-in-routes"

/**
 * The only requests answered without a session: the sign-in page, its form,
 * signing out and, when the CMS's Preview button is set up, its hand-off.
 * Exact method and path.
 */
function openRequests(handOff: boolean): Set<string> {
  return new Set([`GET ${SIGN_IN_PATH}`, `HEAD ${SIGN_IN_PATH}`, `POST ${SIGN_IN_PATH}`, `POST ${SIGN_OUT_PATH}`, ...(handOff ? [`GET ${HAND_OFF_PATH}`] : [])])
}

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

/**
 * The preview site: the preview lane's live release, to signed-in editors
 * only. Every answer says `X-Robots-Tag: noindex, nofollow` and is private
 * to the browser. Without a session cookie (or the sign-in token as a
 * Bearer header, for tools) every method on every path answers 401 with the
 * sign-in form and nothing of the site, its not-found and error answers
 * included; only the sign-in page, its form, sign-out and the hand-off are
 * open, by exact method and path (openRequests). The port answers only to
 * the allowed names (a rebound page is refused). Wrong tokens, in the form or a Bearer
 * header, are limited per address, as the status page's are; the right one
 * is never refused. With a hand-off secret, the CMS's Preview button signs
 * an editor in (hand-off.ts); with frame ancestors, the CMS admin may frame
 * every answer (framing.ts).
 */
export function registerPreviewRoutes(app: FastifyInstance, options: PreviewServerOptions): void {
  const { dataDir, settings, secureCookie } = options
  const now = options.now ?? Date.now
  const open = openRequests(settings.handOffSecret !== undefined)
  const attempts = new FailedAttempts(undefined, undefined, now)
  const tooMany = (request: FastifyRequest, reply: FastifyReply, next: string) => tooManyWrongTokens(attempts, request, reply, next)
  const cookieName = sessionCookieName(secureCookie)
  const hasSession = (request: FastifyRequest) => validSession(cookieValue(request.headers.cookie, cookieName), settings.signInToken, now())

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
    if (open.has(`${request.method} ${request.url.split("?")[0]}`)) return
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

  signInRoutes(app, { signInToken: settings.signInToken, attempts, secureCookie, now })
  if (settings.handOffSecret) handOffRoute(app, { secret: settings.handOffSecret, signInToken: settings.signInToken, attempts, secureCookie, hasSession, now })

  app.get(BAR_CSS_PATH, async (_request, reply) => reply.header("Cache-Control", "private, max-age=0, must-revalidate").type("text/css; charset=utf-8").send(BAR_CSS))

  const changesOf = previewChangesReader()
  const liveSiteUrl = options.liveSiteUrl.replace(/\/+$/, "")
  const frameAncestors = settings.frameAncestors ?? []
  serveLiveRelease(app, dataDir, {
    private: true,
    refuse: refuseWithoutSession,
    transformHtml: (page, { requestPath, site }) => withBar(page, renderBar(changesOf(site), { ...pageOf(requestPath, site), liveSiteUrl })),
    ...(frameAncestors.length > 0 ? { htmlSecurityHeaders: framedPageHeaders(frameAncestors) } : {}),
  })
  // After serveLiveRelease's hook, which adds X-Frame-Options to the server's own pages.
  if (frameAncestors.length > 0) frameAncestorsHook(app, frameAncestors)
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
