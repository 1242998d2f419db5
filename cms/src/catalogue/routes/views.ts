import type { FastifyRequest } from "fastify"
import { requireBearerToken } from "../../../../node-kit/http/bearer-token"
import { HttpError } from "../../../../node-kit/http/http-error"
import type { CatalogueDatabase } from "../database/database"
import type { CatalogueReads } from "../database/reads"

/** One view of the catalogue: the published one, or the drafts' (catalogue-api.md, "Drafts and preview"). */
export interface CatalogueView {
  db: CatalogueDatabase
  reads: CatalogueReads
  draft: boolean
}

/** The draft view's catalogue and the token it takes (CATALOGUE_PREVIEW_TOKEN; null: the draft view is off). */
export interface DraftViewOptions {
  db: CatalogueDatabase
  reads: CatalogueReads
  token: string | null
}

/** What `?preview=1` gets from a catalogue that keeps no drafts (CMS_DRAFTS=off): a refusal the preview lane can tell apart. */
export const NO_DRAFT_VIEW_MESSAGE = "This catalogue keeps no drafts: there is no draft view, only the published one (ask without preview=1)."

/** The request asks for the draft view: `preview=1` (one of them, if repeated). */
export const asksForPreview = (request: FastifyRequest): boolean => [(request.query as Record<string, unknown> | undefined)?.preview].flat().includes("1")

/**
 * The view a request asks for. Without `preview=1` the published one,
 * whatever the headers; with it the draft view, for a request carrying the
 * preview token (401 otherwise, and 401 from a catalogue without drafts, so
 * the preview lane knows it shows the published view). Such answers are
 * the asker's alone: `Cache-Control: private, no-store`.
 */
export function viewChooser(published: CatalogueView, drafts: DraftViewOptions | null): (request: FastifyRequest) => CatalogueView {
  const draftView: CatalogueView | null = drafts && { db: drafts.db, reads: drafts.reads, draft: true }
  return (request) => {
    if (!asksForPreview(request)) return published
    if (!drafts || !draftView) throw new HttpError(401, NO_DRAFT_VIEW_MESSAGE)
    if (drafts.token === null) throw new HttpError(401, "The draft view is off: start the catalogue server with CATALOGUE_PREVIEW_TOKEN set.")
    requireBearerToken(request.headers.authorization, drafts.token, "CATALOGUE_PREVIEW_TOKEN", "preview token")
    return draftView
  }
}
