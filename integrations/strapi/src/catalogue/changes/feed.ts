import type { Core } from "@strapi/strapi"
import type { View } from "../http/preview-access"
import type { UncommittedStamps } from "./in-flight"
import { logStartedAt, pruneChanges, readChanges } from "./log"
import type { Ref } from "./refs"

// GET /changes?since= of catalogue-api.md: `{ now, changed, deleted }` of one
// view, or 410 when `since` is missing, not a date, or older than what the
// log can vouch for (its retention, or the day it began).

/** Days the log keeps its rows, tombstones included; catalogue-api.md asks for at least 30. */
export const RETENTION_DAYS = 30
const DAY_MS = 24 * 60 * 60 * 1000
export const RETENTION_MS = RETENTION_DAYS * DAY_MS

export interface ChangesAnswer {
  now: string
  changed: Ref[]
  deleted: Ref[]
}

/** A `since` the feed cannot answer for; the route answers 410 with its message. */
export class ChangesGone extends Error {}

/**
 * ISO 8601 date and time with a zone, as catalogue-api.md's `since` is: seconds and
 * their fraction optional (`2024-05-01T10:00Z`, `2024-05-01T10:00:00.123+02:00`).
 * Date.parse alone would also take "May 1" and read a zone-less time as local.
 */
const ISO_8601 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i

/** `since` in ms, or ChangesGone saying why it cannot be read. */
export function parseSince(since: unknown): number {
  if (since === undefined || since === "") {
    throw new ChangesGone("Send ?since= with the `now` of your last changes answer (ISO 8601); without it, read the whole catalogue.")
  }
  // An unencoded "+02:00" in a query string arrives as " 02:00".
  const text = typeof since === "string" ? since.replace(/ (\d{2}:?\d{2})$/, "+$1") : ""
  const ms = ISO_8601.test(text) ? Date.parse(text) : NaN
  if (Number.isNaN(ms)) throw new ChangesGone(`since=${JSON.stringify(since)} is not an ISO 8601 date and time; read the whole catalogue.`)
  return ms
}

/**
 * The feed of `view` since `since`. `now` is taken first (and held back by
 * any change not yet committed, in-flight.ts), and rows count from `since`
 * inclusive: whatever commits while or after this is read is stamped at or
 * after `now`, so the client's next `since=now` sees it. Overlap costs a page
 * rebuilt; a gap would cost a stale page.
 */
export async function readFeed(strapi: Core.Strapi, stamps: UncommittedStamps, view: View, since: unknown): Promise<ChangesAnswer> {
  const nowMs = stamps.now()
  const sinceMs = parseSince(since)
  if (sinceMs < nowMs - RETENTION_MS) {
    throw new ChangesGone(`since=${String(since)} is older than the ${RETENTION_DAYS} days changes and deletions are kept; read the whole catalogue.`)
  }
  const started = await logStartedAt(strapi)
  if (started === undefined || sinceMs < started) {
    const when = started === undefined ? "yet" : `before ${new Date(started).toISOString()}`
    throw new ChangesGone(`since=${String(since)}: this catalogue did not record changes ${when}; read the whole catalogue.`)
  }
  await pruneChanges(strapi, nowMs - RETENTION_MS, nowMs)
  return { now: new Date(nowMs).toISOString(), ...(await readChanges(strapi, view, sinceMs)) }
}
