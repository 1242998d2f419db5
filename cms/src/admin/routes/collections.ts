import type { FastifyRequest } from "fastify"
import { HttpError } from "../../../../node-kit/http/http-error"
import type { CatalogueReads } from "../../catalogue/database/reads"
import type { CatalogueTable } from "../../catalogue/database/tables"

/** URL collection name -> table, matching the public API's paths. */
export const COLLECTIONS: Record<string, CatalogueTable> = {
  categories: "categories",
  "sub-categories": "sub_categories",
  series: "series",
  episodes: "episodes",
  "featured-collections": "featured_items",
}

/** The 404 of a URL that names no collection, or no possible id in one. */
export const nothingAt = (verb: string, request: FastifyRequest) => new HttpError(404, `Nothing to ${verb} at ${request.url}.`)

/** The entity as the public API (or, with the drafts' reads, the draft view) serves it: a container with its members. */
export const servedEntity = (reads: CatalogueReads, table: CatalogueTable, id: number) =>
  ({
    categories: () => reads.category(id),
    sub_categories: () => reads.subcategory(id),
    series: () => reads.series(id),
    episodes: () => reads.episode(id),
    featured_items: () => reads.featuredItems().find((item) => item.id === id),
  })[table]()
