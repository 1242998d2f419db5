import { describeIssues } from "../../../contract/describe-issues"
import type { ApiId } from "../../../contract/schemas"
import { ENDPOINTS, type Endpoint } from "./endpoints"
import type { Answer, CatalogueApi } from "./http"

// Reads the catalogue as the site's build does (categories, their
// subcategories, their series, their episodes, and the lists beside them),
// recording every answer; the checks then judge the records. Only a sample
// of each kind is read in detail, so a large catalogue is checked in seconds.

/** One answer read with its contract schema. */
export interface Read {
  endpoint: Endpoint
  answer: Answer
  /** The answer as its schema kept it; undefined when the status or the shape was wrong, or for a 404 that may be one. */
  parsed?: unknown
  /** What was wrong, in a backend author's words: the status, a body that is not JSON, or the fields. */
  problem?: string
}

/** Which view a read asks for: the published one, or the draft view with its token. */
export interface View {
  preview: boolean
  token?: string
}

export interface Crawl {
  reads: Read[]
  /** Of each detail endpoint: how many entities the catalogue listed, and how many were read. */
  counts: Partial<Record<Endpoint, { listed: number; read: number }>>
  /** Every id met: an unknown one is picked apart from them. */
  ids: ApiId[]
  /** The word search was asked for, when it was. */
  searchWord?: string
}

/** How many requests go out at once: enough to be quick, few enough for a small backend. */
const CONCURRENCY = 4

async function mapLimited<T, R>(items: readonly T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const index = next++
      results[index] = await work(items[index]!)
    }
  }
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, items.length) }, worker))
  return results
}

/** `count` items spread evenly over the list (all of them when it is shorter): the first, the last and between. */
export function spread<T>(items: readonly T[], count: number): T[] {
  if (items.length <= count) return [...items]
  if (count <= 1) return items.slice(0, Math.max(count, 0))
  return Array.from({ length: count }, (_, index) => items[Math.round((index * (items.length - 1)) / (count - 1))]!)
}

/** Reads one endpoint; `mayBeMissing` takes a 404 as an answer (the site settings). */
export async function readEndpoint(api: CatalogueApi, endpoint: Endpoint, path: string, view: View, mayBeMissing = false): Promise<Read> {
  const answer = await api.get(path, view)
  if (mayBeMissing && answer.status === 404) return { endpoint, answer }
  if (answer.status !== 200) {
    const why = answer.status === 0 ? `did not answer (${answer.error})` : `answered ${answer.status}, not 200${mayBeMissing ? " or 404" : ""}`
    return { endpoint, answer, problem: why }
  }
  if (answer.json === undefined) return { endpoint, answer, problem: "answered a body that is not JSON" }
  const result = ENDPOINTS[endpoint].schema.safeParse(answer.json)
  if (!result.success) return { endpoint, answer, problem: describeIssues(result.error.issues, answer.json) }
  return { endpoint, answer, parsed: result.data }
}

type Json = Record<string, unknown>
const field = (value: unknown, key: string): unknown => (typeof value === "object" && value !== null ? (value as Json)[key] : undefined)
const items = (value: unknown): unknown[] => (Array.isArray(value) ? value : [])
const idOf = (value: unknown): ApiId[] => {
  const id = field(value, "id")
  return typeof id === "number" || (typeof id === "string" && id !== "") ? [id] : []
}
/** The ids of a list at `key` of each read's `data` (or of `data` itself), each once. */
const idsIn = (reads: readonly Read[], key?: string): ApiId[] => [
  ...new Set(reads.flatMap((read) => items(key ? field(field(read.parsed, "data"), key) : field(read.parsed, "data")).flatMap(idOf))),
]

/** A word of a series title for search to find: three letters or digits at least. */
function wordOf(reads: readonly Read[]): string {
  const titles = reads.flatMap((read) => items(field(field(read.parsed, "data"), "series")).map((series) => field(series, "title")))
  for (const title of titles) {
    const word = typeof title === "string" ? /[\p{L}\p{N}]{3,}/u.exec(title)?.[0] : undefined
    if (word) return word
  }
  return "the"
}

/**
 * Reads one view of the catalogue: every category, up to `sample` of each
 * kind in detail (spread over what the lists name), the statistics, the
 * featured items, the site settings, and (published view only: search is
 * never previewed) a search for a word of a series title.
 */
export async function crawl(api: CatalogueApi, view: View, sample: number): Promise<Crawl> {
  const read = (endpoint: Endpoint, id?: ApiId, mayBeMissing = false) => readEndpoint(api, endpoint, ENDPOINTS[endpoint].path(id), view, mayBeMissing)
  const counts: Crawl["counts"] = {}
  const details = async (endpoint: Endpoint, ids: ApiId[]) => {
    const chosen = spread(ids, sample)
    counts[endpoint] = { listed: ids.length, read: chosen.length }
    return mapLimited(chosen, (id) => read(endpoint, id))
  }
  const categories = await read("categories")
  const categoryIds = idsIn([categories])
  const categoryDetails = await details("category", categoryIds)
  const subcategoryIds = idsIn(categoryDetails, "sub_categories")
  const subcategoryDetails = await details("subcategory", subcategoryIds)
  const seriesIds = idsIn(subcategoryDetails, "series")
  const seriesDetails = await details("series", seriesIds)
  const episodeLists = await details("seriesEpisodes", seriesIds)
  const episodeIds = idsIn(episodeLists)
  const episodeDetails = await details("episode", episodeIds)
  const lists = await mapLimited(["categoryStatistics", "featuredCollections"] as const, (endpoint) => read(endpoint))
  const siteSettings = await read("siteSettings", undefined, true)
  const searchWord = view.preview ? undefined : wordOf(subcategoryDetails)
  const search = searchWord ? [await readEndpoint(api, "search", `/search?q=${encodeURIComponent(searchWord)}`, view)] : []
  const reads = [categories, ...categoryDetails, ...subcategoryDetails, ...seriesDetails, ...episodeLists, ...episodeDetails, ...lists, siteSettings, ...search]
  return { reads, counts, ids: [...categoryIds, ...subcategoryIds, ...seriesIds, ...episodeIds], searchWord }
}
