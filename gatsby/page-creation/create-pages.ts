import path from "node:path"
import type { Actions } from "gatsby"
import type { CategoryPageContext, EpisodePageContext, IdPageContext } from "../../src/page-context"
import { paginate } from "../../src/pagination"
import { routes, withTrailingSlash } from "../../src/routes"
import type { CatalogueSeo } from "../seo/catalogue-page-seo"
import type { PageHead } from "../../src/seo/page-head"

type CreatePage = Actions["createPage"]

/**
 * A page's head, decided from its path (with the site's trailing slash) and
 * page number; the SEO module knows the entity behind it.
 */
export type HeadFor = (entityId: string, pagePath: string, pageNumber: number) => PageHead

const template = (name: string) => path.resolve(__dirname, "..", "..", "src", "templates", `${name}.tsx`)

/** `/category/{id}`, then `/category/{id}/2` and on: the subcategory grid, 8 a page. */
export function createCategoryPages(
  createPage: CreatePage,
  categories: readonly { id: string; _id: string; subcategoryIds: readonly string[] }[],
  headFor: HeadFor,
): void {
  for (const category of categories) {
    for (const page of paginate(routes.category(category._id), category.subcategoryIds.length)) {
      createPage<CategoryPageContext>({
        path: page.path,
        component: template("category"),
        context: { id: category.id, ...page.context, seo: headFor(category._id, withTrailingSlash(page.path), page.context.currentPage) },
      })
    }
  }
}

/** `/subcategory/{id}` for every subcategory. */
export function createSubcategoryPages(createPage: CreatePage, subcategories: readonly { id: string; _id: string }[], headFor: HeadFor): void {
  for (const { id, _id } of subcategories) {
    const path = routes.subcategory(_id)
    createPage<IdPageContext>({ path, component: template("subcategory"), context: { id, seo: headFor(_id, withTrailingSlash(path), 1) } })
  }
}

/** `/series/{id}` for every series. */
export function createSeriesPages(createPage: CreatePage, series: readonly { id: string; _id: string }[], headFor: HeadFor): void {
  for (const { id, _id } of series) {
    const path = routes.series(_id)
    createPage<IdPageContext>({ path, component: template("series"), context: { id, seo: headFor(_id, withTrailingSlash(path), 1) } })
  }
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
  headFor: HeadFor,
): void {
  for (const episode of episodes) {
    const path = routes.episode(episode._id)
    createPage<EpisodePageContext>({
      path,
      component: template("episode"),
      // An empty id matches nothing, which the page shows as "no other episodes".
      context: {
        id: episode.id,
        seriesId: episode.series?.id ?? "",
        subcategoryId: episode.subcategory?.id ?? "",
        seo: headFor(episode._id, withTrailingSlash(path), 1),
      },
    })
  }
}

/** Every catalogue page of the page query (page-query.ts), each with the head `seo` decides for it. */
export function createCataloguePages(createPage: CreatePage, data: Queries.CreatePagesQuery, seo: CatalogueSeo): void {
  createCategoryPages(createPage, data.allCatalogueCategory.nodes, seo.category)
  createSubcategoryPages(createPage, data.allCatalogueSubcategory.nodes, seo.subcategory)
  createSeriesPages(createPage, data.allCatalogueSeries.nodes, seo.series)
  createEpisodePages(createPage, data.allCatalogueEpisode.nodes, seo.episode)
}
