import { ANSWERS, type ApiCategory, type ApiChanges, type ApiEpisode, type ApiRef, type ApiSubcategory } from "../../../../contract/schemas"
import { getAnswer, getOrNull, readCatalogueAnswer } from "../http/answer-shapes"
import { CatalogueRequestError, fillPath, type HttpClient } from "../http/client"
import type { CataloguePaths } from "../constants"
import type { CatalogueAnswers } from "../types"

// A build after the first reads only what the changes feed names, and
// patches the last build's answers with it; `assembleSnapshot` then places
// them exactly as after a full read. The feed's contract (catalogue-api.md):
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
  answers: CatalogueAnswers
  /** "type id" of every entity read or removed, so only their images are fetched again. */
  touched: Set<string>
}

const key = (type: ApiRef["type"], id: unknown) => `${type} ${String(id)}`

/**
 * The changes feed since a watermark, or why it cannot be used: 404 (no
 * feed), 410 (too old), or any other failure, since the feed is optional and
 * a full read is always correct. A catalogue that is down then fails in the
 * full read, with its own message.
 */
export async function readChanges(client: HttpClient, paths: CataloguePaths, since: string): Promise<{ changes?: ApiChanges; fallbackReason?: string }> {
  try {
    const { url, body } = await client.getJson(`${paths.changes}?since=${encodeURIComponent(since)}`)
    return { changes: readCatalogueAnswer(ANSWERS.changes, url, body).data }
  } catch (error) {
    if (!(error instanceof CatalogueRequestError)) throw error
    if (error.status === 404) return { fallbackReason: "the catalogue has no changes feed (404)" }
    if (error.status === 410) return { fallbackReason: `the changes feed no longer reaches back to ${since} (410)` }
    return { fallbackReason: `the changes feed could not be used: ${error.message}` }
  }
}

/** The answers being patched, by id: each patch is a lookup, never a scan of the catalogue. */
interface Patchable {
  categoryList: ApiCategory[]
  categories: Map<string, ApiCategory>
  subcategories: Map<string, ApiSubcategory>
  episodeLists: Map<string, ApiEpisode[]>
}

const byId = <T extends { id: unknown }>(entities: readonly T[]) => new Map(entities.map((entity) => [String(entity.id), entity]))

/** The ids the feed names as changed, of one type, each once, leaving out those it also names as deleted. */
function changedIds(changes: ApiChanges, type: ApiRef["type"]): string[] {
  const gone = new Set(changes.deleted.filter((ref) => ref.type === type).map((ref) => String(ref.id)))
  return [...new Set(changes.changed.filter((ref) => ref.type === type && !gone.has(String(ref.id))).map((ref) => String(ref.id)))]
}

/** Removes what the feed deleted: a series from its subcategories' lists, an episode from its series'. */
function removeDeleted(answers: Patchable, deleted: ApiChanges["deleted"]): void {
  const ids = (type: ApiRef["type"]) => new Set(deleted.filter((ref) => ref.type === type).map((ref) => String(ref.id)))
  const [categories, subcategories, series, episodes] = [ids("category"), ids("subcategory"), ids("series"), ids("episode")]
  answers.categoryList = answers.categoryList.filter((category) => !categories.has(String(category.id)))
  for (const id of categories) answers.categories.delete(id)
  for (const id of subcategories) answers.subcategories.delete(id)
  for (const id of series) answers.episodeLists.delete(id)
  if (series.size) {
    for (const [id, subcategory] of answers.subcategories) {
      if (subcategory.series?.some((one) => series.has(String(one.id))))
        answers.subcategories.set(id, { ...subcategory, series: subcategory.series.filter((one) => !series.has(String(one.id))) })
    }
  }
  if (episodes.size) {
    for (const [id, list] of answers.episodeLists) {
      if (list.some((episode) => episodes.has(String(episode.id))))
        answers.episodeLists.set(
          id,
          list.filter((episode) => !episodes.has(String(episode.id))),
        )
    }
  }
}

/** Categories read again; a new or deleted one changes the list's order, so the list is read again too. */
async function patchCategories(answers: Patchable, changes: ApiChanges, { client, paths }: DeltaContext, touched: Set<string>): Promise<void> {
  const changed = changedIds(changes, "category")
  const listed = new Set(answers.categoryList.map((category) => String(category.id)))
  const listChanged = changed.some((id) => !listed.has(id)) || changes.deleted.some((ref) => ref.type === "category")
  const [list, details] = await Promise.all([
    listChanged ? getOrNull(client, paths.categories, ANSWERS.categories) : null,
    Promise.all(changed.map((id) => getOrNull(client, fillPath(paths.category, { id }), ANSWERS.category))),
  ])
  changed.forEach((id, index) => {
    touched.add(key("category", id))
    const detail = details[index]?.data
    if (detail) answers.categories.set(id, detail)
    else answers.categories.delete(id)
  })
  if (list) answers.categoryList = list.data
}

/** Subcategories read again: each detail brings its series list, with the series' data. */
async function patchSubcategories(answers: Patchable, changes: ApiChanges, { client, paths }: DeltaContext, touched: Set<string>): Promise<void> {
  const changed = changedIds(changes, "subcategory")
  const details = await Promise.all(changed.map((id) => getOrNull(client, fillPath(paths.subcategory, { id }), ANSWERS.subcategory)))
  changed.forEach((id, index) => {
    touched.add(key("subcategory", id))
    const detail = details[index]?.data
    if (detail) answers.subcategories.set(id, detail)
    else answers.subcategories.delete(id)
  })
}

