import type { ApiRef } from "../../../contract/schemas"
import type { RunContext } from "../context"
import { crawl, type View } from "../backend/crawl"
import { ENDPOINTS, type Endpoint } from "../backend/endpoints"
import { nowOf, readFeed } from "../backend/feed"
import { describeAnswer, type Answer } from "../backend/http"
import { at, shown } from "../results/problems"
import { fail, pass, skip, verdict, type CheckResult } from "../results/results"

// --draft: a command saves a draft of one entity (its title with
// $CATALOGUE_CHECK_WORD, ideally). The kit finds it (the draft view's
// changes feed, or else the entities flagged in the draft view), then checks
// that the draft view flags it, that the published view does not show it
// whatever the headers, and that search (never previewed) does not find it.

const GROUP = "drafts"

export const SAVED_DRAFT_ROWS = {
  flagged: "drafts: a saved draft is flagged (--draft)",
  hidden: "drafts: published view hides the draft (--draft)",
  search: "drafts: search hides the draft (--draft)",
} as const

type Entity = Record<string, unknown>
type Ref = Pick<ApiRef, "type" | "id">

/** One drafted entity as both views answer it. */
interface Drafted {
  ref: Ref
  draft: { answer: Answer; entity?: Entity }
  published: { answer: Answer; entity?: Entity }
}

const DETAIL_OF: Partial<Record<ApiRef["type"], Endpoint>> = { category: "category", subcategory: "subcategory", series: "series", episode: "episode" }
const TYPE_OF: Partial<Record<Endpoint, ApiRef["type"]>> = { category: "category", subcategory: "subcategory", series: "series", episode: "episode" }
/** The most drafted entities the kit reads: a draft command saves one, and its containers may be listed too. */
const MOST_CANDIDATES = 10

const isEntity = (value: unknown): value is Entity => typeof value === "object" && value !== null && !Array.isArray(value)
const dataOf = (answer: Answer): unknown => (answer.status === 200 && isEntity(answer.json) ? answer.json.data : undefined)

/** One entity of a ref in one view; the featured items and the site settings are read from their one answer. */
async function readEntity(context: RunContext, ref: Ref, view: View): Promise<{ answer: Answer; entity?: Entity }> {
  const detail = DETAIL_OF[ref.type]
  const path = detail ? ENDPOINTS[detail].path(ref.id ?? "") : ref.type === "featured" ? "/featured-collections" : "/site-settings"
  const answer = await context.api.get(path, view)
  const data = dataOf(answer)
  const entity = ref.type === "featured" && Array.isArray(data) ? data.find((item) => isEntity(item) && item.id === ref.id) : data
  return { answer, entity: isEntity(entity) ? entity : undefined }
}

/** What the draft changed: the draft view's feed since `before`, or (without a feed) the entities the draft view flags. */
async function draftedRefs(context: RunContext, view: View, before: string | undefined): Promise<{ refs: Ref[]; where: string }> {
  const read = before === undefined ? undefined : await readFeed(context.api, before, view)
  if (read?.feed) return { refs: read.feed.changed.slice(0, MOST_CANDIDATES), where: `${read.answer.method} ${read.answer.url}` }
  const drafts = await crawl(context.api, view, context.options.sample)
  const refs = drafts.reads.flatMap((read) => {
    const data = read.parsed ? (read.parsed as { data?: unknown }).data : undefined
    const type = TYPE_OF[read.endpoint]
    return type && isEntity(data) && data.draft === true && (typeof data.id === "string" || typeof data.id === "number") ? [{ type, id: data.id }] : []
  })
  return { refs: refs.slice(0, MOST_CANDIDATES), where: "the draft view's entities (no changes feed to ask)" }
}

const mentions = (entity: Entity | undefined, word: string) => entity !== undefined && JSON.stringify(entity).toLowerCase().includes(word.toLowerCase())
/** An entity's own fields, without its flags, stamps and nested lists: what a draft changes. */
const own = (entity: Entity) =>
  JSON.stringify(
    Object.entries(entity)
      .filter(([key]) => !["draft", "updated_at", "sub_categories", "series"].includes(key))
      .sort(),
  )

function flaggedRow(drafted: readonly Drafted[], where: string): CheckResult {
  const check = SAVED_DRAFT_ROWS.flagged
  const found = drafted.filter((item) => item.draft.entity)
  if (found.length === 0) {
    return fail(GROUP, check, "list the saved draft in the draft view's changes feed and answer it there", [`after --draft, ${where} named no entity the draft view answers`])
  }
  const flagged = found.filter((item) => item.draft.entity!.draft === true)
  if (flagged.length > 0) return pass(GROUP, check, flagged.map(({ ref }) => `${ref.type} ${ref.id}`).join(", "))
  return fail(
    GROUP,
    check,
    'in the draft view, give "draft": true to an entity whose draft differs from its published version',
    found.map(({ draft }) => at(draft.answer, "data.draft", `is ${shown(draft.entity!.draft)} after --draft saved it`, draft.entity)),
  )
}

