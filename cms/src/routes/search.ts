import type { FastifyInstance } from "fastify"
import type { CatalogueDatabase } from "../database"
import { searchSeries } from "../search"

/** `GET /search?q=` (under /api): series matching every word, grouped by category. */
export async function searchRoute(app: FastifyInstance, options: { db: CatalogueDatabase }) {
  app.get<{ Querystring: { q?: string | string[] } }>("/search", async (request) => {
    // A repeated ?q= arrives as a list; the first one is what a form sends.
    const raw = request.query.q
    const text = Array.isArray(raw) ? (raw[0] ?? "") : (raw ?? "")
    return { data: searchSeries(options.db, text) }
  })
}
