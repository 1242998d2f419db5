import type { AddressInfo } from "node:net"
import type { FastifyPluginAsync, FastifyRequest } from "fastify"
import { HttpError } from "../../../node-kit/http-error"
import type { JobStore } from "../job-store"
import { statusReport } from "../status"
import { renderStatusPage, STATUS_PAGE_PATH } from "../status-page"
import { carriesToken, isLoopbackAddress } from "./admin-access"

export const STATUS_PATH = "/status"

/** No script, no outside resource: a hostile line in a build log stays text even if escaping had a hole. */
const STATUS_PAGE_POLICY = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'"

export interface StatusRouteOptions {
  store: JobStore
  dataDir: string
  webhooksOn: boolean
  /** PUBLISHER_ADMIN_TOKEN: asked for when the publisher listens beyond loopback. */
  adminToken: string | undefined
  /** Whether to ask for the token; default: when the server listens on an address other than loopback. */
  tokenRequired?: boolean
  now: () => number
}

/**
 * GET /status (JSON, for tools) and GET /_publisher/ (the same as a page, for
 * editors); never cached. They name every job, its failure and build log, so
 * on a publisher reachable from elsewhere they answer only with
 * PUBLISHER_ADMIN_TOKEN (Bearer, or a browser's Basic password); on loopback
 * they stay open, as the one machine's user already reads the data folder.
 */
export const statusRoutes: FastifyPluginAsync<StatusRouteOptions> = async (app, options) => {
  const { store, dataDir, webhooksOn, adminToken, now } = options
  const report = () => statusReport({ store, dataDir, webhooksOn, now: now() })
  const tokenRequired = () => options.tokenRequired ?? !isLoopbackAddress((app.server.address() as AddressInfo | null)?.address ?? "")

  // Checked on arrival, before anything is read: a stranger learns nothing but that a token is asked for.
  const guard = (challenge: "Bearer" | "Basic") => async (request: FastifyRequest) => {
    if (!tokenRequired()) return
    if (!adminToken) {
      throw new HttpError(403, "The status is off: the publisher listens beyond loopback and has no PUBLISHER_ADMIN_TOKEN to ask for.")
    }
    if (!carriesToken(request, adminToken)) {
      throw new HttpError(401, "The status needs Authorization: Bearer <PUBLISHER_ADMIN_TOKEN>.", {
        headers: { "WWW-Authenticate": challenge === "Basic" ? 'Basic realm="publisher status", charset="UTF-8"' : "Bearer" },
      })
    }
  }

  app.get(STATUS_PATH, { onRequest: guard("Bearer") }, async (_request, reply) => reply.header("Cache-Control", "no-store").send(report()))
  app.get(STATUS_PAGE_PATH, { onRequest: guard("Basic") }, async (_request, reply) =>
    reply
      .header("Cache-Control", "no-store")
      .header("Content-Security-Policy", STATUS_PAGE_POLICY)
      .type("text/html; charset=utf-8")
      .send(renderStatusPage(report())),
  )
  app.get(STATUS_PAGE_PATH.replace(/\/$/, ""), async (_request, reply) => reply.redirect(STATUS_PAGE_PATH))
}
