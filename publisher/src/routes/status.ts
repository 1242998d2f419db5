import type { FastifyPluginAsync } from "fastify"
import type { JobStore } from "../job-store"
import { statusReport } from "../status"
import { renderStatusPage, STATUS_PAGE_PATH } from "../status-page"

export const STATUS_PATH = "/status"

/** No script, no outside resource: a hostile line in a build log stays text even if escaping had a hole. */
const STATUS_PAGE_POLICY = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'"

export interface StatusRouteOptions {
  store: JobStore
  dataDir: string
  webhooksOn: boolean
  now: () => number
}

/** GET /status (JSON, for tools) and GET /_publisher/ (the same as a page, for editors); never cached. */
export const statusRoutes: FastifyPluginAsync<StatusRouteOptions> = async (app, { store, dataDir, webhooksOn, now }) => {
  const report = () => statusReport({ store, dataDir, webhooksOn, now: now() })

  app.get(STATUS_PATH, async (_request, reply) => reply.header("Cache-Control", "no-store").send(report()))
  app.get(STATUS_PAGE_PATH, async (_request, reply) =>
    reply
      .header("Cache-Control", "no-store")
      .header("Content-Security-Policy", STATUS_PAGE_POLICY)
      .type("text/html; charset=utf-8")
      .send(renderStatusPage(report())),
  )
  app.get(STATUS_PAGE_PATH.replace(/\/$/, ""), async (_request, reply) => reply.redirect(STATUS_PAGE_PATH))
}
