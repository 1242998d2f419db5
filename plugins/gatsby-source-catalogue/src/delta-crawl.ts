import type { z } from "zod/mini"
import { ANSWERS, type ApiChanges, type ApiEpisode, type ApiRef, type ApiSeries, type ApiSiteSettings, type ApiSubcategory } from "../../../contract/schemas"
import { readAnswer } from "./answer-shapes"
import { CatalogueRequestError, fillPath, type HttpClient } from "./client"
import type { CataloguePaths } from "./constants"
import type { CatalogueSnapshot } from "./types"

// A build after the first reads only what the changes feed names, and
// patches the last build's snapshot with it. The feed's contract (API.md):
// every entity created or updated is in `changed`; the reference server also
// lists a container whose members were added, removed or moved, so
// membership and order always come from refetching a changed container:
//   category    → GET /categories/{id}       (its subcategories, in order)
//   subcategory → GET /sub-categories/{id}   (its series, with their data)
//   series      → GET /series/{id} and /series/{id}/episodes
//   episode     → GET /episodes/{id}
//   featured    → GET /featured-collections  (the whole short list)
// and the per-category statistics once whenever anything changed.

export interface DeltaContext {
  client: HttpClient
  paths: CataloguePaths
  warn: (message: string) => void
}

export interface DeltaResult {
  snapshot: CatalogueSnapshot
  /** "type id" of every entity read or removed, so only their images are fetched again. */
  touched: Set<string>
}

const key = (type: ApiRef["type"], id: unknown) => `${type} ${String(id)}`

/** One answer read with its contract schema; undefined when it answers 404 (gone since the feed was read). */
async function getOrGone<T>(client: HttpClient, path: string, schema: z.ZodMiniType<T>): Promise<T | undefined> {
  try {
    const { url, body } = await client.getJson(path)
    return readAnswer(schema, url, body)
  } catch (error) {
    if (error instanceof CatalogueRequestError && error.status === 404) return undefined
    throw error
  }
}

/**
 * The changes feed since a watermark, or why it cannot be used: 404 (no
 * feed), 410 (too old), or any other failure, since the feed is optional and
 * a full read is always correct. A catalogue that is down then fails in the
 * full read, with its own message.
 */
export async function readChanges(client: HttpClient, paths: CataloguePaths, since: string): Promise<{ changes?: ApiChanges; fallbackReason?: string }> {
  try {
    const { url, body } = await client.getJson(`${paths.changes}?since=${encodeURIComponent(since)}`)
    return { changes: readAnswer(ANSWERS.changes, url, body).data }
  } catch (error) {
    if (!(error instanceof CatalogueRequestError)) throw error
    if (error.status === 404) return { fallbackReason: "the catalogue has no changes feed (404)" }
    if (error.status === 410) return { fallbackReason: `the changes feed no longer reaches back to ${since} (410)` }
    return { fallbackReason: `the changes feed could not be used: ${error.message}` }
  }
}

/**
 * The previous snapshot with the changes applied. Deleted entities go (an
 * episode with its series' list, a series with its subcategory's); changed
 * ones are read again, and a changed container's members come from its
 * fresh answer. What the feed does not name is kept as it was.
 */
