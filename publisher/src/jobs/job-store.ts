import type { ApiRef, ApiWebhookBody } from "../../../contract/schemas"
import { MAX_REFS_PER_DELIVERY } from "../../../contract/webhook-signature"
import fs from "node:fs"
import path from "node:path"
import { openDatabase, type SqliteDatabase } from "../../../node-kit/sqlite"
import { JOB_FIELDS, toJob, type Job, type JobRow, type JobStatus, type JobTrigger } from "./job"

export interface ReleaseSwitch {
  releaseId: string
  at: number
  cause: "build" | "rollback"
  jobId: number | null
}

/** Enough URLs for an editor to check their change; the count says how many there were. */
export const CHANGED_URLS_KEPT = 200

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

/** Refs a job keeps as its hint, at most; a longer list is kept as `[]`, "read the changes feed". */
export const MAX_REFS_PER_JOB = MAX_REFS_PER_DELIVERY

/** Refs of both lists, each once, in the order first seen. */
export function mergeRefs(existing: readonly ApiRef[], added: readonly ApiRef[]): ApiRef[] {
  const seen = new Map<string, ApiRef>()
  for (const ref of [...existing, ...added]) seen.set(JSON.stringify([ref.type, ref.id]), { type: ref.type, id: ref.id })
  return [...seen.values()]
}

/**
 * A job's hint after one more delivery joins it. `[]` from a delivery, or on
 * a job that webhooks joined, means "read the changes feed", which covers
 * anything a later list adds; a merged list over MAX_REFS_PER_JOB becomes
 * that too, so no number of deliveries makes a job's record grow unbounded.
 */
export function joinHints(job: Pick<Job, "refs" | "hookCount">, added: readonly ApiRef[]): ApiRef[] {
  if (added.length === 0 || (job.hookCount > 0 && job.refs.length === 0)) return []
  const merged = mergeRefs(job.refs, added)
  return merged.length > MAX_REFS_PER_JOB ? [] : merged
}

/**
 * One build serves every webhook merged into it. Mixed events become
 * "publish": the refs only narrow what the build re-reads, and an
 * unpublished entity is known as deleted from the changes feed's tombstones.
 */
function mergeEvent(existing: Job["event"], added: ApiWebhookBody["event"]): ApiWebhookBody["event"] {
  return existing === null || existing === added ? added : "publish"
}

export interface HookOutcome {
  jobId: number
  /** The delivery was seen before; nothing was queued. */
  duplicate: boolean
}

/**
 * Creates the database file (and a folder it needs) readable by this user
 * only, whatever the umask, before SQLite opens it: SQLite gives the -wal
 * and -shm files it makes the database file's mode, so they follow. Files
 * an older publisher left 0644 are narrowed too. The store holds webhook
 * refs, failure reasons and log excerpts.
 */
function ownerOnlyDatabase(file: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 })
  fs.closeSync(fs.openSync(file, "a", 0o600))
  for (const name of [file, `${file}-wal`, `${file}-shm`]) if (fs.existsSync(name)) fs.chmodSync(name, 0o600)
}

export class JobStore {
  private readonly db: SqliteDatabase

  constructor(file: string) {
    ownerOnlyDatabase(file)
    this.db = openDatabase(file, { schema: SCHEMA })
    // A store an older publisher made has no phases column; CREATE TABLE IF NOT EXISTS leaves its table as it is.
    const columns = this.db.prepare<[], { name: string }>("SELECT name FROM pragma_table_info('jobs')").all()
    if (!columns.some((column) => column.name === "phases")) this.db.exec("ALTER TABLE jobs ADD COLUMN phases TEXT NOT NULL DEFAULT '[]'")
  }

  close(): void {
    this.db.close()
  }

  get(id: number): Job | undefined {
    const row = this.db.prepare<[number], JobRow>(`SELECT ${JOB_FIELDS} FROM jobs WHERE id = ?`).get(id)
    return row && toJob(row)
  }

  /** Newest first. */
  recent(limit: number): Job[] {
    return this.db.prepare<[number], JobRow>(`SELECT ${JOB_FIELDS} FROM jobs ORDER BY id DESC LIMIT ?`).all(limit).map(toJob)
  }

