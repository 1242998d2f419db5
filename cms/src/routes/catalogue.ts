import type { FastifyInstance, FastifyReply } from "fastify"
import cors from "@fastify/cors"
import type { CatalogueDatabase } from "../database"
import { CatalogueReads } from "../catalogue-reads"
import { ChangesGone, readChanges, type ChangesOptions } from "../changes"
import { parseId } from "../ids"
import { searchSeries } from "../search"
import { readSiteSettings } from "../site-settings"
import { subscribeRoute } from "./subscribe"

type IdParams = { Params: { id: string } }

function notFound(reply: FastifyReply, what: string, id: string) {
  return reply.status(404).send({ message: `${what} ${JSON.stringify(id)} was not found.` })
}

export interface CatalogueOptions {
  db: CatalogueDatabase
  /** false: GET /site-settings answers 404 whatever is stored, as a backend without them does. */
  siteSettings?: boolean
  /** The changes feed's settings; false: GET /changes answers 404, as a backend without it does. */
  changes?: ChangesOptions | false
}

/** The public catalogue API of shared/API.md, mounted under /api. */
export async function catalogueRoutes(app: FastifyInstance, options: CatalogueOptions) {
  const reads = new CatalogueReads(options.db)

  // Visitors' browsers call /search and /subscribe from the site's origin;
  // the API is public and sends no credentials, so any origin may read it.
  await app.register(cors, {
    origin: "*",
    methods: ["GET", "POST", "OPTIONS"],
    allowedHeaders: ["Content-Type"],
    maxAge: 600,
  })

  /** `GET path/:id`: `{ data }` of what `read` finds, or 404 naming the `label` and the id asked for. */
  const detail = <T>(path: string, label: string, read: (id: number) => T | undefined) =>
    app.get<IdParams>(path, async (request, reply) => {
      const id = parseId(request.params.id)
      const found = id === undefined ? undefined : read(id)
      return found ? { data: found } : notFound(reply, label, request.params.id)
    })

  app.get("/categories", async () => ({ data: reads.categories() }))

  detail("/categories/:id", "Category", (id) => reads.category(id))

  // The one bare-array answer of the contract.
  app.get("/categories-states", async () => reads.categoryStatistics())

  app.get("/featured-collections", async () => ({ data: reads.featuredItems() }))

  detail("/sub-categories/:id", "Subcategory", (id) => reads.subcategory(id))
  detail("/series/:id", "Series", (id) => reads.series(id))
  detail("/series/:id/episodes", "Series", (id) => reads.seriesEpisodes(id))
  detail("/episodes/:id", "Episode", (id) => reads.episode(id))

  app.get("/site-settings", async (_request, reply) => {
    const settings = options.siteSettings === false ? undefined : readSiteSettings(options.db)
    return settings ? { data: settings } : reply.status(404).send({ message: "This catalogue has no site settings." })
  })

  const changes = options.changes
  if (changes) {
    app.get<{ Querystring: { since?: string | string[] } }>("/changes", async (request, reply) => {
      const raw = request.query.since
      try {
        return { data: readChanges(options.db, Array.isArray(raw) ? raw[0] : raw, changes) }
      } catch (error) {
        if (error instanceof ChangesGone) return reply.status(410).send({ message: error.message })
        throw error
      }
    })
  }

  app.get<{ Querystring: { q?: string | string[] } }>("/search", async (request) => {
    // A repeated ?q= arrives as a list; the first one is what a form sends.
    const raw = request.query.q
    const text = Array.isArray(raw) ? (raw[0] ?? "") : (raw ?? "")
    return { data: searchSeries(options.db, text) }
  })

  await app.register(subscribeRoute, { db: options.db })
}