export async function applyChanges(previous: CatalogueSnapshot, changes: ApiChanges, { client, paths, warn }: DeltaContext): Promise<DeltaResult> {
  const touched = new Set<string>()
  const gone = new Set(changes.deleted.map((ref) => key(ref.type, ref.id)))
  const wanted = (type: ApiRef["type"]) => [...new Set(changes.changed.filter((ref) => ref.type === type && !gone.has(key(type, ref.id))).map((ref) => String(ref.id)))]
  changes.deleted.forEach((ref) => touched.add(key(ref.type, ref.id)))

  let categories = previous.categories.filter(({ category }) => !gone.has(key("category", category.id)))
  let subcategories = previous.subcategories.filter(({ subcategory }) => !gone.has(key("subcategory", subcategory.id)))
  let episodes = previous.episodes.filter(({ episode }) => !gone.has(key("episode", episode.id)))
  const seriesData = new Map(previous.series.map((entry) => [String(entry.series.id), entry.series]))
  for (const ref of changes.deleted) if (ref.type === "series") seriesData.delete(String(ref.id))

  // Categories: a new one, or one gone, changes the list's order: read the list again.
  const changedCategories = wanted("category")
  const known = new Set(categories.map(({ category }) => String(category.id)))
  const categoryListChanged = changedCategories.some((id) => !known.has(id)) || changes.deleted.some((ref) => ref.type === "category")
  const [categoryList, categoryDetails] = await Promise.all([
    categoryListChanged ? getOrGone(client, paths.categories, ANSWERS.categories) : undefined,
    Promise.all(changedCategories.map((id) => getOrGone(client, fillPath(paths.category, { id }), ANSWERS.category))),
  ])
  for (const [index, id] of changedCategories.entries()) {
    touched.add(key("category", id))
    const detail = categoryDetails[index]?.data
    categories = categories.filter(({ category }) => String(category.id) !== id)
    if (detail) categories.push({ category: detail, subcategoryIds: (detail.sub_categories ?? []).map((sub) => String(sub.id)) })
  }
  if (categoryList) {
    const order = categoryList.data.map((category) => String(category.id))
    categories.sort((a, b) => order.indexOf(String(a.category.id)) - order.indexOf(String(b.category.id)))
  }

  // Subcategories: each detail brings its series list, with the series' data.
  const changedSubcategories = wanted("subcategory")
  const subcategoryDetails = await Promise.all(changedSubcategories.map((id) => getOrGone(client, fillPath(paths.subcategory, { id }), ANSWERS.subcategory)))
  for (const [index, id] of changedSubcategories.entries()) {
    touched.add(key("subcategory", id))
    const detail = subcategoryDetails[index]?.data
    subcategories = subcategories.filter(({ subcategory }) => String(subcategory.id) !== id)
    if (!detail) continue
    subcategories.push({ subcategory: detail, categoryId: "", position: 0 })
    for (const series of detail.series ?? []) seriesData.set(String(series.id), series)
  }
  // Which category holds each subcategory, and where, as the full read decides it.
  const placement = new Map<string, { categoryId: string; position: number }>()
  for (const { category, subcategoryIds } of categories) {
    subcategoryIds.forEach((id, position) => placement.has(id) || placement.set(id, { categoryId: String(category.id), position }))
  }
  subcategories = subcategories
    .flatMap((entry) => {
      const place = placement.get(String(entry.subcategory.id))
      return place ? [{ ...entry, ...place }] : []
    })
    .sort((a, b) => categories.findIndex((c) => String(c.category.id) === a.categoryId) - categories.findIndex((c) => String(c.category.id) === b.categoryId) || a.position - b.position)

  // Series: their own data, and their episode list (membership and order).
  const changedSeries = wanted("series")
  const seriesAnswers = await Promise.all(
    changedSeries.map(async (id) => {
      const [detail, list] = await Promise.all([
        getOrGone(client, fillPath(paths.series, { id }), ANSWERS.series),
        getOrGone(client, fillPath(paths.seriesEpisodes, { id }), ANSWERS.seriesEpisodes),
      ])
      return { id, detail: detail?.data, list: list?.data }
    }),
  )
  for (const { id, detail, list } of seriesAnswers) {
    touched.add(key("series", id))
    if (detail) seriesData.set(id, detail)
    episodes = episodes.filter((entry) => entry.seriesId !== id)
    for (const episode of list ?? []) {
      touched.add(key("episode", episode.id))
      episodes.push({ episode, seriesId: id, subcategoryId: "" })
    }
  }

  // Episodes edited in place.
  const changedEpisodes = wanted("episode").filter((id) => !seriesAnswers.some(({ list }) => list?.some((episode) => String(episode.id) === id)))
  const episodeAnswers = await Promise.all(changedEpisodes.map((id) => getOrGone(client, fillPath(paths.episode, { id }), ANSWERS.episode)))
  for (const [index, id] of changedEpisodes.entries()) {
    touched.add(key("episode", id))
    const fresh = episodeAnswers[index]?.data
    const at = episodes.findIndex((entry) => String(entry.episode.id) === id)
    if (!fresh) {
      if (at >= 0) episodes.splice(at, 1)
    } else if (at >= 0) {
      episodes[at] = { ...episodes[at]!, episode: fresh }
    } else if (fresh.series_id != null) {
      episodes.push({ episode: fresh, seriesId: String(fresh.series_id), subcategoryId: "" })
    } else {
      warn(`Episode ${id} names no series; it is left out until its series lists it.`)
    }
  }

  // The series' places follow the subcategories' lists, first listing wins, as in a full read.
  const series = new Map<string, { series: ApiSeries; subcategoryId: string; position: number }>()
  for (const { subcategory } of subcategories) {
    ;(subcategory.series ?? []).forEach((listed, position) => {
      const id = String(listed.id)
      const data = seriesData.get(id)
      if (data && !series.has(id)) series.set(id, { series: data, subcategoryId: String(subcategory.id), position })
    })
  }
  const subcategoryOf = (seriesId: string) => series.get(seriesId)?.subcategoryId
  episodes = episodes.flatMap((entry) => {
    const subcategoryId = subcategoryOf(entry.seriesId)
    if (subcategoryId === undefined) return []
    return [{ ...entry, subcategoryId: entry.episode.sub_category_id != null ? String(entry.episode.sub_category_id) : subcategoryId }]
  })

  const anything = changes.changed.length + changes.deleted.length > 0
  const [featured, statistics, siteSettings] = await Promise.all([
    changes.changed.some((ref) => ref.type === "featured") || changes.deleted.some((ref) => ref.type === "featured")
      ? client.getJson(paths.featuredCollections).then(({ url, body }) => readAnswer(ANSWERS.featuredCollections, url, body).data)
      : previous.featuredItems,
    anything ? client.getJson(paths.categoryStatistics).then(({ url, body }) => readAnswer(ANSWERS.categoryStatistics, url, body)) : previous.statistics,
    changes.changed.some((ref) => ref.type === "site-settings")
      ? getOrGone(client, paths.siteSettings, ANSWERS.siteSettings).then((answer): ApiSiteSettings | null => answer?.data ?? null)
      : previous.siteSettings,
  ])
  if (featured !== previous.featuredItems) featured.forEach((item) => touched.add(key("featured", item.id)))

  return {
    snapshot: {
      categories: categories.map(({ category, subcategoryIds }) => ({ category, subcategoryIds })),
      subcategories: subcategories as { subcategory: ApiSubcategory; categoryId: string; position: number }[],
      series: [...series.values()],
      episodes: episodes as { episode: ApiEpisode; seriesId: string; subcategoryId: string }[],
      featuredItems: featured,
      statistics,
      siteSettings,
    },
    touched,
  }
}
