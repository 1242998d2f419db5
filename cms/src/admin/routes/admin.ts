import type { FastifyInstance } from "fastify"
import { requireBearerToken } from "../../../../node-kit/bearer-token"
import { HttpError } from "../../../../node-kit/http-error"
import type { CatalogueReads } from "../../catalogue/reads"
import type { WriteResult } from "../../catalogue/changes"
import type { CatalogueDatabase } from "../../catalogue/database"
import type { FixedWindowLimiter } from "../../plugins/rate-limit"
import { listSubscriptions } from "../../catalogue/subscriptions"
import { adminEntityRoutes } from "./entities"
import { adminSiteSettingsRoute } from "./site-settings"
import { adminVideoHostRoutes } from "../../video-host/routes/controls"

/** What the admin API answers while the server has no CMS_ADMIN_TOKEN. */
export const ADMIN_OFF_MESSAGE =
  "The admin API is off: start the catalogue server with CMS_ADMIN_TOKEN set (at least 16 characters; npm start makes one) and send it as Authorization: Bearer <token>."

export interface AdminOptions {
  /** The bearer token every request must carry; null: every request answers 403 (the API is off, never open). */
  token: string | null
  db: CatalogueDatabase
  reads: CatalogueReads
  limiter: FixedWindowLimiter
  withdrawnVideos: Set<string>
  /** Days tombstones are kept; each deletion prunes older ones. */
  tombstoneDays: number
  /** Called after each successful write with what it did (the publish webhook); must not throw or wait. */
  published?: (result: WriteResult) => void
}

/**
 * Editing endpoints for content editors and tests, mounted under /admin.
 * Every request carries the admin token (a loopback address proves nothing
 * behind a proxy on the same host); there is no CORS, so no web page can
 * read an answer, and the server's Host check turns away DNS rebinding.
 */
export async function adminRoutes(app: FastifyInstance, options: AdminOptions) {
  const { token } = options
  // On arrival, before the body is read: a request without the token learns nothing and changes nothing.
  app.addHook("onRequest", async (request) => {
    if (token === null) throw new HttpError(403, ADMIN_OFF_MESSAGE)
    requireBearerToken(request.headers.authorization, token, "CMS_ADMIN_TOKEN")
  })

  /** Tells the publisher, without ever failing the editor's request over it. */
  const publish = (result: WriteResult) => {
    try {
      options.published?.(result)
    } catch (error) {
      app.log.error({ err: error }, "Queueing the publish webhook failed")
    }
  }

  const { db, reads, limiter, withdrawnVideos, tombstoneDays } = options
  await app.register(adminEntityRoutes, { db, reads, tombstoneDays, publish })
  await app.register(adminSiteSettingsRoute, { db, publish })
  await app.register(adminVideoHostRoutes, { reads, limiter, withdrawnVideos })
  app.get("/subscriptions", async () => ({ data: listSubscriptions(db) }))
}
