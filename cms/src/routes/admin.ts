import type { FastifyInstance } from "fastify"
import { HttpError } from "../../../node-kit/http-error"
import type { CatalogueReads } from "../catalogue-reads"
import type { WriteResult } from "../changes"
import type { CatalogueDatabase } from "../database"
import type { FixedWindowLimiter } from "../rate-limit"
import { listSubscriptions } from "../subscriptions"
import { adminEntityRoutes } from "./admin-entities"
import { adminSiteSettingsRoute } from "./admin-site-settings"
import { adminVideoHostRoutes } from "./admin-video-host"

export function isLoopback(address: string | undefined): boolean {
  if (!address) return false
  return address === "::1" || /^(::ffff:)?127\./.test(address)
}

export interface AdminOptions {
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
 * They answer only on loopback and have no CORS, so no web page can call them.
 */
export async function adminRoutes(app: FastifyInstance, options: AdminOptions) {
  app.addHook("onRequest", async (request) => {
    if (!isLoopback(request.socket.remoteAddress)) throw new HttpError(403, "The admin endpoints answer on loopback only.")
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
