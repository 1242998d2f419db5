import path from "node:path"
import type { Actions } from "gatsby"
import { paginate, type PaginationContext } from "../pagination"
import { routes } from "../routes"

type CreatePage = Actions["createPage"]

const template = (name: string) => path.resolve(__dirname, "..", "templates", `${name}.tsx`)

// Contexts carry Gatsby node ids: a template that looks its node up by `id`
// depends on that node alone, so an edit elsewhere does not re-run its query.

export interface IdPageContext {
  id: string
}

export type CategoryPageContext = IdPageContext & PaginationContext

/** `/category/{id}`, then `/category/{id}/2` and on: the subcategory grid, 8 a page. */
export function createCategoryPages(
  createPage: CreatePage,
  categories: readonly { id: string; _id: string; subcategoryIds: readonly string[] }[],
): void {
  for (const category of categories) {
    for (const page of paginate(routes.category(category._id), category.subcategoryIds.length)) {
      createPage<CategoryPageContext>({
        path: page.path,
        component: template("category"),
        context: { id: category.id, ...page.context },
      })
    }
  }
}

/** `/subcategory/{id}` for every subcategory. */
export function createSubcategoryPages(createPage: CreatePage, subcategories: readonly { id: string; _id: string }[]): void {
  for (const { id, _id } of subcategories) {
    createPage<IdPageContext>({ path: routes.subcategory(_id), component: template("subcategory"), context: { id } })
  }
}

/** `/series/{id}` for every series. */
export function createSeriesPages(createPage: CreatePage, series: readonly { id: string; _id: string }[]): void {
  for (const { id, _id } of series) {
    createPage<IdPageContext>({ path: routes.series(_id), component: template("series"), context: { id } })
  }
}

export interface EpisodePageContext {
  id: string
  seriesId: string
  subcategoryId: string
}

/**
 * `/detail/{id}` for every episode. The series and subcategory node ids let
 * the query fetch the series' episodes and the recommended series directly.
 */
export function createEpisodePages(
  createPage: CreatePage,
  episodes: readonly {
    id: string
    _id: string
    series: { readonly id: string } | null
    subcategory: { readonly id: string } | null
  }[],
): void {
  for (const episode of episodes) {
    createPage<EpisodePageContext>({
      path: routes.episode(episode._id),
      component: template("episode"),
      // An empty id matches nothing, which the page shows as "no other episodes".
      context: { id: episode.id, seriesId: episode.series?.id ?? "", subcategoryId: episode.subcategory?.id ?? "" },
    })
  }
}
