import type { RunContext } from "../context"
import { crawl, readEndpoint, type Crawl, type View } from "../backend/crawl"
import { entitiesOf } from "../backend/endpoints"
import { readFeed } from "../backend/feed"
import { describeAnswer } from "../backend/http"
import { at, shown } from "../results/problems"
import { fail, pass, skip, verdict, type CheckResult } from "../results/results"
import { checkSavedDraft, SAVED_DRAFT_ROWS } from "./saved-draft"
import { endpointRow, hasMessage, idsRow, updatedAtRow } from "./shapes-and-ids"

// catalogue-api.md, "Drafts and preview" (optional for a backend): the draft
// view behind `preview=1` and the preview token, 401 without it, `draft`
// flags, and (given --draft) a saved draft flagged there and shown nowhere
// else: not in the published view, not in search.

export const GROUP = "drafts"

const ROWS = {
  noToken: "drafts: preview=1 without token → 401",
  wrongToken: "drafts: preview=1 with a wrong token → 401",
  shapes: "drafts: draft view in the contract's shapes",
  flags: "drafts: draft is true, false or absent",
  publishedFlags: "drafts: published view carries no draft: true",
  feed: "drafts: changes feed with preview=1",
} as const

/** Requests a preview build makes, asked without the token and with a wrong one. */
const REFUSED_PATHS = ["/categories", "/featured-collections"]

/** The site settings carry `draft` as the entities do. */
const flagged = (read: Crawl["reads"][number]) => [
  ...entitiesOf(read.endpoint, read.parsed),
  ...(read.endpoint === "siteSettings" && read.parsed ? [{ field: "data", entity: (read.parsed as { data: Record<string, unknown> }).data }] : []),
]

/** Entities whose `draft` breaks `allowed` (the draft view: a boolean or absent; the published view: never true). */
function flagProblems(crawl: Crawl, allowed: (draft: unknown) => boolean): string[] {
  return crawl.reads.flatMap((read) =>
    flagged(read).flatMap(({ field, entity }) => (allowed(entity.draft) ? [] : [at(read.answer, `${field}.draft`, `is ${shown(entity.draft)}`, entity)])),
  )
}

async function refusedRow(context: RunContext, check: string, token: string | undefined): Promise<CheckResult> {
  const answers = await Promise.all(REFUSED_PATHS.map((path) => context.api.get(path, { preview: true, token })))
  const problems = answers.flatMap((answer) =>
    answer.status !== 401 ? [`${describeAnswer(answer)}, not 401`] : hasMessage(answer.json) ? [] : [`${describeAnswer(answer)} without a JSON { "message" }`],
  )
  const fix = `answer preview=1 ${token === undefined ? "without" : "with a wrong"} Authorization: Bearer token with 401 { "message" }: the draft view is for the preview build alone`
  return verdict(GROUP, check, problems, fix)
}

/** The draft view read as the published one was: every endpoint's shape, ids, updated_at. */
function shapesRow(drafts: Crawl): CheckResult {
  const rows = [...new Set(drafts.reads.map((read) => read.endpoint))].map((endpoint) => endpointRow(drafts, endpoint, GROUP))
  const problems = [...rows, idsRow(drafts, GROUP), updatedAtRow(drafts, GROUP)].flatMap((row) => (row.outcome === "FAIL" ? row.problems : []))
  return verdict(
    GROUP,
    ROWS.shapes,
    problems,
    "answer the draft view in the published view's shapes, ids and updated_at (see the shapes rows for the rules)",
    `${drafts.reads.length} answers read`,
  )
}

async function feedRow(context: RunContext, view: View): Promise<CheckResult> {
  const probe = await readFeed(context.api, undefined, view)
  if (probe.answer.status === 404) return skip(GROUP, ROWS.feed, "GET /changes?preview=1 answered 404: no changes feed")
  let read = await readFeed(context.api, new Date(Date.now() - 60_000).toISOString(), view)
  if (read.answer.status === 410) read = await readFeed(context.api, new Date().toISOString(), view)
  return verdict(GROUP, ROWS.feed, read.problems, "answer GET /changes?since=…&preview=1 with the draft view's { now, changed, deleted }, as the published feed")
}

/** Every row of the group, in the table's order, whichever were skipped. */
const ORDER: readonly string[] = [...Object.values(ROWS), ...Object.values(SAVED_DRAFT_ROWS)]
const inOrder = (rows: readonly CheckResult[]) => [...rows].sort((a, b) => ORDER.indexOf(a.check) - ORDER.indexOf(b.check))
const skipOthers = (done: readonly CheckResult[], why: string) =>
  inOrder([...done, ...ORDER.filter((check) => !done.some((row) => row.check === check)).map((check) => skip(GROUP, check, why))])

/**
 * Without --preview-token the kit cannot tell a backend without drafts (which
 * may ignore preview=1) from one that leaks them, unless the answer flags a
 * draft: that fails; a 401 passes; anything else is skipped.
 */
async function withoutToken(context: RunContext, publishedFlags: CheckResult): Promise<CheckResult[]> {
  const why = "give --preview-token (the backend's CATALOGUE_PREVIEW_TOKEN) to check the draft view"
  const read = await readEndpoint(context.api, "categories", "/categories", { preview: true })
  const leaks = read.parsed ? flagProblems({ reads: [read], counts: {}, ids: [] }, (draft) => draft !== true) : []
  const noToken =
    read.answer.status === 401
      ? pass(GROUP, ROWS.noToken)
      : leaks.length > 0
        ? fail(GROUP, ROWS.noToken, 'answer preview=1 without the token with 401 { "message" }: the draft view is for the preview build alone', leaks)
        : skip(GROUP, ROWS.noToken, `${describeAnswer(read.answer)}: a backend without drafts may ignore preview=1; ${why}`)
  return skipOthers([noToken, publishedFlags], why)
}

export async function checkDraftView(context: RunContext): Promise<CheckResult[]> {
  const publishedFlags = verdict(
    GROUP,
    ROWS.publishedFlags,
    flagProblems(context.published, (draft) => draft !== true),
    "never show a draft without preview=1: the published view carries draft false or none",
  )
  const token = context.options.previewToken
  if (token === undefined) return withoutToken(context, publishedFlags)
  const view: View = { preview: true, token }
  const probe = await context.api.get("/categories", view)
  if (probe.status === 401) {
    const why = `${describeAnswer(probe)} with --preview-token too: this backend keeps no drafts (optional), or the token is not its CATALOGUE_PREVIEW_TOKEN`
    return skipOthers([publishedFlags], why)
  }
  const drafts = await crawl(context.api, view, context.options.sample)
  return [
    await refusedRow(context, ROWS.noToken, undefined),
    await refusedRow(context, ROWS.wrongToken, `wrong-${token}`),
    shapesRow(drafts),
    verdict(
      GROUP,
      ROWS.flags,
      flagProblems(drafts, (draft) => draft === undefined || typeof draft === "boolean"),
      'give draft as true or false, or leave it out ("draft": true where the entity differs from its published version)',
    ),
    publishedFlags,
    await feedRow(context, view),
    ...(await checkSavedDraft(context, view)),
  ]
}
