import type { FastifyInstance } from "fastify"
import type { CatalogueDatabase } from "../database"
import { CatalogueReads } from "../catalogue-reads"
import { updateEntity, type EditableTable } from "../catalogue-writes"
import { EditError } from "../edits"
import { parseId } from "../ids"
import type { FixedWindowLimiter } from "../rate-limit"
import { updateSiteSettings } from "../site-settings"
import { listSubscriptions } from "../subscriptions"

/** URL collection name -> table, matching the public API's paths. */
const COLLECTIONS: Record<string, EditableTable> = {
  categories: "categories",
  "sub-categories": "sub_categories",
  series: "series",
  episodes: "episodes",
  "featured-collections": "featured_items",
}

export function isLoopback(address: string | undefined): boolean {
  if (!address) return false
  return address === "::1" || /^(::ffff:)?127\./.test(address)
}

export interface AdminOptions {
  db: CatalogueDatabase
  limiter: FixedWindowLimiter
  withdrawnVideos: Set<string>
}

/**
 * Editing endpoints for content editors and tests, mounted under /admin.
 * They answer only on loopback and have no CORS, so no web page can call them.
 */
export async function adminRoutes(app: FastifyInstance, options: AdminOptions) {
  const reads = new CatalogueReads(options.db)

  app.addHook("onRequest", async (request, reply) => {
    if (!isLoopback(request.socket.remoteAddress)) {
      return reply.status(403).send({ message: "The admin endpoints answer on loopback only." })
    }
  })

  app.patch<{ Params: { collection: string; id: string } }>("/:collection/:id", async (request, reply) => {
    const table = COLLECTIONS[request.params.collection]
    const id = parseId(request.params.id)
    if (!table || id === undefined) {
      return reply.status(404).send({ message: `Nothing to edit at ${request.url}.` })
    }
    const body = request.body
    if (typeof body !== "object" || body === null || Array.isArray(body)) {
      return reply.status(400).send({ message: "Send a JSON object of the fields to change." })
    }
    try {
      if (!updateEntity(options.db, table, id, body as Record<string, unknown>)) {
        return reply.status(404).send({ message: `${request.params.collection} ${id} was not found.` })
      }
    } catch (error) {
      if (error instanceof EditError) return reply.status(400).send({ message: error.message })
      throw error
    }
    const updated = {
      categories: () => reads.category(id),
      sub_categories: () => reads.subcategory(id),
      series: () => reads.series(id),
      episodes: () => reads.episode(id),
      featured_items: () => reads.featuredItems().find((item) => item.id === id),
    }[table]()
    return { data: updated }
  })

  // A partial change: the fields sent replace the stored ones, the others stay.
  app.patch("/site-settings", async (request, reply) => {
    try {
      return { data: updateSiteSettings(options.db, request.body) }
    } catch (error) {
      if (error instanceof EditError) return reply.status(400).send({ message: error.message })
      throw error
    }
  })

  app.get("/subscriptions", async () => ({ data: listSubscriptions(options.db) }))

  // Takes a video off the host until the server restarts, as when it is deleted
  // there while the catalogue still names it: lookups and its player answer 404.
  app.delete<{ Params: { path: string } }>("/video-host/videos/:path", async (request, reply) => {
    const { path } = request.params
    if (!reads.episodeByPath(path)) return reply.status(404).send({ message: `No episode has the video ${JSON.stringify(path)}.` })
    options.withdrawnVideos.add(path)
    return { data: { path, withdrawn: true } }
  })

  app.put("/video-host/rate-limit", async (request, reply) => {
    const body = (request.body ?? {}) as { limit?: unknown; window_seconds?: unknown }
    if (body.limit === null) {
      options.limiter.setting = null
      return { data: null }
    }
    const windowSeconds = body.window_seconds ?? 1
    if (!Number.isSafeInteger(body.limit) || (body.limit as number) < 0 || !Number.isSafeInteger(windowSeconds) || (windowSeconds as number) < 1) {
      return reply.status(400).send({
        message: "Send {limit: whole number >= 0, window_seconds: whole number >= 1}, or {limit: null} to turn it off.",
      })
    }
    options.limiter.setting = { limit: body.limit as number, windowSeconds: windowSeconds as number }
    return { data: options.limiter.setting }
  })
}
