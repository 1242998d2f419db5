import type { FastifyInstance } from "fastify"
import { requireBearerToken } from "../../../../node-kit/http/bearer-token"
import { HttpError } from "../../../../node-kit/http/http-error"
import type { CatalogueReads } from "../../catalogue/database/reads"
import type { WriteResult } from "../../catalogue/changes"
import type { CatalogueDatabase } from "../../catalogue/database/database"
import type { FixedWindowLimiter } from "../../http-hooks/rate-limit"
import { listSubscriptions } from "../../catalogue/subscriptions"
import type { DraftDesk } from "../drafts"
import { adminDraftRoutes } from "./drafts"
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
  /** The editors' drafts: the desk and the drafts' catalogue with its reads; null: the catalogue keeps none. */
  drafts?: AdminDrafts | null
  /** Called after each draft saved, created, deleted or discarded (the `draft` webhook); must not throw or wait. */
  drafted?: (result: WriteResult) => void
}

export interface AdminDrafts {
  desk: DraftDesk
  db: CatalogueDatabase
  reads: CatalogueReads
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
  const tell = (notify: ((result: WriteResult) => void) | undefined, what: string) => (result: WriteResult) => {
    try {
      notify?.(result)
    } catch (error) {
      app.log.error({ err: error }, `Queueing the ${what} webhook failed`)
    }
  }
  const publish = tell(options.published, "publish")

  const { db, reads, limiter, withdrawnVideos, tombstoneDays } = options
  const drafts = options.drafts ?? null
  await app.register(adminEntityRoutes, { db, reads, tombstoneDays, publish, drafts: drafts?.desk })
  await app.register(adminSiteSettingsRoute, { db, publish, drafts: drafts?.desk })
  await app.register(adminDraftRoutes, {
    desk: drafts?.desk ?? null,
    drafts,
    reads,
    live: db,
    publish,
    drafted: tell(options.drafted, "draft"),
  })
  await app.register(adminVideoHostRoutes, { reads, limiter, withdrawnVideos })
  app.get("/subscriptions", async () => ({ data: listSubscriptions(db) }))
}
