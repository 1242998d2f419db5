import type { FastifyInstance } from "fastify"
import type { CatalogueReads } from "../reads"
import { ID_PARAMS, notFound, type IdParams } from "./id-params"

/** The catalogue's entities as docs/reference/catalogue-api.md serves them (under /api). */
export async function catalogueRoutes(app: FastifyInstance, options: { reads: CatalogueReads }) {
  const { reads } = options

  /** `GET path/:id`: `{ data }` of what `read` finds, or 404 naming the `label` and the id asked for. */
  const detail = <T>(path: string, label: string, read: (id: number) => T | undefined) =>
    app.get<IdParams>(
      path,
      { schema: { params: ID_PARAMS }, config: { refuse: (request) => notFound(label, (request.params as { id: string }).id) } },
      async (request) => {
        const found = read(Number(request.params.id))
        if (found === undefined) throw notFound(label, request.params.id)
        return { data: found }
      },
    )

  app.get("/categories", async () => ({ data: reads.categories() }))
  detail("/categories/:id", "Category", (id) => reads.category(id))
  // The one bare-array answer of the contract.
  app.get("/categories-states", async () => reads.categoryStatistics())
  app.get("/featured-collections", async () => ({ data: reads.featuredItems() }))
  detail("/sub-categories/:id", "Subcategory", (id) => reads.subcategory(id))
  detail("/series/:id", "Series", (id) => reads.series(id))
  detail("/series/:id/episodes", "Series", (id) => reads.seriesEpisodes(id))
  detail("/episodes/:id", "Episode", (id) => reads.episode(id))
}
