import type { z } from "zod/mini"
import { ANSWERS, type ApiCategory, type ApiSeries, type ApiSiteSettings } from "../../../contract/schemas"
import { readAnswer } from "./answer-shapes"
import { CatalogueRequestError, fillPath, type HttpClient } from "./client"
import type { CataloguePaths } from "./constants"
import type { CatalogueSnapshot } from "./types"

export interface CrawlContext {
  client: HttpClient
  paths: CataloguePaths
  /** A skipped entity, in words that name it. */
  warn: (message: string) => void
  /** Requests finished so far and the total known so far (it grows as the crawl finds more). */
  onProgress?: (done: number, total: number) => void
}

/**
 * Reads the whole catalogue: the lists, then each category, each of their
 * subcategories and each series' episodes. Requests grow with categories +
 * subcategories + series, never with episodes. An entity that answers 404 is
 * skipped with a warning; any other failure ends the crawl.
 */
export async function crawlCatalogue({ client, paths, warn, onProgress }: CrawlContext): Promise<CatalogueSnapshot> {
  let done = 0
  // The three lists and the site settings.
  let total = 4
  /** One answer, read with its contract schema. */
  const get = async <T>(path: string, schema: z.ZodMiniType<T>): Promise<T> => {
    try {
      const { url, body } = await client.getJson(path)
      return readAnswer(schema, url, body)
    } finally {
      onProgress?.(++done, total)
    }
  }
  /** A detail request whose 404 means "skip this one", not "stop the build". */
  const getDetail = async <T>(path: string, schema: z.ZodMiniType<T>, label: string): Promise<T | undefined> => {
    try {
      return await get(path, schema)
    } catch (error) {
      if (error instanceof CatalogueRequestError && error.status === 404) {
        warn(`${label} was skipped: ${error.message}`)
        return undefined
      }
      throw error
    }
  }

  /** API.md makes site settings optional: a 404 means the site's built-in defaults, not an error. */
  const readSiteSettings = async (): Promise<ApiSiteSettings | null> => {
    try {
      return (await get(paths.siteSettings, ANSWERS.siteSettings)).data
    } catch (error) {
      if (error instanceof CatalogueRequestError && error.status === 404) return null
      throw error
    }
  }

  const [categoryList, featuredItems, statistics, siteSettings] = await Promise.all([
    get(paths.categories, ANSWERS.categories).then((answer) => answer.data),
    get(paths.featuredCollections, ANSWERS.featuredCollections).then((answer) => answer.data),
    get(paths.categoryStatistics, ANSWERS.categoryStatistics),
    readSiteSettings(),
  ])

  total += categoryList.length
  const categories = await Promise.all(
    categoryList.map(async (listed): Promise<ApiCategory> => {
      const detail = await getDetail(fillPath(paths.category, { id: listed.id }), ANSWERS.category, `Category ${listed.id} (${listed.title ?? "untitled"})`)
      // A category whose detail 404ed keeps what the list said, with no subcategories.
      return detail?.data ?? { ...listed, sub_categories: [] }
    }),
  )

  const subcategoryRefs = categories.flatMap((category) =>
    (category.sub_categories ?? []).map((sub, position) => ({ sub, categoryId: String(category.id), position })),
  )
  total += subcategoryRefs.length
  const subcategories = await Promise.all(
    subcategoryRefs.map(async ({ sub, categoryId, position }) => {
      const detail = await getDetail(fillPath(paths.subcategory, { id: sub.id }), ANSWERS.subcategory, `Subcategory ${sub.id} (${sub.title ?? "untitled"})`)
      return detail && { subcategory: detail.data, categoryId, position }
    }),
  )
  const found = subcategories.filter((entry) => entry !== undefined)

  // A series listed by two subcategories belongs to the first.
  const series = new Map<string, { series: ApiSeries; subcategoryId: string; position: number }>()
  for (const { subcategory } of found) {
    ;(subcategory.series ?? []).forEach((one, position) => {
      const id = String(one.id)
      if (!series.has(id)) series.set(id, { series: one, subcategoryId: String(subcategory.id), position })
    })
  }

  total += series.size
  const episodeLists = await Promise.all(
    [...series.entries()].map(async ([seriesId, { series: one, subcategoryId }]) => {
      const answer = await getDetail(fillPath(paths.seriesEpisodes, { id: seriesId }), ANSWERS.seriesEpisodes, `The episodes of series ${seriesId} (${one.title ?? "untitled"})`)
      return (answer?.data ?? []).map((episode) => ({
        episode,
        seriesId,
        subcategoryId: episode.sub_category_id != null ? String(episode.sub_category_id) : subcategoryId,
      }))
    }),
  )

  return {
    categories: categories.map((category) => ({
      category,
      subcategoryIds: (category.sub_categories ?? []).map((sub) => String(sub.id)),
    })),
    subcategories: found,
    series: [...series.values()],
    episodes: episodeLists.flat(),
    featuredItems,
    statistics,
    siteSettings,
  }
}
