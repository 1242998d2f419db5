import type { FastifyInstance } from "fastify"
import { readChanges, type ChangesOptions } from "../changes"
import type { CatalogueDatabase } from "../database"

/**
 * `GET /changes?since=` (under /api): the changes feed. A `since` it cannot
 * answer for throws ChangesGone, which the error handler answers with 410.
 */
export async function changesRoute(app: FastifyInstance, options: ChangesOptions & { db: CatalogueDatabase }) {
  app.get<{ Querystring: { since?: string | string[] } }>("/changes", async (request) => {
    // A repeated ?since= arrives as a list; the first one counts.
    const raw = request.query.since
    return { data: readChanges(options.db, Array.isArray(raw) ? raw[0] : raw, options) }
  })
}
