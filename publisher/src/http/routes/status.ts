import type { AddressInfo } from "node:net"
import type { FastifyPluginAsync, FastifyRequest } from "fastify"
import { HttpError } from "../../../../node-kit/http/http-error"
import { hashSource } from "../../../../node-kit/security/inline-code"
import type { CdnPurgeQueue } from "../../cdn/purge-queue"
import type { LaneRecords } from "../../jobs/store/lane-records"
import { statusReport } from "../status"
import { renderStatusPage, STATUS_PAGE_PATH } from "../status-page"
import { isLoopbackAddress, refuseOtherAdminHosts, requireAdminToken, type AdminAccess } from "./admin-access"
import type { WebhookRefusals } from "../webhook-refusals"

export const STATUS_PATH = "/status"

/**
 * No script, no outside resource, no frame around it, and its one style
 * sheet by hash: a hostile line in a build log stays text even if escaping
 * had a hole. Sent as is: the site's hook (live-site.ts) adds its other
 * headers but keeps this policy.
 */
export function statusPagePolicy(page: string): string {
  // The page is ours (status-page.ts): its style elements carry no attributes, so a plain match finds each one's text.
  const styles = [...page.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => hashSource(match[1]!)).join(" ") || "'none'"
  return `default-src 'none'; style-src ${styles}; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`
}

export interface StatusRouteOptions {
  records: LaneRecords
  dataDir: string
  /** The preview lane's records and folder: reported as `preview`. */
  preview?: { records: LaneRecords; dataDir: string }
  webhooksOn: boolean
  /** The webhook route's refusal counts, reported as `webhookRefusals`. */
  refusals?: WebhookRefusals
  /** The CDN purges, reported as `cdn`. */
  purges?: CdnPurgeQueue
  access: AdminAccess
  /**
   * PUBLISHER_STATUS_OPEN_ON_LOOPBACK: answer without the token while the
   * server listens on loopback only (development, `npm start`).
   */
  openOnLoopback: boolean
  now: () => number
}

/** A request a proxy passed on: the server's loopback address no longer says the asker sits at this machine. */
function forwarded(request: FastifyRequest): boolean {
  return ["forwarded", "x-forwarded-for", "x-forwarded-host", "x-real-ip"].some((name) => request.headers[name] !== undefined)
}

/**
 * GET /status (JSON, for tools) and GET /_publisher/ (the same as a page, for
 * editors); never cached. They name every job, its failure and build log, so
 * they answer only with PUBLISHER_ADMIN_TOKEN (Bearer, or a browser's Basic
 * password), on every address: behind a reverse proxy every request comes
 * from loopback. The one exception is the development opt-in; even then, a
 * request a proxy forwarded needs the token.
 */
export const statusRoutes: FastifyPluginAsync<StatusRouteOptions> = async (app, options) => {
  const { records, dataDir, preview, webhooksOn, refusals, purges, access, openOnLoopback, now } = options
  const report = () => {
    const at = now()
    const live = statusReport({ records, dataDir, webhooksOn, refusals, cdn: purges?.status(), now: at })
    return preview ? { ...live, preview: statusReport({ records: preview.records, dataDir: preview.dataDir, webhooksOn, now: at, recent: 10 }) } : live
  }
  const listensOnLoopback = () => isLoopbackAddress((app.server.address() as AddressInfo | null)?.address ?? "")
  refuseOtherAdminHosts(app, access.allowedHosts)

  // Checked on arrival, before anything is read: a stranger learns nothing but that a token is asked for.
  const guard = (challenge: "Bearer" | "Basic") => async (request: FastifyRequest) => {
    if (openOnLoopback && listensOnLoopback() && !forwarded(request)) return
    if (!access.adminToken) {
      throw new HttpError(
        403,
        "The status is off: set PUBLISHER_ADMIN_TOKEN (make one with `openssl rand -hex 32`) and send it as Authorization: Bearer <token>. " +
          "On a developer's machine only, PUBLISHER_STATUS_OPEN_ON_LOOPBACK=on opens it on loopback without one.",
      )
    }
    requireAdminToken(request, access, { what: "The status", acceptBasic: true, challenge })
  }

  app.get(STATUS_PATH, { onRequest: guard("Bearer") }, async (_request, reply) => reply.header("Cache-Control", "no-store").send(report()))
  app.get(STATUS_PAGE_PATH, { onRequest: guard("Basic") }, async (_request, reply) => {
    const page = renderStatusPage(report())
    return reply.header("Cache-Control", "no-store").header("Content-Security-Policy", statusPagePolicy(page)).type("text/html; charset=utf-8").send(page)
  })
  app.get(STATUS_PAGE_PATH.replace(/\/$/, ""), async (_request, reply) => reply.redirect(STATUS_PAGE_PATH))
}