/**
 * Series read again: their own data, patched into the subcategory lists
 * that carry it, and their episode list (membership and order). Gives the
 * ids of the episodes those lists brought.
 */
async function patchSeries(answers: Patchable, changes: ApiChanges, { client, paths }: DeltaContext, touched: Set<string>): Promise<Set<string>> {
  const changed = changedIds(changes, "series")
  const read = await Promise.all(
    changed.map((id) =>
      Promise.all([getOrNull(client, fillPath(paths.series, { id }), ANSWERS.series), getOrNull(client, fillPath(paths.seriesEpisodes, { id }), ANSWERS.seriesEpisodes)]),
    ),
  )
  const fresh = new Map(changed.flatMap((id, index) => (read[index]?.[0] ? [[id, read[index][0].data] as const] : [])))
  if (fresh.size) {
    for (const [id, subcategory] of answers.subcategories) {
      if (subcategory.series?.some((one) => fresh.has(String(one.id)))) {
        answers.subcategories.set(id, { ...subcategory, series: subcategory.series.map((one) => fresh.get(String(one.id)) ?? one) })
      }
    }
  }
  const listed = new Set<string>()
  changed.forEach((id, index) => {
    touched.add(key("series", id))
    const episodes = read[index]?.[1]?.data ?? []
    answers.episodeLists.set(id, episodes)
    for (const episode of episodes) {
      touched.add(key("episode", episode.id))
      listed.add(String(episode.id))
    }
  })
  return listed
}

/** Episodes edited in place (those a fresh series list brought are read already). */
async function patchEpisodes(answers: Patchable, changes: ApiChanges, { client, paths, warn }: DeltaContext, touched: Set<string>, listed: Set<string>): Promise<void> {
  const changed = changedIds(changes, "episode").filter((id) => !listed.has(id))
  if (!changed.length) return
  const read = await Promise.all(changed.map((id) => getOrNull(client, fillPath(paths.episode, { id }), ANSWERS.episode)))
  // Where each episode is listed now: the first series that lists it.
  const seriesOf = new Map<string, string>()
  for (const [seriesId, list] of answers.episodeLists) for (const episode of list) if (!seriesOf.has(String(episode.id))) seriesOf.set(String(episode.id), seriesId)
  changed.forEach((id, index) => {
    touched.add(key("episode", id))
    const fresh = read[index]?.data
    const seriesId = seriesOf.get(id)
    if (seriesId !== undefined) {
      // In place: the series' list keeps its order; an episode gone since the feed was read leaves it.
      const list = answers.episodeLists.get(seriesId) ?? []
      const at = list.findIndex((episode) => String(episode.id) === id)
      answers.episodeLists.set(seriesId, [...list.slice(0, at), ...(fresh ? [fresh] : []), ...list.slice(at + 1)])
    } else if (fresh?.series_id != null) {
      const target = String(fresh.series_id)
      answers.episodeLists.set(target, [...(answers.episodeLists.get(target) ?? []), fresh])
    } else if (fresh) {
      warn(`Episode ${id} names no series; it is left out until its series lists it.`)
    }
  })
}

/**
 * The previous answers with the changes applied. Deleted entities go (an
 * episode from its series' list, a series from its subcategory's); changed
 * ones are read again, and a changed container's members come from its
 * fresh answer. What the feed does not name is kept as it was.
 */
export async function applyChanges(previous: CatalogueAnswers, changes: ApiChanges, context: DeltaContext): Promise<DeltaResult> {
  const { client, paths } = context
  const touched = new Set(changes.deleted.map((ref) => key(ref.type, ref.id)))
  const answers: Patchable = {
    categoryList: previous.categoryList,
    categories: byId(previous.categories),
    subcategories: byId(previous.subcategories),
    episodeLists: new Map(previous.episodeLists.map(({ seriesId, episodes }) => [seriesId, episodes])),
  }
  removeDeleted(answers, changes.deleted)
  await patchCategories(answers, changes, context, touched)
  await patchSubcategories(answers, changes, context, touched)
  const listed = await patchSeries(answers, changes, context, touched)
  await patchEpisodes(answers, changes, context, touched, listed)

  const named = (type: ApiRef["type"]) => [...changes.changed, ...changes.deleted].some((ref) => ref.type === type)
  const [featuredItems, statistics, siteSettings] = await Promise.all([
    named("featured") ? getAnswer(client, paths.featuredCollections, ANSWERS.featuredCollections).then((answer) => answer.data) : previous.featuredItems,
    changes.changed.length + changes.deleted.length > 0 ? getAnswer(client, paths.categoryStatistics, ANSWERS.categoryStatistics) : previous.statistics,
    changes.changed.some((ref) => ref.type === "site-settings")
      ? getOrNull(client, paths.siteSettings, ANSWERS.siteSettings).then((answer) => answer?.data ?? null)
      : previous.siteSettings,
  ])
  if (featuredItems !== previous.featuredItems) featuredItems.forEach((item) => touched.add(key("featured", item.id)))

  return {
    answers: {
      categoryList: answers.categoryList,
      categories: [...answers.categories.values()],
      subcategories: [...answers.subcategories.values()],
      episodeLists: [...answers.episodeLists].map(([seriesId, episodes]) => ({ seriesId, episodes })),
      featuredItems,
      statistics,
      siteSettings,
    },
    touched,
  }
}
