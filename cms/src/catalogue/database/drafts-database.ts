import fs from "node:fs"
import { openDatabase as openSqlite } from "../../../../node-kit/storage/sqlite"
import { COLUMNS, CREATE_FIELDS } from "./columns"
import { openDatabase, type CatalogueDatabase } from "./database"
import { CATALOGUE_TABLES, type CatalogueTable } from "./tables"

// The draft view of docs/reference/catalogue-api.md ("Drafts and preview") is a
// second catalogue database: the editors' working copy, with every saved
// draft applied. It starts as a copy of the published catalogue, and the
// same writes (admin/entity-writes.ts) run on it, so a draft moves, cascades
// and bumps its containers exactly as a publish would, and its own
// updated_at stamps and tombstones are the draft changes feed. The published
// file is attached to it as `live`, so a read can tell what differs.

/** The schema name the published catalogue is attached under in the drafts' connection. */
export const LIVE = "live"

/** Rows that are nobody's drafts: subscribers' addresses and the webhooks owed stay in the published file alone. */
const NOT_COPIED = ["subscriptions", "webhook_outbox"]

const quoted = (file: string) => `'${file.replace(/'/g, "''")}'`

/**
 * Opens the drafts' catalogue at `draftsFile`, making it first as a copy of
 * the published one (`published`, open on `publishedFile`, seeded already)
 * when there is none: with no draft saved yet, the draft view is the
 * published view. The copy is written aside and renamed, so a crash
 * mid-copy leaves no half a catalogue to open next time.
 */
export function openDraftsDatabase(published: CatalogueDatabase, publishedFile: string, draftsFile: string): CatalogueDatabase {
  if (!fs.existsSync(draftsFile)) {
    const copying = `${draftsFile}.copying`
    fs.rmSync(copying, { force: true })
    published.exec(`VACUUM INTO ${quoted(copying)}`)
    const copy = openSqlite(copying)
    for (const table of NOT_COPIED) copy.exec(`DELETE FROM ${table}`)
    copy.pragma("wal_checkpoint(TRUNCATE)")
    copy.close()
    fs.renameSync(copying, draftsFile)
    for (const companion of ["-wal", "-shm"]) fs.rmSync(`${copying}${companion}`, { force: true })
  }
  const drafts = openDatabase(draftsFile)
  drafts.exec(`ATTACH DATABASE ${quoted(publishedFile)} AS ${LIVE}`)
  return drafts
}

/** The fields that make what an entity shows: what an editor writes (a featured item's position among them). */
const shownColumns = (table: CatalogueTable) => Object.keys(CREATE_FIELDS[table])

/**
 * SQL true when a row `d` of the drafts' catalogue shows something its
 * published row `l` (joined on id) does not, or has none.
 */
function differsSql(table: CatalogueTable): string {
  return `(l.id IS NULL OR ${shownColumns(table)
    .map((column) => `d.${column} IS NOT l.${column}`)
    .join(" OR ")})`
}

/**
 * A FROM source of `table` in the drafts' catalogue: its rows with a `draft`
 * column, 1 where the row differs from its published version.
 */
export function draftRowsSql(table: CatalogueTable): string {
  return `(SELECT d.*, ${differsSql(table)} AS draft FROM main.${table} d LEFT JOIN ${LIVE}.${table} l ON l.id = d.id)`
}

/** What one entity's pending draft does to its published version. */
export type DraftKind = "created" | "edited" | "deleted"

export interface PendingDraft {
  table: CatalogueTable
  id: number
  kind: DraftKind
  /** The title the draft shows (the published one for a deletion). */
  title: string | null
}

/** Every entity whose draft differs from what is published, in table order, then by id. */
export function pendingDrafts(drafts: CatalogueDatabase): PendingDraft[] {
  return CATALOGUE_TABLES.flatMap((table) => {
    const rows = drafts
      .prepare(
        `SELECT d.id AS id, d.title AS title, CASE WHEN l.id IS NULL THEN 'created' ELSE 'edited' END AS kind
           FROM main.${table} d LEFT JOIN ${LIVE}.${table} l ON l.id = d.id WHERE ${differsSql(table)}
         UNION ALL
         SELECT l.id, l.title, 'deleted' FROM ${LIVE}.${table} l WHERE l.id NOT IN (SELECT id FROM main.${table})
         ORDER BY 1`,
      )
      .all() as { id: number; title: string | null; kind: DraftKind }[]
    return rows.map((row) => ({ table, ...row }))
  })
}

/** A row of `table` in the published catalogue, as stored. */
export function liveRow(drafts: CatalogueDatabase, table: CatalogueTable, id: number): Record<string, unknown> | undefined {
  return drafts.prepare(`SELECT * FROM ${LIVE}.${table} WHERE id = ?`).get(id) as Record<string, unknown> | undefined
}

/** A row of `table` in the drafts' catalogue, as stored. */
export function draftRow(drafts: CatalogueDatabase, table: CatalogueTable, id: number): Record<string, unknown> | undefined {
  return drafts.prepare(`SELECT * FROM main.${table} WHERE id = ?`).get(id) as Record<string, unknown> | undefined
}

/** Every column of `table`, in declaration order. */
export const columnsOf = (table: CatalogueTable) => Object.keys(COLUMNS[table])
