import type { FastifyInstance, FastifyRequest } from "fastify"
import type { CatalogueReads } from "../database/reads"
import { ID_PARAMS, notFound, type IdParams } from "./id-params"
import type { CatalogueView } from "./views"

/**
 * The catalogue's entities as docs/reference/catalogue-api.md serves them (under /api), in the
 * view each request asks for (`view`: the published one, or with preview=1 the draft view).
 */
export async function catalogueRoutes(app: FastifyInstance, options: { view: (request: FastifyRequest) => CatalogueView }) {
  const { view } = options

  /** `GET path/:id`: `{ data }` of what `read` finds, or 404 naming the `label` and the id asked for. */
  const detail = <T>(path: string, label: string, read: (reads: CatalogueReads, id: number) => T | undefined) =>
    app.get<IdParams>(path, { schema: { params: ID_PARAMS }, config: { refuse: (request) => notFound(label, (request.params as { id: string }).id) } }, async (request) => {
      const found = read(view(request).reads, Number(request.params.id))
      if (found === undefined) throw notFound(label, request.params.id)
      return { data: found }
    })

  app.get("/categories", async (request) => ({ data: view(request).reads.categories() }))
  detail("/categories/:id", "Category", (reads, id) => reads.category(id))
  // The one bare-array answer of the contract.
  app.get("/categories-states", async (request) => view(request).reads.categoryStatistics())
  app.get("/featured-collections", async (request) => ({ data: view(request).reads.featuredItems() }))
  detail("/sub-categories/:id", "Subcategory", (reads, id) => reads.subcategory(id))
  detail("/series/:id", "Series", (reads, id) => reads.series(id))
  detail("/series/:id/episodes", "Series", (reads, id) => reads.seriesEpisodes(id))
  detail("/episodes/:id", "Episode", (reads, id) => reads.episode(id))
}
