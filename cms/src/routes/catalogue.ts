import type { FastifyInstance, FastifyReply } from "fastify"
import cors from "@fastify/cors"
import type { CatalogueDatabase } from "../database"
import { CatalogueReads } from "../catalogue-reads"
import { parseId } from "../ids"
import { searchSeries } from "../search"
import { subscribeRoute } from "./subscribe"

type IdParams = { Params: { id: string } }

function notFound(reply: FastifyReply, what: string, id: string) {
  return reply.status(404).send({ message: `${what} ${JSON.stringify(id)} was not found.` })
}

/** The public catalogue API of shared/API.md, mounted under /api. */
export async function catalogueRoutes(app: FastifyInstance, options: { db: CatalogueDatabase }) {
  const reads = new CatalogueReads(options.db)

  // Visitors' browsers call /search and /subscribe from the site's origin;
  // the API is public and sends no credentials, so any origin may read it.
  await app.register(cors, {
    origin: "*",
    methods: ["GET", "POST", "OPTIONS"],
    allowedHeaders: ["Content-Type"],
    maxAge: 600,
  })

  app.get("/categories", async () => ({ data: reads.categories() }))

  app.get<IdParams>("/categories/:id", async (request, reply) => {
    const id = parseId(request.params.id)
    const category = id === undefined ? undefined : reads.category(id)
    return category ? { data: category } : notFound(reply, "Category", request.params.id)
  })

  // The one bare-array answer of the contract.
  app.get("/categories-states", async () => reads.categoryStatistics())

  app.get("/featured-collections", async () => ({ data: reads.featuredItems() }))

  app.get<IdParams>("/sub-categories/:id", async (request, reply) => {
    const id = parseId(request.params.id)
    const subcategory = id === undefined ? undefined : reads.subcategory(id)
    return subcategory ? { data: subcategory } : notFound(reply, "Subcategory", request.params.id)
  })

  app.get<IdParams>("/series/:id", async (request, reply) => {
    const id = parseId(request.params.id)
    const series = id === undefined ? undefined : reads.series(id)
    return series ? { data: series } : notFound(reply, "Series", request.params.id)
  })

  app.get<IdParams>("/series/:id/episodes", async (request, reply) => {
    const id = parseId(request.params.id)
    const episodes = id === undefined ? undefined : reads.seriesEpisodes(id)
    return episodes ? { data: episodes } : notFound(reply, "Series", request.params.id)
  })

  app.get<IdParams>("/episodes/:id", async (request, reply) => {
    const id = parseId(request.params.id)
    const episode = id === undefined ? undefined : reads.episode(id)
    return episode ? { data: episode } : notFound(reply, "Episode", request.params.id)
  })

  app.get<{ Querystring: { q?: string | string[] } }>("/search", async (request) => {
    // A repeated ?q= arrives as a list; the first one is what a form sends.
    const raw = request.query.q
    const text = Array.isArray(raw) ? (raw[0] ?? "") : (raw ?? "")
    return { data: searchSeries(options.db, text) }
  })

  await app.register(subscribeRoute, { db: options.db })
}
