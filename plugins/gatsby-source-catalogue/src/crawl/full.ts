import type { z } from "zod/mini"
import { ANSWERS } from "../../../../contract/schemas"
import { getAnswer, getOrNull } from "../http/answer-shapes"
import { fillPath, type HttpClient } from "../http/client"
import type { CataloguePaths } from "../constants"
import type { CatalogueAnswers } from "../types"

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
 * skipped with a warning; any other failure ends the crawl. Gives the
 * answers as read: `assembleSnapshot` places them.
 */
export async function crawlCatalogue({ client, paths, warn, onProgress }: CrawlContext): Promise<CatalogueAnswers> {
  let done = 0
  // The three lists and the site settings.
  let total = 4
  const counted = <T>(request: Promise<T>): Promise<T> => request.finally(() => onProgress?.(++done, total))
  const get = <T>(path: string, schema: z.ZodMiniType<T>) => counted(getAnswer(client, path, schema))
  /** A detail request whose 404 means "skip this one", not "stop the build". */
  const getDetail = <T>(path: string, schema: z.ZodMiniType<T>, label: string) =>
    counted(getOrNull(client, path, schema, (error) => warn(`${label} was skipped: ${error.message}`)))
  /** Each of `ids` once, with `read`'s answers that came back. */
  const readEach = async <T>(ids: Iterable<string>, read: (id: string) => Promise<T | null>): Promise<T[]> => {
    const unique = [...new Set(ids)]
    total += unique.length
    return (await Promise.all(unique.map(read))).filter((answer) => answer !== null)
  }

  const [categoryList, featuredItems, statistics, siteSettings] = await Promise.all([
    get(paths.categories, ANSWERS.categories).then((answer) => answer.data),
    get(paths.featuredCollections, ANSWERS.featuredCollections).then((answer) => answer.data),
    get(paths.categoryStatistics, ANSWERS.categoryStatistics),
    // catalogue-api.md makes site settings optional: a 404 means the site's built-in defaults, not an error.
    counted(getOrNull(client, paths.siteSettings, ANSWERS.siteSettings)).then((answer) => answer?.data ?? null),
  ])

  const titles = new Map(categoryList.map((listed) => [String(listed.id), listed.title]))
  const categories = await readEach(
    titles.keys(),
    async (id) => (await getDetail(fillPath(paths.category, { id }), ANSWERS.category, `Category ${id} (${titles.get(id) ?? "untitled"})`))?.data ?? null,
  )

  const subcategoryRefs = new Map(categories.flatMap((category) => (category.sub_categories ?? []).map((sub): [string, string | null | undefined] => [String(sub.id), sub.title])))
  const subcategories = await readEach(
    subcategoryRefs.keys(),
    async (id) => (await getDetail(fillPath(paths.subcategory, { id }), ANSWERS.subcategory, `Subcategory ${id} (${subcategoryRefs.get(id) ?? "untitled"})`))?.data ?? null,
  )

  const seriesRefs = new Map(subcategories.flatMap((subcategory) => (subcategory.series ?? []).map((one): [string, string | null | undefined] => [String(one.id), one.title])))
  const episodeLists = await readEach(seriesRefs.keys(), async (seriesId) => {
    const answer = await getDetail(
      fillPath(paths.seriesEpisodes, { id: seriesId }),
      ANSWERS.seriesEpisodes,
      `The episodes of series ${seriesId} (${seriesRefs.get(seriesId) ?? "untitled"})`,
    )
    return { seriesId, episodes: answer?.data ?? [] }
  })

  return { categoryList, categories, subcategories, episodeLists, featuredItems, statistics, siteSettings }
}
