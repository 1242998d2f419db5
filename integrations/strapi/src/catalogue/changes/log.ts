import type { Core } from "@strapi/strapi"
import type { View } from "../http/preview-access"
import type { Ref, RefType } from "./refs"

// The changes feed's log, in the hidden catalogue-change content type: one row
// per view an action changed, appended (never updated, so concurrent editors'
// transactions cannot race on a row), read back with the latest row of each
// entity winning. Rows older than the retention are pruned.

export const CHANGE_UID = "api::catalogue-change.catalogue-change"

export type ChangeKind = "changed" | "deleted"

/** What one action did to one view of one entity. */
export interface ViewChange {
  view: View
  ref: Ref
  kind: ChangeKind
}

interface ChangeRow {
  id: number
  ref_type: RefType
  ref_id: string | null
  kind: ChangeKind
  at: string
}

// The query engine is typed for generated content-type types, which this
// project does not generate; these calls name the hidden type by its uid.
const changes = (strapi: Core.Strapi) => strapi.db.query(CHANGE_UID as never)

/** Appends the changes of one action, stamped `at` (ms since the epoch); joins the caller's transaction. */
export async function appendChanges(strapi: Core.Strapi, list: readonly ViewChange[], at: number): Promise<void> {
  const stamp = new Date(at)
  for (const change of list) {
    await changes(strapi).create({
      data: { view: change.view, ref_type: change.ref.type, ref_id: change.ref.id, kind: change.kind, at: stamp },
    })
  }
}

/**
 * Every entity of `view` changed or deleted at or after `fromMs`, each in
 * the list of its latest row: created then deleted is deleted, deleted then
 * created again is changed.
 */
export async function readChanges(strapi: Core.Strapi, view: View, fromMs: number): Promise<{ changed: Ref[]; deleted: Ref[] }> {
  const rows = (await changes(strapi).findMany({
    select: ["id", "ref_type", "ref_id", "kind", "at"],
    where: { view, at: { $gte: new Date(fromMs) } },
    orderBy: [{ at: "asc" }, { id: "asc" }],
  })) as ChangeRow[]
  const latest = new Map<string, ChangeRow>()
  for (const row of rows) {
    const key = `${row.ref_type}:${row.ref_id ?? ""}`
    // Re-inserted so the map keeps the order of each entity's latest change.
    latest.delete(key)
    latest.set(key, row)
  }
  const answer: { changed: Ref[]; deleted: Ref[] } = { changed: [], deleted: [] }
  for (const row of latest.values()) answer[row.kind].push({ type: row.ref_type, id: row.ref_id ?? null })
  return answer
}

const PRUNE_EVERY_MS = 60 * 60_000
const lastPruned = new WeakMap<Core.Strapi, number>()

/**
 * Drops the rows stamped before `beforeMs` (no `since` that old is
 * answered), at most once an hour: the feed is read every few seconds, and
 * each delete would take the database's write lock from the editors.
 */
export async function pruneChanges(strapi: Core.Strapi, beforeMs: number, nowMs = Date.now()): Promise<void> {
  if (nowMs - (lastPruned.get(strapi) ?? 0) < PRUNE_EVERY_MS) return
  lastPruned.set(strapi, nowMs)
  await changes(strapi).deleteMany({ where: { at: { $lt: new Date(beforeMs) } } })
}

const LOG_START = { type: "core", name: "catalogue", key: "changes_log_started_at" } as const

/** When this database began recording changes (ms); a `since` before it cannot be answered. */
export async function logStartedAt(strapi: Core.Strapi): Promise<number | undefined> {
  const value = await strapi.store.get(LOG_START)
  return typeof value === "number" ? value : undefined
}

/** Records, once per database, that the log begins now. */
export async function beginChangesLog(strapi: Core.Strapi, now = Date.now()): Promise<void> {
  if ((await logStartedAt(strapi)) === undefined) await strapi.store.set({ ...LOG_START, value: now })
}
