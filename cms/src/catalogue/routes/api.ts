import cors, { type FastifyCorsOptions } from "@fastify/cors"
import type { FastifyInstance } from "fastify"
import type { CatalogueReads } from "../database/reads"
import type { ChangesOptions } from "../changes"
import type { CatalogueDatabase } from "../database/database"
import type { RateLimitSetting } from "../../http-hooks/rate-limit"
import { catalogueRoutes } from "./catalogue"
import { changesRoute } from "./changes"
import { searchRoute } from "./search"
import { siteSettingsRoute } from "./site-settings"
import { subscribeRoute } from "./subscribe"
import { asksForPreview, viewChooser, type DraftViewOptions } from "./views"

export interface ApiOptions {
  db: CatalogueDatabase
  reads: CatalogueReads
  /** The draft view of preview=1; null or unset: the catalogue keeps no drafts, and preview=1 answers 401. */
  drafts?: DraftViewOptions | null
  /** false: GET /site-settings answers 404 whatever is stored, as a backend without them does. */
  siteSettings?: boolean
  /** The changes feed's settings; false: GET /changes answers 404, as a backend without it does. */
  changes?: ChangesOptions | false
  /** POST /subscribe's limit per client address; null: none. */
  subscribeRateLimit: RateLimitSetting | null
  /** The site origins whose pages may POST /subscribe. */
  subscribeOrigins: readonly string[]
}

/** The read endpoints are the public catalogue and send no credentials: any page may read them. */
const READ_CORS: FastifyCorsOptions = { origin: "*", methods: ["GET"], maxAge: 600 }

/** The public catalogue API of docs/reference/catalogue-api.md, mounted under /api. */
export async function apiRoutes(app: FastifyInstance, options: ApiOptions) {
  // Visitors' browsers call /search and /subscribe from the site's origin. Sign-ups are taken from the
  // site's own pages only: another page gets no CORS answer, so its browser neither sends the JSON
  // (the preflight fails) nor shows it ours. Chosen per request, as the preflight (OPTIONS) is one
  // route for every path and carries none of the POST route's own settings.
  const subscribePath = `${app.prefix}/subscribe`
  const subscribeCors: FastifyCorsOptions = { origin: [...options.subscribeOrigins], methods: ["POST"], allowedHeaders: ["Content-Type"], maxAge: 600 }
  await app.register(cors, {
    delegator: (request, callback) => callback(null, request.url.split("?")[0] === subscribePath ? subscribeCors : READ_CORS),
  })
  // Search and subscribe are never previewed (catalogue-api.md): they read and write the published catalogue alone.
  const view = viewChooser({ db: options.db, reads: options.reads, draft: false }, options.drafts ?? null)
  app.addHook("onSend", async (request, reply) => {
    if (asksForPreview(request)) reply.header("Cache-Control", "private, no-store")
  })
  await app.register(catalogueRoutes, { view })
  await app.register(siteSettingsRoute, { db: options.db, view, enabled: options.siteSettings !== false })
  if (options.changes) await app.register(changesRoute, { view, ...options.changes })
  await app.register(searchRoute, { db: options.db })
  await app.register(subscribeRoute, { db: options.db, rateLimit: options.subscribeRateLimit, siteOrigins: options.subscribeOrigins })
}
