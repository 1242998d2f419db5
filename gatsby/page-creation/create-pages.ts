import path from "node:path"
import type { Page } from "gatsby"
import type { CategoryPageContext, EpisodePageContext, IdPageContext } from "../../src/page-context"
import { paginate } from "../../src/components/pagination/pages"
import { routes, withTrailingSlash } from "../../src/routes"
import type { CatalogueSeo } from "../seo/catalogue-page-seo"
import type { PageHead } from "../../src/seo/page-head"
import { SUBSCRIBE_OUTCOME_TEXTS } from "../../src/texts/subscribe-outcome"
import { subscribeOutcomePath, type SubscribeFormOutcome } from "../../contract/subscribe-form"

/**
 * A page's head, decided from its path (with the site's trailing slash) and
 * page number; the SEO module knows the entity behind it.
 */
export type HeadFor = (entityId: string, pagePath: string, pageNumber: number) => PageHead

/** A page to create, and the head decided for it: the head goes to its own node, not into the context. */
export interface PlannedPage<Context extends object = object> {
  page: Page<Context>
  head: PageHead
}

const template = (name: string) => path.resolve(__dirname, "..", "..", "src", "templates", `${name}.tsx`)

/** `/category/{id}`, then `/category/{id}/2` and on: the subcategory grid, 8 a page. */
export function categoryPages(categories: readonly { id: string; _id: string; subcategoryIds: readonly string[] }[], headFor: HeadFor): PlannedPage<CategoryPageContext>[] {
  return categories.flatMap((category) =>
    paginate(routes.category(category._id), category.subcategoryIds.length).map((page) => ({
      page: { path: page.path, component: template("category"), context: { id: category.id, ...page.context } },
      head: headFor(category._id, withTrailingSlash(page.path), page.context.currentPage),
    })),
  )
}

/** `/subcategory/{id}` for every subcategory. */
export function subcategoryPages(subcategories: readonly { id: string; _id: string }[], headFor: HeadFor): PlannedPage<IdPageContext>[] {
  return subcategories.map(({ id, _id }) => {
    const path = routes.subcategory(_id)
    return { page: { path, component: template("subcategory"), context: { id } }, head: headFor(_id, withTrailingSlash(path), 1) }
  })
}

/** `/series/{id}` for every series. */
export function seriesPages(series: readonly { id: string; _id: string }[], headFor: HeadFor): PlannedPage<IdPageContext>[] {
  return series.map(({ id, _id }) => {
    const path = routes.series(_id)
    return { page: { path, component: template("series"), context: { id } }, head: headFor(_id, withTrailingSlash(path), 1) }
  })
}

/**
 * `/detail/{id}` for every episode. The series and subcategory node ids let
 * the query fetch the series' episodes and the recommended series directly.
 */
export function episodePages(
  episodes: readonly {
    id: string
    _id: string
    series: { readonly id: string } | null
    subcategory: { readonly id: string } | null
  }[],
  headFor: HeadFor,
): PlannedPage<EpisodePageContext>[] {
  return episodes.map((episode) => {
    const path = routes.episode(episode._id)
    return {
      page: {
        path,
        component: template("episode"),
        // An empty id matches nothing, which the page shows as "no other episodes".
        context: { id: episode.id, seriesId: episode.series?.id ?? "", subcategoryId: episode.subcategory?.id ?? "" },
      },
      head: headFor(episode._id, withTrailingSlash(path), 1),
    }
  })
}

/** Every catalogue page of the page query (page-query.ts), each with the head `seo` decides for it. */
export function cataloguePages(data: Queries.CreatePagesQuery, seo: CatalogueSeo): PlannedPage[] {
  return [
    ...categoryPages(data.allCatalogueCategory.nodes, seo.category),
    ...subcategoryPages(data.allCatalogueSubcategory.nodes, seo.subcategory),
    ...seriesPages(data.allCatalogueSeries.nodes, seo.series),
    ...episodePages(data.allCatalogueEpisode.nodes, seo.episode),
  ]
}

/** The pages the Subscribe form lands on without JavaScript when it was not taken, one per outcome. */
export function subscribeOutcomePages(): Page<{ outcome: string }>[] {
  return Object.keys(SUBSCRIBE_OUTCOME_TEXTS).map((outcome) => ({
    path: subscribeOutcomePath(outcome as SubscribeFormOutcome),
    component: template("subscribe-outcome"),
    context: { outcome },
  }))
}
