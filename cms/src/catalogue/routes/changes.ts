import type { FastifyInstance, FastifyRequest } from "fastify"
import { readChanges, type ChangesOptions } from "../changes"
import type { CatalogueView } from "./views"

/**
 * `GET /changes?since=` (under /api): the changes feed, of the draft view
 * with preview=1 (the drafts' catalogue keeps its own stamps and
 * tombstones: draft saves, discards and publishes). A `since` it cannot
 * answer for throws ChangesGone, which the error handler answers with 410.
 */
export async function changesRoute(app: FastifyInstance, options: ChangesOptions & { view: (request: FastifyRequest) => CatalogueView }) {
  app.get<{ Querystring: { since?: string | string[] } }>("/changes", async (request) => {
    const { db } = options.view(request)
    // A repeated ?since= arrives as a list; the first one counts.
    const raw = request.query.since
    return { data: readChanges(db, Array.isArray(raw) ? raw[0] : raw, options) }
  })
}
