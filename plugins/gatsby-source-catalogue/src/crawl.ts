import { bareList, dataList, dataObject } from "./answer-shapes"
import { CatalogueRequestError, fillPath, type HttpClient } from "./client"
import type { CataloguePaths } from "./constants"
import type {
  ApiCategory,
  ApiCategoryStatistic,
  ApiEpisode,
  ApiFeaturedItem,
  ApiSubcategory,
  CatalogueSnapshot,
} from "./types"

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
  let total = 3
  const tick = () => onProgress?.(++done, total)
  const get = async (path: string) => {
    try {
      return await client.getJson(path)
    } finally {
      tick()
    }
  }
  /** A detail request whose 404 means "skip this one", not "stop the build". */
  const getDetail = async <T>(path: string, label: string, read: (url: string, body: unknown) => T) => {
    try {
      const { url, body } = await get(path)
      return read(url, body)
    } catch (error) {
      if (error instanceof CatalogueRequestError && error.status === 404) {
        warn(`${label} was skipped: ${error.message}`)
        return undefined
      }
      throw error
    }
  }

  const [categoryList, featuredItems, statistics] = await Promise.all([
    get(paths.categories).then(({ url, body }) => dataList<ApiCategory>(url, body)),
    get(paths.featuredCollections).then(({ url, body }) => dataList<ApiFeaturedItem>(url, body)),
    get(paths.categoryStatistics).then(({ url, body }) => bareList<ApiCategoryStatistic>(url, body)),
  ])

  total += categoryList.length
  const categories = await Promise.all(
    categoryList.map((listed) =>
      getDetail(fillPath(paths.category, { id: listed.id }), `Category ${listed.id} (${listed.title ?? "untitled"})`, (url, body) =>
        dataObject<ApiCategory>(url, body, "sub_categories"),
      ),
    ),
  )

  const snapshot: CatalogueSnapshot = { categories: [], subcategories: [], series: [], episodes: [], featuredItems, statistics }
  const subcategoryRefs: { id: string; categoryId: string; position: number; title: string }[] = []
  categories.forEach((category, index) => {
    // A category whose detail 404ed keeps what the list said, with no subcategories.
    const kept = category ?? { ...categoryList[index]!, sub_categories: [] }
    const subIds = (kept.sub_categories ?? []).map((sub) => String(sub.id))
    snapshot.categories.push({ category: kept, subcategoryIds: subIds })
    ;(kept.sub_categories ?? []).forEach((sub, position) =>
      subcategoryRefs.push({ id: String(sub.id), categoryId: String(kept.id), position, title: sub.title ?? "untitled" }),
    )
  })

  total += subcategoryRefs.length
  const subcategories = await Promise.all(
    subcategoryRefs.map((ref) =>
      getDetail(fillPath(paths.subcategory, { id: ref.id }), `Subcategory ${ref.id} (${ref.title})`, (url, body) =>
        dataObject<ApiSubcategory>(url, body, "series"),
      ),
    ),
  )

  const seriesRefs = new Map<string, { subcategoryId: string; title: string }>()
  subcategories.forEach((subcategory, index) => {
    if (!subcategory) return
    const ref = subcategoryRefs[index]!
    snapshot.subcategories.push({ subcategory, categoryId: ref.categoryId, position: ref.position })
    ;(subcategory.series ?? []).forEach((series, position) => {
      const id = String(series.id)
      if (seriesRefs.has(id)) return
      seriesRefs.set(id, { subcategoryId: ref.id, title: series.title ?? "untitled" })
      snapshot.series.push({ series, subcategoryId: ref.id, position })
    })
  })

  total += seriesRefs.size
  const episodeLists = await Promise.all(
    [...seriesRefs].map(([id, ref]) =>
      getDetail(fillPath(paths.seriesEpisodes, { id }), `The episodes of series ${id} (${ref.title})`, (url, body) =>
        dataList<ApiEpisode>(url, body),
      ),
    ),
  )
  ;[...seriesRefs].forEach(([seriesId, ref], index) => {
    for (const episode of episodeLists[index] ?? []) {
      const subcategoryId = episode.sub_category_id != null ? String(episode.sub_category_id) : ref.subcategoryId
      snapshot.episodes.push({ episode, seriesId, subcategoryId })
    }
  })
  return snapshot
}

