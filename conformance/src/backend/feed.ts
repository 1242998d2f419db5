import { describeIssues } from "../../../contract/describe-issues"
import { unsafeIds } from "../../../contract/safe-ids"
import { ANSWERS, type ApiChanges } from "../../../contract/schemas"
import type { View } from "./crawl"
import { describeAnswer, type Answer, type CatalogueApi } from "./http"
import { at, timestampProblem } from "../results/problems"

// The changes feed (catalogue-api.md, "Changes feed and publish webhook"),
// read and judged in one place: the published feed's checks and the draft
// view's (`preview=1`) hold it to the same rules.

/** One answer of `GET /changes?since=`, with the feed when its shape is right. */
export interface FeedRead {
  answer: Answer
  feed?: ApiChanges
  /** Everything wrong with a 200 answer: its shape, `now`, its refs. */
  problems: string[]
  /**
   * The answer's lists as they came, even when the rest of its shape is wrong:
   * whether an edit is listed is its own check, apart from the shape's.
   */
  lists?: { changed: unknown[]; deleted: unknown[] }
}

/** `data.changed` and `data.deleted` of an answer, when both are lists. */
function listsOf(json: unknown): FeedRead["lists"] {
  const data = typeof json === "object" && json !== null ? (json as { data?: unknown }).data : undefined
  const { changed, deleted } = (typeof data === "object" && data !== null ? data : {}) as Record<string, unknown>
  return Array.isArray(changed) && Array.isArray(deleted) ? { changed, deleted } : undefined
}

/** How far the backend's clock may be from the kit's before the table says so (a note, not a failure: the site sends back the backend's own `now`). */
export const CLOCK_SKEW_NOTE_MS = 5 * 60_000

/** What is wrong with the refs of a feed: ids that are no path segment, and null ids on anything but the site settings. */
function refProblems(answer: Answer, feed: ApiChanges): string[] {
  const nulls = (["changed", "deleted"] as const).flatMap((list) =>
    feed[list].flatMap((ref, index) => {
      if (ref.type !== "site-settings" && ref.id === null) return [at(answer, `data.${list}[${index}].id`, `is null for a ${ref.type}: only site-settings has a null id`)]
      if (ref.type === "site-settings" && ref.id !== null) return [at(answer, `data.${list}[${index}].id`, `is ${JSON.stringify(ref.id)}: site-settings' id is null`)]
      return []
    }),
  )
  return [...unsafeIds({ data: feed }).map((found) => `${answer.method} ${answer.url}: ${found}`), ...nulls]
}

/** `GET /changes?since=` (omitted when `since` is undefined) in one view, judged. */
export async function readFeed(api: CatalogueApi, since: string | undefined, view: View): Promise<FeedRead> {
  const answer = await api.get(since === undefined ? "/changes" : `/changes?since=${encodeURIComponent(since)}`, view)
  if (answer.status !== 200) return { answer, problems: [`${describeAnswer(answer)}, not 200`] }
  const result = ANSWERS.changes.safeParse(answer.json)
  const lists = listsOf(answer.json)
  if (!result.success) {
    const why = answer.json === undefined ? "a body that is not JSON" : describeIssues(result.error.issues, answer.json)
    return { answer, lists, problems: [`${answer.method} ${answer.url}: ${why}`] }
  }
  const feed = result.data.data
  const nowProblem = timestampProblem(feed.now, false)
  return { answer, feed, lists, problems: [...(nowProblem ? [at(answer, "data.now", nowProblem)] : []), ...refProblems(answer, feed)] }
}

/** The feed's `now` when it is one, else undefined. */
export const nowOf = (read: FeedRead): string | undefined => (read.feed && !timestampProblem(read.feed.now, false) ? read.feed.now : undefined)

/** A note when the backend's clock is far from the kit's. */
export function skewNote(now: string | undefined, askedAt: number): string {
  if (!now) return ""
  const skew = Date.parse(now) - askedAt
  if (Math.abs(skew) <= CLOCK_SKEW_NOTE_MS) return ""
  return `note: the backend's now is ${Math.round(Math.abs(skew) / 60_000)} min ${skew > 0 ? "ahead of" : "behind"} this machine's clock (harmless: the site sends your now back)`
}
