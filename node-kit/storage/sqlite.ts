import Database from "better-sqlite3"
import fs from "node:fs"
import path from "node:path"

/** An open database. Only this module names the driver, so swapping it (e.g. for `node:sqlite`) is one file's change. */
export type SqliteDatabase = Database.Database

export interface OpenDatabaseOptions {
  /** Run once after the pragmas: `CREATE TABLE IF NOT EXISTS …`. */
  schema?: string
  /** How long a write waits for another connection's lock before failing. Default 5000 ms. */
  busyTimeoutMs?: number
}

/**
 * Opens (and creates, with its folder, when missing) the SQLite file with
 * the project's pragmas: WAL, so readers never wait for the writer, and
 * synchronous=FULL, so what a service answered as done (a subscription, a
 * job marked live, a delivery recorded) is on disk before the answer and
 * stays so after a crash. Foreign keys are enforced (better-sqlite3's
 * default, said here so that another driver keeps it).
 */
export function openDatabase(file: string, options: OpenDatabaseOptions = {}): SqliteDatabase {
  fs.mkdirSync(path.dirname(file), { recursive: true })
  const db = new Database(file)
  db.pragma("journal_mode = WAL")
  db.pragma("synchronous = FULL")
  db.pragma(`busy_timeout = ${options.busyTimeoutMs ?? 5000}`)
  db.pragma("foreign_keys = ON")
  if (options.schema) db.exec(options.schema)
  return db
}