  withStatus(status: JobStatus): Job[] {
    return this.db.prepare<[JobStatus], JobRow>(`SELECT ${JOB_FIELDS} FROM jobs WHERE status = ? ORDER BY id`).all(status).map(toJob)
  }

  /** The job to build next: the oldest queued one. */
  nextQueued(): Job | undefined {
    return this.withStatus("queued")[0]
  }

  /**
   * Records one verified delivery: joins the newest queued job (the one not
   * started yet, so edits arriving during a build wait in one pending build),
   * or queues a new one. A delivery whose webhook-id was seen before changes
   * nothing. (Not deduplicated by signature: two edits of one episode within
   * a second are two deliveries with the same body and timestamp, and the
   * second must still be built if the first's build has started; their ids,
   * which the signature covers, differ.)
   */
  addHook(delivery: { eventId: string; signature: string; body: ApiWebhookBody; now: number }): HookOutcome {
    return this.db.transaction((): HookOutcome => {
      const seen = this.db
        .prepare<[string], { job_id: number }>("SELECT job_id FROM events WHERE event_id = ?")
        .get(delivery.eventId)
      if (seen) return { jobId: seen.job_id, duplicate: true }

      const pending = this.db.prepare<[], JobRow>(`SELECT ${JOB_FIELDS} FROM jobs WHERE status = 'queued' ORDER BY id DESC LIMIT 1`).get()
      let jobId: number
      if (pending) {
        const job = toJob(pending)
        this.db
          .prepare("UPDATE jobs SET event = ?, refs = ?, hook_count = hook_count + 1, last_hook_at = ? WHERE id = ?")
          .run(mergeEvent(job.event, delivery.body.event), JSON.stringify(joinHints(job, delivery.body.refs)), delivery.now, job.id)
        jobId = job.id
      } else {
        const refs = joinHints({ refs: [], hookCount: 0 }, delivery.body.refs)
        const result = this.db
          .prepare(
            `INSERT INTO jobs (status, trigger, event, refs, hook_count, queued_at, last_hook_at, note)
             VALUES ('queued', 'webhook', ?, ?, 1, ?, ?, ?)`,
          )
          .run(delivery.body.event, JSON.stringify(refs), delivery.now, delivery.now, this.failedSinceLiveNote())
        jobId = Number(result.lastInsertRowid)
      }
      this.db
        .prepare("INSERT INTO events (event_id, signature, job_id, received_at) VALUES (?, ?, ?, ?)")
        .run(delivery.eventId, delivery.signature, jobId, delivery.now)
      return { jobId, duplicate: false }
    })()
  }

  /**
   * Says which failed jobs a new job also publishes. Nothing of theirs is
   * carried (their refs were a hint, and a delivery that broke one build
   * must not break the next): every build reads all that changed since the
   * last build that went live, so the next one covers them.
   */
  private failedSinceLiveNote(): string | null {
    const failed = this.db
      .prepare<[], { id: number }>(
        `SELECT id FROM jobs WHERE status = 'failed'
         AND id > COALESCE((SELECT MAX(id) FROM jobs WHERE status = 'live'), 0) ORDER BY id`,
      )
      .all()
      .map((row) => row.id)
    return failed.length > 0 ? `Also publishes what failed job ${failed.join(", ")} did not: a build reads every change since the last live one.` : null
  }

  /** Queues a build no webhook asked for; joins a queued job if there is one. */
  queueBuild(trigger: JobTrigger, now: number): number {
    const pending = this.db.prepare<[], { id: number }>("SELECT id FROM jobs WHERE status = 'queued' ORDER BY id DESC LIMIT 1").get()
    if (pending) return pending.id
    const result = this.db
      .prepare("INSERT INTO jobs (status, trigger, queued_at, last_hook_at, note) VALUES ('queued', ?, ?, ?, ?)")
      .run(trigger, now, now, this.failedSinceLiveNote())
    return Number(result.lastInsertRowid)
  }

  markBuilding(id: number, now: number): void {
    this.db
      .prepare("UPDATE jobs SET status = 'building', started_at = ?, finished_at = NULL, attempts = attempts + 1, phase = 'starting', phases = json_array('starting'), reason = NULL WHERE id = ?")
      .run(now, id)
  }

  setPhase(id: number, phase: string): void {
    this.db.prepare("UPDATE jobs SET phase = ?, phases = json_insert(phases, '$[#]', ?) WHERE id = ? AND status = 'building'").run(phase, phase, id)
  }

