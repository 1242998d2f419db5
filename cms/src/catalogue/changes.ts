import type { ApiChanges, ApiRef, ApiRefType } from "../../../contract/schemas"
import { HttpError } from "../../../node-kit/http/http-error"
import { CATALOGUE_TABLES, REF_TYPE_OF_TABLE, type CatalogueTable } from "./database/tables"
import type { CatalogueDatabase } from "./database/database"

// The changes feed of docs/reference/catalogue-api.md ("Changes feed and publish webhook"):
// every entity's updated_at says when it last changed, and tombstones say what
// was deleted. The writes (writes.ts) keep both up to date.

/** Days a tombstone is kept unless configured otherwise; catalogue-api.md asks for at least 30. */
export const DEFAULT_TOMBSTONE_DAYS = 30

const DAY_MS = 24 * 60 * 60 * 1000

/** The Ref of the one site-settings object. */
export const SITE_SETTINGS_REF: ApiRef = { type: "site-settings", id: null }

export const refOf = (table: CatalogueTable, id: number): ApiRef => ({ type: REF_TYPE_OF_TABLE[table], id })

/** What one editor's write did, for the webhook: entities created or updated, and entities deleted. */
export interface WriteResult {
  changed: ApiRef[]
  deleted: ApiRef[]
}

/** Records that these rows were deleted at `at`; a later deletion of the same id replaces the record. */
export function recordTombstones(db: CatalogueDatabase, refs: ApiRef[], at: string): void {
  const insert = db.prepare("INSERT OR REPLACE INTO tombstones (type, id, deleted_at) VALUES (?, ?, ?)")
  for (const ref of refs) insert.run(ref.type, ref.id, at)
}

/** A row created again under a deleted id is no longer deleted. */
export function forgetTombstone(db: CatalogueDatabase, ref: ApiRef): void {
  db.prepare("DELETE FROM tombstones WHERE type = ? AND id = ?").run(ref.type, ref.id)
}

/** The highest id a tombstone of this table still holds, so a new row never takes a recently deleted id. */
export function highestTombstoneId(db: CatalogueDatabase, table: CatalogueTable): number {
  const row = db.prepare("SELECT max(id) AS id FROM tombstones WHERE type = ?").get(REF_TYPE_OF_TABLE[table]) as {
    id: number | null
  }
  return row.id ?? 0
}

/** Drops tombstones older than the retention. */
export function pruneTombstones(db: CatalogueDatabase, retentionDays: number, at = Date.now()): void {
  db.prepare("DELETE FROM tombstones WHERE deleted_at < ?").run(new Date(at - retentionDays * DAY_MS).toISOString())
}

/**
 * ISO 8601 date and time with a zone, as catalogue-api.md's `since` is: seconds and
 * their fraction optional (`2024-05-01T10:00Z`, `2024-05-01T10:00:00.123+02:00`).
 * Date.parse alone would also take "May 1" and read a zone-less time as local.
 */
const ISO_8601 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i

/** A `since` the feed cannot answer for: the feed answers 410 with this message. */
export class ChangesGone extends HttpError {
  constructor(message: string) {
    super(410, message)
  }
}

export interface ChangesOptions {
  retentionDays: number
  /** The clock; tests move it. */
  clock?: () => number
}

/**
 * The feed's `{ now, changed, deleted }` for `since` as a client sent it.
 * `now` is read before anything else, so whatever changes while (or after)
 * this answer is read has an updated_at at or after it, and the client's next
 * `since=now` sees it. Entities count from `since` inclusive: a change
 * reported twice costs a page rebuilt, a change missed costs a stale page.
 * Throws ChangesGone for a `since` that is missing, not ISO 8601, or older
 * than what this database can vouch for (tombstone retention, or the day it
 * began recording changes).
 */
export function readChanges(db: CatalogueDatabase, since: string | undefined, options: ChangesOptions): ApiChanges {
  const nowMs = (options.clock ?? Date.now)()
  const now = new Date(nowMs).toISOString()
  if (since === undefined || since === "") {
    throw new ChangesGone("Send ?since= with the `now` of your last changes answer (ISO 8601); without it, read the whole catalogue.")
  }
  // An unencoded "+02:00" in a query string arrives as " 02:00".
  const sinceText = since.replace(/ (\d{2}:?\d{2})$/, "+$1")
  const sinceMs = ISO_8601.test(sinceText) ? Date.parse(sinceText) : NaN
  if (Number.isNaN(sinceMs)) {
    throw new ChangesGone(`since=${JSON.stringify(since)} is not an ISO 8601 date and time; read the whole catalogue.`)
  }
  const oldest = nowMs - options.retentionDays * DAY_MS
  if (sinceMs < oldest) {
    throw new ChangesGone(`since=${since} is older than the ${options.retentionDays} days deletions are kept; read the whole catalogue.`)
  }
  const started = (db.prepare("SELECT started_at FROM changes_history WHERE id = 1").get() as { started_at: string } | undefined)?.started_at
  if (started !== undefined && sinceMs < Date.parse(started)) {
    throw new ChangesGone(`since=${since} is before this catalogue began recording changes (${started}); read the whole catalogue.`)
  }
  // Stored stamps are all toISOString()'s, so they compare as text.
  const from = new Date(sinceMs).toISOString()
  return db.transaction(() => {
    pruneTombstones(db, options.retentionDays, nowMs)
    const changed: ApiRef[] = []
    for (const table of CATALOGUE_TABLES) {
      const rows = db.prepare(`SELECT id FROM ${table} WHERE updated_at >= ? ORDER BY id`).all(from) as { id: number }[]
      for (const row of rows) changed.push(refOf(table, row.id))
    }
    if (db.prepare("SELECT 1 FROM site_settings WHERE updated_at >= ?").get(from)) changed.push(SITE_SETTINGS_REF)
    const deleted = (
      db.prepare("SELECT type, id FROM tombstones WHERE deleted_at >= ? ORDER BY deleted_at, rowid").all(from) as {
        type: ApiRefType
        id: number
      }[]
    ).map(({ type, id }) => ({ type, id }))
    return { now, changed, deleted }
  })()
}