function hiddenRow(subjects: readonly Drafted[], word: string): CheckResult {
  if (subjects.length === 0) return skip(GROUP, SAVED_DRAFT_ROWS.hidden, `no drafted entity to compare (see "${SAVED_DRAFT_ROWS.flagged}")`)
  const problems = subjects.flatMap(({ draft, published }) => {
    if (!published.entity) return []
    // The command's word, when the draft has it, is proof; without it, the draft's own fields must differ.
    const byWord = mentions(draft.entity, word)
    const shows = byWord ? mentions(published.entity, word) : own(draft.entity!) === own(published.entity)
    const what = byWord ? `'s word ${JSON.stringify(word)}` : ": the same fields as the draft view"
    return shows ? [`${describeAnswer(published.answer)} (no preview=1, with the token) showing the draft${what}`] : []
  })
  return verdict(GROUP, SAVED_DRAFT_ROWS.hidden, problems, "without preview=1 answer the published version, whatever the headers: a draft waits for its publish")
}

/** The word to search for: the command's fresh word when the draft's title has it, else a word only the draft's title has. */
function searchWord(subjects: readonly Drafted[], word: string): string | undefined {
  const titles = subjects.map(({ draft }) => String(draft.entity!.title ?? ""))
  if (titles.some((title) => title.toLowerCase().includes(word.toLowerCase()))) return word
  return subjects.flatMap(({ draft, published }) => {
    const before = String(published.entity?.title ?? "").toLowerCase()
    return (String(draft.entity!.title ?? "").match(/[\p{L}\p{N}]{3,}/gu) ?? []).filter((candidate) => !before.includes(candidate.toLowerCase()))
  })[0]
}

async function searchRow(context: RunContext, view: View, subjects: readonly Drafted[], word: string): Promise<CheckResult> {
  const q = searchWord(subjects, word)
  if (q === undefined) return skip(GROUP, SAVED_DRAFT_ROWS.search, "the draft changed no title word to search for (put $CATALOGUE_CHECK_WORD in the title --draft saves)")
  const draftTitles = new Set(subjects.map(({ draft }) => String(draft.entity!.title ?? "")))
  const answers = [await context.api.get(`/search?q=${encodeURIComponent(q)}`), await context.api.get(`/search?q=${encodeURIComponent(q)}`, view)]
  const problems = answers.flatMap((answer) => {
    const groups = dataOf(answer)
    if (!Array.isArray(groups)) return [`${describeAnswer(answer)}, not 200 { data: SearchGroup[] }`]
    const series = groups.flatMap((group) => (isEntity(group) && Array.isArray(group.series) ? group.series.filter(isEntity) : []))
    const shown = series.filter(({ title }) => typeof title === "string" && (q === word ? title.toLowerCase().includes(q.toLowerCase()) : draftTitles.has(title)))
    return shown.map(({ title }) => `${describeAnswer(answer)} with the draft's series ${JSON.stringify(title)}`)
  })
  return verdict(
    GROUP,
    SAVED_DRAFT_ROWS.search,
    problems,
    "search the published catalogue alone, with preview=1 too: search is never previewed",
    `searched for ${JSON.stringify(q)}`,
  )
}

/** The --draft rows, in the draft view `view`. */
export async function checkSavedDraft(context: RunContext, view: View): Promise<CheckResult[]> {
  if (!context.options.commands.draft) {
    const why = "give --draft CMD (a command that saves a draft of one published entity, its title with $CATALOGUE_CHECK_WORD)"
    return Object.values(SAVED_DRAFT_ROWS).map((check) => skip(GROUP, check, why))
  }
  let before = nowOf(await readFeed(context.api, new Date(Date.now() - 60_000).toISOString(), view))
  before ??= nowOf(await readFeed(context.api, new Date().toISOString(), view))
  const outcome = await context.run("draft")
  if (outcome.problem) {
    const why = "needs --draft to succeed"
    return [
      fail(GROUP, SAVED_DRAFT_ROWS.flagged, "make --draft save a draft of one entity and exit 0", [outcome.problem]),
      skip(GROUP, SAVED_DRAFT_ROWS.hidden, why),
      skip(GROUP, SAVED_DRAFT_ROWS.search, why),
    ]
  }
  const { refs, where } = await draftedRefs(context, view, before)
  const token: View = { preview: false, token: view.token }
  const drafted = await Promise.all(refs.map(async (ref) => ({ ref, draft: await readEntity(context, ref, view), published: await readEntity(context, ref, token) })))
  const subjects = drafted.filter(({ draft }) => draft.entity && (draft.entity.draft === true || mentions(draft.entity, outcome.word)))
  return [flaggedRow(drafted, where), hiddenRow(subjects, outcome.word), await searchRow(context, view, subjects, outcome.word)]
}
