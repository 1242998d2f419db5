import { SAFE_ID_RULE, unsafeIds } from "../../../contract/safe-ids"
import type { ApiId } from "../../../contract/schemas"
import type { RunContext } from "../context"
import type { Crawl, Read } from "../backend/crawl"
import { DETAIL_ENDPOINTS, ENDPOINTS, entitiesOf, type Endpoint } from "../backend/endpoints"
import { describeAnswer, type CatalogueApi } from "../backend/http"
import { at, timestampProblem } from "../results/problems"
import { fail, pass, skip, verdict, type CheckResult } from "../results/results"

// Every endpoint of catalogue-api.md's Endpoints table, read with its contract
// schema (contract/schemas.ts), and what every answer must hold: path-safe
// ids (contract/safe-ids.ts) and `updated_at` on every entity.

const GROUP = "shapes"

/** The endpoint rows, in the order of the contract's table. */
const ROWS: readonly Endpoint[] = [
  "categories",
  "category",
  "categoryStatistics",
  "featuredCollections",
  "subcategory",
  "series",
  "seriesEpisodes",
  "episode",
  "search",
  "siteSettings",
]

const WHAT_IS_LISTED: Partial<Record<Endpoint, string>> = {
  category: "GET /categories listed no category",
  subcategory: "no category read lists a subcategory in sub_categories",
  series: "no subcategory read lists a series",
  seriesEpisodes: "no subcategory read lists a series",
  episode: "no series read has an episode",
}

/** A PASS row's note: how much of the catalogue the row stands for. */
function readNote(crawl: Crawl, endpoint: Endpoint, reads: readonly Read[]): string {
  const counts = crawl.counts[endpoint]
  if (endpoint === "siteSettings" && reads[0]?.answer.status === 404) return "404: the backend has none, and the site uses its defaults"
  if (endpoint === "search") return `searched for ${JSON.stringify(crawl.searchWord)}`
  if (!counts) return ""
  return counts.read < counts.listed ? `${counts.read} of ${counts.listed} read (--sample)` : `${counts.read} read`
}

/** One endpoint's row: every read of it answered 200 (or an allowed 404) in its contract shape. */
export function endpointRow(crawl: Crawl, endpoint: Endpoint, group = GROUP, label = ENDPOINTS[endpoint].name): CheckResult {
  const reads = crawl.reads.filter((read) => read.endpoint === endpoint)
  if (reads.length === 0) return skip(group, label, `nothing to read: ${WHAT_IS_LISTED[endpoint] ?? "not asked"}`)
  const problems = reads.flatMap((read) => (read.problem ? [`${read.answer.method} ${read.answer.url} ${read.problem}`] : []))
  return verdict(group, label, problems, `answer ${ENDPOINTS[endpoint].shape}, as catalogue-api.md's Endpoints table says`, readNote(crawl, endpoint, reads))
}

/** Every id field of every answer read is one path segment. */
export function idsRow(crawl: Crawl, group = GROUP): CheckResult {
  const problems = crawl.reads.flatMap((read) => unsafeIds(read.parsed).map((found) => `${read.answer.method} ${read.answer.url}: ${found}`))
  return verdict(group, "ids are path-safe", problems, `${SAFE_ID_RULE}; give such entities ids of that form (a number or a slug)`)
}

/** Every Category, Subcategory, Series, Episode and FeaturedItem read carries `updated_at`, ISO 8601 in UTC. */
export function updatedAtRow(crawl: Crawl, group = GROUP): CheckResult {
  const problems = crawl.reads.flatMap((read) =>
    entitiesOf(read.endpoint, read.parsed).flatMap(({ field, entity }) => {
      const problem = timestampProblem(entity.updated_at, true)
      return problem ? [at(read.answer, `${field}.updated_at`, problem, entity)] : []
    }),
  )
  return verdict(
    group,
    "updated_at on every entity",
    problems,
    "every Category, Subcategory, Series, Episode and FeaturedItem carries updated_at, ISO 8601 in UTC (2025-01-31T12:00:00Z), the time of its last change",
  )
}

/** A path-safe id that names nothing: a number beyond those met, or a word when the backend's ids are not numbers. */
export function unknownId(ids: readonly ApiId[]): ApiId {
  if (ids.length > 0 && ids.every((id) => typeof id === "number")) return Math.max(987_654_321, ...(ids as number[])) + 1
  return "no-such-entity-ck"
}

/** A JSON error answer with a text `message`, as the contract's 4xx answers are. */
export const hasMessage = (json: unknown): boolean => typeof json === "object" && json !== null && typeof (json as { message?: unknown }).message === "string"

async function unknownIdRow(api: CatalogueApi, crawl: Crawl): Promise<CheckResult> {
  const id = unknownId(crawl.ids)
  const answers = await Promise.all(DETAIL_ENDPOINTS.map((endpoint) => api.get(ENDPOINTS[endpoint].path(id))))
  const problems = answers.flatMap((answer) =>
    answer.status !== 404 ? [`${describeAnswer(answer)}, not 404`] : hasMessage(answer.json) ? [] : [`${describeAnswer(answer)} without a JSON { "message" }`],
  )
  return verdict(GROUP, "unknown id → 404 { message }", problems, 'answer an id that names nothing with 404 and { "message": "…" } (the site then skips that entity)')
}

/** POST /subscribe with an address that is not one (context.badSubscribe): 400 `{ message }`. */
async function subscribeRow(context: RunContext): Promise<CheckResult> {
  const check = "POST /subscribe bad address → 400"
  const answer = await context.badSubscribe()
  if (answer.status === 429) return skip(GROUP, check, `${describeAnswer(answer)}: too many sign-ups from this address; run again later`)
  if (answer.status === 400 && hasMessage(answer.json)) return pass(GROUP, check)
  const what = answer.status === 400 ? `${describeAnswer(answer)} without a JSON { "message" }` : `${describeAnswer(answer)}, not 400`
  return fail(GROUP, check, 'answer a bad or duplicate address with 400 and { "message": "…" } the visitor reads', [`${what} for {"email":"not-an-address"}`])
}

/** The shapes group: one row per endpoint, then unknown ids, subscribe, ids and updated_at. */
export async function checkShapesAndIds(context: RunContext): Promise<CheckResult[]> {
  const crawl = context.published
  return [...ROWS.map((endpoint) => endpointRow(crawl, endpoint)), await unknownIdRow(context.api, crawl), await subscribeRow(context), idsRow(crawl), updatedAtRow(crawl)]
}
