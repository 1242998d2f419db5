import { Ref, type ApiRef } from "../../../contract/schemas"
import type { RunContext } from "../context"
import { ENDPOINTS, type Endpoint } from "../backend/endpoints"
import { nowOf, readFeed, skewNote, type FeedRead } from "../backend/feed"
import { describeAnswer } from "../backend/http"
import { fail, pass, skip, verdict, type CheckResult } from "../results/results"
import { hasMessage } from "./shapes-and-ids"

// catalogue-api.md, "Changes feed and publish webhook" (optional for a
// backend): `now`, `changed` and `deleted` of Refs, 410 for a missing or too
// old `since`, and, given commands that change the catalogue, an edit listed
// in `changed` and a delete as a tombstone in `deleted`.

const GROUP = "changes"
const PUBLISHED = { preview: false }

const ROWS = {
  noSince: "changes: no since → 410",
  oldSince: "changes: old since → 410",
  answer: "changes: answer { now, changed, deleted }",
  nextSince: "changes: now accepted as next since",
  edit: "changes: an edit is listed (--edit)",
  delete: "changes: a delete leaves a tombstone (--delete)",
} as const

/** A since no backend keeps tombstones for (the contract asks for 30 days at least, not 25 years). */
const ANCIENT_SINCE = "2000-01-01T00:00:00Z"

async function goneRow(context: RunContext, check: string, since: string | undefined): Promise<CheckResult> {
  const { answer } = await readFeed(context.api, since, PUBLISHED)
  const problems = answer.status !== 410 ? [`${describeAnswer(answer)}, not 410`] : hasMessage(answer.json) ? [] : [`${describeAnswer(answer)} without a JSON { "message" }`]
  const fix =
    since === undefined
      ? 'answer GET /changes without since with 410 { "message" }: the site then reads the whole catalogue'
      : `answer a since older than your tombstones (since=${since}) with 410 { "message" }: the site would miss deletions otherwise`
  return verdict(GROUP, check, problems, fix)
}

/**
 * The feed since a minute ago; a feed whose history starts later (a new
 * backend) may answer that 410, so then since now, by this machine's clock.
 */
async function firstAnswer(context: RunContext): Promise<{ read: FeedRead; askedAt: number }> {
  const askedAt = Date.now()
  const read = await readFeed(context.api, new Date(askedAt - 60_000).toISOString(), PUBLISHED)
  if (read.answer.status !== 410) return { read, askedAt }
  return { read: await readFeed(context.api, new Date().toISOString(), PUBLISHED), askedAt }
}

/** The since for a change about to be made: the backend's own `now`, else (a feed without one) this machine's clock. */
async function sinceBefore(context: RunContext, since: string): Promise<string> {
  return nowOf(await readFeed(context.api, since, PUBLISHED)) ?? new Date().toISOString()
}

/** The detail path of a tombstone's entity, which must now answer 404. */
const DETAIL_OF: Partial<Record<ApiRef["type"], Endpoint>> = { category: "category", subcategory: "subcategory", series: "series", episode: "episode" }

async function changeRow(context: RunContext, which: "edit" | "delete", since: string): Promise<CheckResult> {
  const check = ROWS[which]
  if (!context.options.commands[which]) return skip(GROUP, check, `give --${which} CMD (a command that ${which === "edit" ? "edits one published entity" : "deletes one entity"})`)
  const before = await sinceBefore(context, since)
  const outcome = await context.run(which)
  if (outcome.problem) return fail(GROUP, check, `make --${which} ${which === "edit" ? "edit" : "delete"} one entity and exit 0`, [outcome.problem])
  const read = await readFeed(context.api, before, PUBLISHED)
  if (!read.lists) return fail(GROUP, check, "answer the changes feed with its changed and deleted lists (see the rows above)", read.problems)
  const list = which === "edit" ? read.lists.changed : read.lists.deleted
  if (list.length === 0) {
    const fix =
      which === "edit" ? "list every entity created or updated after since in changed" : "keep a tombstone of every deleted entity (30 days at least) and list it in deleted"
    return fail(GROUP, check, fix, [`${read.answer.method} ${read.answer.url} answered an empty ${which === "edit" ? "changed" : "deleted"} after --${which} ran`])
  }
  if (which === "edit") return pass(GROUP, check, `changed: ${list.length}`)
  const refs = list.flatMap((item) => {
    const ref = Ref.safeParse(item)
    return ref.success && ref.data.id !== null && DETAIL_OF[ref.data.type] ? [{ endpoint: DETAIL_OF[ref.data.type]!, id: ref.data.id }] : []
  })
  const stillThere = await Promise.all(refs.map(({ endpoint, id }) => context.api.get(ENDPOINTS[endpoint].path(id))))
  const problems = stillThere.filter((answer) => answer.status !== 404).map((answer) => `${describeAnswer(answer)}, not 404, though deleted lists it`)
  return verdict(GROUP, check, problems, "answer 404 for a deleted entity", `deleted: ${list.length}`)
}

export async function checkChangesFeed(context: RunContext): Promise<CheckResult[]> {
  const probe = await readFeed(context.api, undefined, PUBLISHED)
  if (probe.answer.status === 404) {
    const why = "GET /changes answered 404: no changes feed (optional; the site then reads the whole catalogue every build)"
    return Object.values(ROWS).map((check) => skip(GROUP, check, why))
  }
  const rows = [await goneRow(context, ROWS.noSince, undefined), await goneRow(context, ROWS.oldSince, ANCIENT_SINCE)]
  const { read, askedAt } = await firstAnswer(context)
  rows.push(verdict(GROUP, ROWS.answer, read.problems, "answer { data: { now, changed: Ref[], deleted: Ref[] } }, now in ISO 8601", skewNote(nowOf(read), askedAt)))
  const now = nowOf(read)
  if (now) {
    const next = await readFeed(context.api, now, PUBLISHED)
    rows.push(verdict(GROUP, ROWS.nextSince, next.problems, "accept the now you answered as the next since (200, not 410)"))
  } else rows.push(skip(GROUP, ROWS.nextSince, `needs a now in the answer (see "${ROWS.answer}")`))
  const since = now ?? new URL(read.answer.url).searchParams.get("since")!
  rows.push(await changeRow(context, "edit", since), await changeRow(context, "delete", since))
  return rows
}
