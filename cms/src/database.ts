import Database from "better-sqlite3"
import fs from "node:fs"
import path from "node:path"

export type CatalogueDatabase = Database.Database

/**
 * The whole catalogue lives in one SQLite file. Text columns that hold lists
 * (images, tags) or objects (an entity's `seo`, the site settings) are JSON,
 * because the API hands them out whole and nothing queries inside them. A
 * NULL `seo` is an entity without marketing metadata.
 */
const SCHEMA = `
CREATE TABLE IF NOT EXISTS categories (
  id INTEGER PRIMARY KEY,
  title TEXT,
  short_desc TEXT,
  page_title TEXT,
  page_sub_title TEXT,
  description TEXT,
  images TEXT NOT NULL DEFAULT '[]',
  position INTEGER NOT NULL DEFAULT 0,
  seo TEXT,
  updated_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS sub_categories (
  id INTEGER PRIMARY KEY,
  category_id INTEGER NOT NULL REFERENCES categories(id),
  title TEXT,
  short_desc TEXT,
  description TEXT,
  images TEXT NOT NULL DEFAULT '[]',
  position INTEGER NOT NULL DEFAULT 0,
  seo TEXT,
  updated_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS sub_categories_by_category ON sub_categories(category_id, position);
CREATE TABLE IF NOT EXISTS series (
  id INTEGER PRIMARY KEY,
  sub_category_id INTEGER NOT NULL REFERENCES sub_categories(id),
  title TEXT,
  description TEXT,
  tags TEXT NOT NULL DEFAULT '[]',
  images TEXT NOT NULL DEFAULT '[]',
  position INTEGER NOT NULL DEFAULT 0,
  seo TEXT,
  updated_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS series_by_sub_category ON series(sub_category_id, position);
CREATE TABLE IF NOT EXISTS episodes (
  id INTEGER PRIMARY KEY,
  series_id INTEGER NOT NULL REFERENCES series(id),
  sub_category_id INTEGER NOT NULL REFERENCES sub_categories(id),
  title TEXT,
  path TEXT NOT NULL UNIQUE,
  description TEXT,
  episode INTEGER NOT NULL,
  video_id INTEGER NOT NULL,
  images TEXT NOT NULL DEFAULT '[]',
  seo TEXT,
  updated_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS episodes_by_series ON episodes(series_id);
CREATE TABLE IF NOT EXISTS featured_items (
  id INTEGER PRIMARY KEY,
  title TEXT,
  description TEXT,
  position INTEGER NOT NULL DEFAULT 0,
  category_id INTEGER REFERENCES categories(id),
  images TEXT NOT NULL DEFAULT '[]',
  seo TEXT,
  updated_at TEXT NOT NULL
);
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
CREATE VIRTUAL TABLE IF NOT EXISTS series_search USING fts5(
  title, body, tokenize = 'unicode61 remove_diacritics 2'
);
`

/** Opens (and creates when missing) the catalogue database at `file`. */
export function openDatabase(file: string): CatalogueDatabase {
  fs.mkdirSync(path.dirname(file), { recursive: true })
  const db = new Database(file)
  db.pragma("journal_mode = WAL")
  // FULL makes every committed subscription durable before we answer 200.
  db.pragma("synchronous = FULL")
  db.pragma("foreign_keys = ON")
  db.exec(SCHEMA)
  addMissingColumns(db)
  db.exec(UPDATED_AT_INDEXES)
  db.prepare("INSERT OR IGNORE INTO changes_history (id, started_at) VALUES (1, ?)").run(now())
  return db
}

/**
 * Columns added to tables after their first release. CREATE TABLE IF NOT
 * EXISTS leaves an older database's tables as they were, so a data folder
 * made before them gains them here, empty, instead of failing on first edit.
 */
const ADDED_COLUMNS = ["categories", "sub_categories", "series", "episodes", "featured_items"].map((table) => ({
  table,
  column: "seo",
  type: "TEXT",
}))

/** The changes feed looks entities up by updated_at. */
const UPDATED_AT_INDEXES = ["categories", "sub_categories", "series", "episodes", "featured_items"]
  .map((table) => `CREATE INDEX IF NOT EXISTS ${table}_by_updated_at ON ${table}(updated_at);`)
  .join("\n")

function addMissingColumns(db: CatalogueDatabase): void {
  for (const { table, column, type } of ADDED_COLUMNS) {
    const columns = db.pragma(`table_info(${table})`) as { name: string }[]
    if (!columns.some((existing) => existing.name === column)) db.exec(`ALTER TABLE ${table} ADD COLUMN ${column} ${type}`)
  }
}

export function isEmpty(db: CatalogueDatabase): boolean {
  const row = db.prepare("SELECT count(*) AS n FROM categories").get() as { n: number }
  return row.n === 0
}

export function now(): string {
  return new Date().toISOString()
}