  /** The job's build is live, or (with a `note` saying so) changed nothing, so the live release stays. */
  markLive(id: number, result: { releaseId: string; changedUrls: string[]; removedUrls: string[]; now: number; note?: string }): void {
    this.db
      .prepare(
        `UPDATE jobs SET status = 'live', finished_at = ?, phase = NULL, release_id = ?, changed_urls = ?, removed_urls = ?,
         changed_url_count = ?, note = COALESCE(?, note) WHERE id = ?`,
      )
      .run(
        result.now,
        result.releaseId,
        JSON.stringify(result.changedUrls.slice(0, CHANGED_URLS_KEPT)),
        JSON.stringify(result.removedUrls.slice(0, CHANGED_URLS_KEPT)),
        result.changedUrls.length,
        result.note ?? null,
        id,
      )
  }

  markFailed(id: number, failure: { reason: string; logExcerpt: string | null; now: number }): void {
    this.db
      .prepare("UPDATE jobs SET status = 'failed', finished_at = ?, reason = ?, log_excerpt = ? WHERE id = ?")
      .run(failure.now, failure.reason, failure.logExcerpt, id)
  }

  /** Puts a job back in the queue, e.g. when the publisher stops during its build. */
  requeue(id: number, note: string): void {
    this.db.prepare("UPDATE jobs SET status = 'queued', phase = NULL, note = ? WHERE id = ?").run(note, id)
  }

  /** At start: every job a stopped publisher left building is queued again. Answers their ids. */
  requeueInterrupted(note: string): number[] {
    const ids = this.withStatus("building").map((job) => job.id)
    for (const id of ids) this.requeue(id, note)
    return ids
  }

  recordSwitch(change: ReleaseSwitch): void {
    this.db
      .prepare("INSERT INTO switches (release_id, at, cause, job_id) VALUES (?, ?, ?, ?)")
      .run(change.releaseId, change.at, change.cause, change.jobId)
  }

  /** The last time `releaseId` was switched live, if the records say. */
  lastSwitchTo(releaseId: string): ReleaseSwitch | undefined {
    const row = this.db
      .prepare<[string], { release_id: string; at: number; cause: ReleaseSwitch["cause"]; job_id: number | null }>(
        "SELECT * FROM switches WHERE release_id = ? ORDER BY id DESC LIMIT 1",
      )
      .get(releaseId)
    return row && { releaseId: row.release_id, at: row.at, cause: row.cause, jobId: row.job_id }
  }

  /** A value of the state table, or undefined when never set. */
  getState(key: string): string | undefined {
    return this.db.prepare<[string], { value: string }>("SELECT value FROM state WHERE key = ?").get(key)?.value
  }

  setState(key: string, value: string): void {
    this.db.prepare("INSERT INTO state (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value").run(key, value)
  }

  /**
   * When the newest job with this status started: a build reads the
   * catalogue after it starts, so a live one holds every change made before
   * that. Undefined when there is none.
   */
  lastStartedAt(status: JobStatus): number | undefined {
    const row = this.db.prepare<[JobStatus], { at: number | null }>("SELECT MAX(started_at) AS at FROM jobs WHERE status = ?").get(status)
    return row?.at ?? undefined
  }

  /** Forgets deliveries received before `beforeMs`: the dedupe only has to outlast the 5-minute timestamp window. */
  pruneEvents(beforeMs: number): number {
    return this.db.prepare("DELETE FROM events WHERE received_at < ?").run(beforeMs).changes
  }

  /**
   * Forgets deliveries older than `eventsBeforeMs` (their timestamps fail the
   * 5-minute check long before) and all but the newest `keepJobs` finished jobs.
   */
  prune(eventsBeforeMs: number, keepJobs: number): void {
    this.pruneEvents(eventsBeforeMs)
    this.db
      .prepare(
        `DELETE FROM jobs WHERE status IN ('live', 'failed')
         AND id NOT IN (SELECT id FROM jobs ORDER BY id DESC LIMIT ?)`,
      )
      .run(keepJobs)
    this.db.prepare("DELETE FROM switches WHERE id NOT IN (SELECT id FROM switches ORDER BY id DESC LIMIT ?)").run(keepJobs)
  }
}
