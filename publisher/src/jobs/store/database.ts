import fs from "node:fs"
import path from "node:path"
import { openDatabase, type SqliteDatabase } from "../../../../node-kit/storage/sqlite"

/**
 * Jobs, webhook deliveries and release switches in one SQLite file, so a
 * restart knows which build it was doing, which deliveries it has seen, and
 * since when the live release is live. Opened with the kit's pragmas
 * (WAL, synchronous=FULL): a job marked live or an event recorded stays so
 * after a crash.
 */
const SCHEMA = `
CREATE TABLE IF NOT EXISTS jobs (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  status TEXT NOT NULL CHECK (status IN ('queued', 'building', 'live', 'failed')),
  trigger TEXT NOT NULL,
  event TEXT,
  refs TEXT NOT NULL DEFAULT '[]',
  hook_count INTEGER NOT NULL DEFAULT 0,
  queued_at INTEGER NOT NULL,
  last_hook_at INTEGER NOT NULL,
  started_at INTEGER,
  finished_at INTEGER,
  attempts INTEGER NOT NULL DEFAULT 0,
  phase TEXT,
  phases TEXT NOT NULL DEFAULT '[]',
  reason TEXT,
  log_excerpt TEXT,
  release_id TEXT,
  changed_urls TEXT NOT NULL DEFAULT '[]',
  removed_urls TEXT NOT NULL DEFAULT '[]',
  changed_url_count INTEGER,
  note TEXT
);
CREATE INDEX IF NOT EXISTS jobs_by_status ON jobs(status, id);
-- One row per accepted delivery: a repeated event id answers with the job it joined.
CREATE TABLE IF NOT EXISTS events (
  event_id TEXT PRIMARY KEY,
  signature TEXT NOT NULL,
  job_id INTEGER NOT NULL,
  received_at INTEGER NOT NULL
);
-- Small named values that must outlive a restart: the changes feed's cursor (changes-poller.ts).
CREATE TABLE IF NOT EXISTS state (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS switches (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  release_id TEXT NOT NULL,
  at INTEGER NOT NULL,
  cause TEXT NOT NULL,
  job_id INTEGER
);
`

/**
 * Creates the database file (and a folder it needs) readable by this user
 * only, whatever the umask, before SQLite opens it: SQLite gives the -wal
 * and -shm files it makes the database file's mode, so they follow. Files
 * an older publisher left 0644 are narrowed too. The records hold webhook
 * refs, failure reasons and log excerpts.
 */
function ownerOnlyDatabase(file: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 })
  fs.closeSync(fs.openSync(file, "a", 0o600))
  for (const name of [file, `${file}-wal`, `${file}-shm`]) if (fs.existsSync(name)) fs.chmodSync(name, 0o600)
}

/** A lane's records database, owner-only, with every table the three stores keep. */
export function openRecordsDatabase(file: string): SqliteDatabase {
  ownerOnlyDatabase(file)
  const db = openDatabase(file, { schema: SCHEMA })
  // A store an older publisher made has no phases column; CREATE TABLE IF NOT EXISTS leaves its table as it is.
  const columns = db.prepare<[], { name: string }>("SELECT name FROM pragma_table_info('jobs')").all()
  if (!columns.some((column) => column.name === "phases")) db.exec("ALTER TABLE jobs ADD COLUMN phases TEXT NOT NULL DEFAULT '[]'")
  return db
}
