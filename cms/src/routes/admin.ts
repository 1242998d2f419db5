import type { FastifyInstance, FastifyReply } from "fastify"
import type { CatalogueDatabase } from "../database"
import { CatalogueReads } from "../catalogue-reads"
import { pruneTombstones, SITE_SETTINGS_REF, type WriteResult } from "../changes"
import { createEntity, deleteEntity, updateEntity, type EditableTable } from "../catalogue-writes"
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
  const reads = new CatalogueReads(options.db)

  app.addHook("onRequest", async (request, reply) => {
    if (!isLoopback(request.socket.remoteAddress)) {
      return reply.status(403).send({ message: "The admin endpoints answer on loopback only." })
    }
  })

  type ItemParams = { Params: { collection: string; id: string } }

  /** The entity as the public API serves it (a container with its members). */
  const served = (table: EditableTable, id: number) =>
    ({
      categories: () => reads.category(id),
      sub_categories: () => reads.subcategory(id),
      series: () => reads.series(id),
      episodes: () => reads.episode(id),
      featured_items: () => reads.featuredItems().find((item) => item.id === id),
    })[table]()

  /** Tells the publisher, without ever failing the editor's request over it. */
  const publish = (result: WriteResult) => {
    try {
      options.published?.(result)
    } catch (error) {
      console.error("Queueing the publish webhook failed:", error)
    }
  }

  /** 400 with the message of an edit that cannot be applied; anything else is the server's fault. */
  const refuse = (reply: FastifyReply, error: unknown) => {
    if (error instanceof EditError) return reply.status(400).send({ message: error.message })
    throw error
  }

  app.post<{ Params: { collection: string } }>("/:collection", async (request, reply) => {
    const table = COLLECTIONS[request.params.collection]
    if (!table) return reply.status(404).send({ message: `Nothing to create at ${request.url}.` })
    let created: ReturnType<typeof createEntity>
    try {
      created = createEntity(options.db, table, request.body)
    } catch (error) {
      return refuse(reply, error)
    }
    publish(created.result)
    return reply.status(201).send({ data: served(table, created.id) })
  })

  app.patch<ItemParams>("/:collection/:id", async (request, reply) => {
    const table = COLLECTIONS[request.params.collection]
    const id = parseId(request.params.id)
    if (!table || id === undefined) {
      return reply.status(404).send({ message: `Nothing to edit at ${request.url}.` })
    }
    const body = request.body
    if (typeof body !== "object" || body === null || Array.isArray(body)) {
      return reply.status(400).send({ message: "Send a JSON object of the fields to change." })
    }
    let result: WriteResult | undefined
    try {
      result = updateEntity(options.db, table, id, body as Record<string, unknown>)
    } catch (error) {
      return refuse(reply, error)
    }
    if (!result) return reply.status(404).send({ message: `${request.params.collection} ${id} was not found.` })
    publish(result)
    return { data: served(table, id) }
  })

  app.delete<ItemParams>("/:collection/:id", async (request, reply) => {
    const table = COLLECTIONS[request.params.collection]
    const id = parseId(request.params.id)
    if (!table || id === undefined) {
      return reply.status(404).send({ message: `Nothing to delete at ${request.url}.` })
    }
    const result = deleteEntity(options.db, table, id)
    if (!result) return reply.status(404).send({ message: `${request.params.collection} ${id} was not found.` })
    pruneTombstones(options.db, options.tombstoneDays)
    publish(result)
    return reply.status(204).send()
  })

  // A partial change: the fields sent replace the stored ones, the others stay.
  app.patch("/site-settings", async (request, reply) => {
    let settings: ReturnType<typeof updateSiteSettings>
    try {
      settings = updateSiteSettings(options.db, request.body)
    } catch (error) {
      return refuse(reply, error)
    }
    publish({ changed: [SITE_SETTINGS_REF], deleted: [] })
    return { data: settings }
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
