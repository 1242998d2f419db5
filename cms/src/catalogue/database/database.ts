import fs from "node:fs"
import path from "node:path"
import { openDatabase as openSqlite, type SqliteDatabase } from "../../../../node-kit/storage/sqlite"
import { COLUMNS, PARENT, type Column } from "./columns"
import { CATALOGUE_TABLES, type CatalogueTable } from "./tables"

export type CatalogueDatabase = SqliteDatabase

/**
 * A catalogue table's CREATE TABLE, from its declared columns, and its index
 * by container (and position, when it keeps an order among its siblings).
 */
function catalogueTableSql(table: CatalogueTable): string {
  const columns = Object.entries(COLUMNS[table]) as [string, Column][]
  const definition = `CREATE TABLE IF NOT EXISTS ${table} (\n${columns.map(([name, column]) => `  ${name} ${column.sql}`).join(",\n")}\n);`
  const parent = PARENT[table]
  if (!parent) return definition
  const indexed = "position" in COLUMNS[table] ? `${parent.column}, position` : parent.column
  return `${definition}\nCREATE INDEX IF NOT EXISTS ${table}_by_${parent.column.replace(/_id$/, "")} ON ${table}(${indexed});`
}

/**
 * The whole catalogue lives in one SQLite file: the entities' tables
 * (declared in columns.ts), then the rest.
 */
const SCHEMA = `
${CATALOGUE_TABLES.map(catalogueTableSql).join("\n")}
-- One row: the site-wide marketing settings of GET /site-settings. Its
-- updated_at is kept for a changes feed; the API does not serve it.
CREATE TABLE IF NOT EXISTS site_settings (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  settings TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS subscriptions (
  id INTEGER PRIMARY KEY,
  email TEXT NOT NULL,
  email_normalized TEXT NOT NULL UNIQUE,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
-- What GET /api/changes reports as deleted: one row per removed entity,
-- kept for the tombstone retention (30 days by default), then pruned.
CREATE TABLE IF NOT EXISTS tombstones (
  type TEXT NOT NULL,
  id INTEGER NOT NULL,
  deleted_at TEXT NOT NULL,
  PRIMARY KEY (type, id)
);
CREATE INDEX IF NOT EXISTS tombstones_by_deleted_at ON tombstones(deleted_at);
-- One row: when this database began recording changes. A since before it
-- may predate deletions nobody recorded (another catalogue in the same data
-- folder, say), so the changes feed answers 410 for it.
CREATE TABLE IF NOT EXISTS changes_history (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  started_at TEXT NOT NULL
);
-- The publish webhooks not yet delivered (admin/webhook-outbox.ts): on disk, so
-- a restart or a long publisher outage delays a delivery and loses none.
CREATE TABLE IF NOT EXISTS webhook_outbox (
  id TEXT PRIMARY KEY,
  body TEXT NOT NULL,
  summary TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,
  first_attempt_at INTEGER,
  next_attempt_at INTEGER NOT NULL
);
CREATE VIRTUAL TABLE IF NOT EXISTS series_search USING fts5(
  title, body, tokenize = 'unicode61 remove_diacritics 2'
);
`

/**
 * Opens (and creates when missing) the catalogue database at `file`, with the
 * project's pragmas (node-kit/storage/sqlite.ts: WAL; synchronous=FULL, so every
 * subscription answered 200 is on disk; foreign keys enforced).
 */
export function openDatabase(file: string): CatalogueDatabase {
  // Subscribers' addresses live here: the folder is the server's user's alone before the file exists.
  const folder = path.dirname(file)
  fs.mkdirSync(folder, { recursive: true, mode: 0o700 })
  fs.chmodSync(folder, 0o700)
  const db = openSqlite(file, { schema: SCHEMA })
  keepPrivate(file)
  addMissingColumns(db)
  db.exec(UPDATED_AT_INDEXES)
  db.prepare("INSERT OR IGNORE INTO changes_history (id, started_at) VALUES (1, ?)").run(now())
  return db
}

/**
 * The database file and its WAL and shared-memory files readable by the
 * server's user alone, whatever the umask made them and however an older
 * version left them. chmod after opening: SQLite makes the -wal and -shm
 * files on open, and later ones take the database file's mode.
 */
function keepPrivate(file: string): void {
  for (const companion of [file, `${file}-wal`, `${file}-shm`, `${file}-journal`]) {
    try {
      fs.chmodSync(companion, 0o600)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error
    }
  }
}

/**
 * Columns added to tables after their first release. CREATE TABLE IF NOT
 * EXISTS leaves an older database's tables as they were, so a data folder
 * made before them gains them here, empty, instead of failing on first edit.
 */
const ADDED_COLUMNS = CATALOGUE_TABLES.flatMap((table) =>
  (Object.entries(COLUMNS[table]) as [string, Column][]).filter(([, column]) => column.addedLater).map(([name, column]) => ({ table, column: name, type: column.sql })),
)

/** The changes feed looks entities up by updated_at. */
const UPDATED_AT_INDEXES = CATALOGUE_TABLES.map((table) => `CREATE INDEX IF NOT EXISTS ${table}_by_updated_at ON ${table}(updated_at);`).join("\n")

function addMissingColumns(db: CatalogueDatabase): void {
  for (const { table, column, type } of ADDED_COLUMNS) {
    const columns = db.pragma(`table_info(${table})`) as { name: string }[]
    if (!columns.some((existing) => existing.name === column)) db.exec(`ALTER TABLE ${table} ADD COLUMN ${column} ${type}`)
  }
}

const prepare = (db: CatalogueDatabase, sql: string) => db.prepare<unknown[]>(sql)
type Statement = ReturnType<typeof prepare>

const preparedStatements = new WeakMap<CatalogueDatabase, Map<string, Statement>>()

/**
 * `db.prepare(sql)` once per database, then the same statement again: for
 * the queries of paths that run under load (search, subscribe), where
 * preparing each time would be most of the work.
 */
export function prepared(db: CatalogueDatabase, sql: string): Statement {
  let statements = preparedStatements.get(db)
  if (!statements) preparedStatements.set(db, (statements = new Map()))
  let statement = statements.get(sql)
  if (!statement) statements.set(sql, (statement = prepare(db, sql)))
  return statement
}

export function isEmpty(db: CatalogueDatabase): boolean {
  const row = db.prepare("SELECT count(*) AS n FROM categories").get() as { n: number }
  return row.n === 0
}

export function now(): string {
  return new Date().toISOString()
}
