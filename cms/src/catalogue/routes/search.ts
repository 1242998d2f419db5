import type { FastifyInstance } from "fastify"
import type { CatalogueDatabase } from "../database/database"
import { searchSeries } from "../search"

/**
 * The most series one search answers, over all its groups: the best matches
 * first. The site lists them on one page, and a visitor who sees 50 refines
 * the words rather than reads on.
 */
export const SEARCH_RESULT_LIMIT = 50

/** `GET /search?q=` (under /api): series matching every word, grouped by category, at most SEARCH_RESULT_LIMIT. */
export async function searchRoute(app: FastifyInstance, options: { db: CatalogueDatabase }) {
  app.get<{ Querystring: { q?: string | string[] } }>("/search", async (request) => {
    // A repeated ?q= arrives as a list; the first one is what a form sends.
    const raw = request.query.q
    const text = Array.isArray(raw) ? (raw[0] ?? "") : (raw ?? "")
    return { data: searchSeries(options.db, text, SEARCH_RESULT_LIMIT) }
  })
}
