import type { ApiRef, ApiWebhookBody } from "../../contract/schemas"
import { openDatabase, type SqliteDatabase } from "../../node-kit/sqlite"
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
CREATE TABLE IF NOT EXISTS switches (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  release_id TEXT NOT NULL,
  at INTEGER NOT NULL,
  cause TEXT NOT NULL,
  job_id INTEGER
);
`

/** Refs of both lists, each once, in the order first seen. */
export function mergeRefs(existing: readonly ApiRef[], added: readonly ApiRef[]): ApiRef[] {
  const seen = new Map<string, ApiRef>()
  for (const ref of [...existing, ...added]) seen.set(JSON.stringify([ref.type, ref.id]), { type: ref.type, id: ref.id })
  return [...seen.values()]
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

export class JobStore {
  private readonly db: SqliteDatabase

  constructor(file: string) {
    this.db = openDatabase(file, { schema: SCHEMA })
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
   * or queues a new one. A delivery whose event id was seen before changes
   * nothing. (Not deduplicated by signature: two edits of one episode within
   * a second are two deliveries with the same body, timestamp and signature,
   * and the second must still be built if the first's build has started.)
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
          .run(mergeEvent(job.event, delivery.body.event), JSON.stringify(mergeRefs(job.refs, delivery.body.refs)), delivery.now, job.id)
        jobId = job.id
      } else {
        const carried = this.refsOfFailedJobs()
        const result = this.db
          .prepare(
            `INSERT INTO jobs (status, trigger, event, refs, hook_count, queued_at, last_hook_at, note)
             VALUES ('queued', 'webhook', ?, ?, 1, ?, ?, ?)`,
          )
          .run(
            delivery.body.event,
            JSON.stringify(mergeRefs(carried.refs, delivery.body.refs)),
            delivery.now,
            delivery.now,
            carried.jobIds.length > 0 ? `Also builds the changes of failed job ${carried.jobIds.join(", ")}.` : null,
          )
        jobId = Number(result.lastInsertRowid)
      }
      this.db
        .prepare("INSERT INTO events (event_id, signature, job_id, received_at) VALUES (?, ?, ?, ?)")
        .run(delivery.eventId, delivery.signature, jobId, delivery.now)
      return { jobId, duplicate: false }
    })()
  }

  /**
   * The refs of the jobs that failed since the last one that went live. A
   * new job carries them: a build may re-read only what its refs name, and
   * the edits of a failed build must not wait for another edit of the same
   * entity ("the next change retries").
   */
  private refsOfFailedJobs(): { refs: ApiRef[]; jobIds: number[] } {
    const failed = this.db
      .prepare<[], JobRow>(
        `SELECT ${JOB_FIELDS} FROM jobs WHERE status = 'failed' AND hook_count > 0
         AND id > COALESCE((SELECT MAX(id) FROM jobs WHERE status = 'live'), 0) ORDER BY id`,
      )
      .all()
      .map(toJob)
    return { refs: failed.reduce<ApiRef[]>((refs, job) => mergeRefs(refs, job.refs), []), jobIds: failed.map((job) => job.id) }
  }

  /** Queues a build no webhook asked for; joins a queued job if there is one. */
  queueBuild(trigger: JobTrigger, now: number): number {
    const pending = this.db.prepare<[], { id: number }>("SELECT id FROM jobs WHERE status = 'queued' ORDER BY id DESC LIMIT 1").get()
    if (pending) return pending.id
    const result = this.db
      .prepare("INSERT INTO jobs (status, trigger, queued_at, last_hook_at) VALUES ('queued', ?, ?, ?)")
      .run(trigger, now, now)
    return Number(result.lastInsertRowid)
  }

  markBuilding(id: number, now: number): void {
    this.db
      .prepare("UPDATE jobs SET status = 'building', started_at = ?, finished_at = NULL, attempts = attempts + 1, phase = 'starting', reason = NULL WHERE id = ?")
      .run(now, id)
  }

  setPhase(id: number, phase: string): void {
    this.db.prepare("UPDATE jobs SET phase = ? WHERE id = ? AND status = 'building'").run(phase, id)
  }

  markLive(id: number, result: { releaseId: string; changedUrls: string[]; removedUrls: string[]; now: number }): void {
    this.db
      .prepare(
        `UPDATE jobs SET status = 'live', finished_at = ?, phase = NULL, release_id = ?, changed_urls = ?, removed_urls = ?,
         changed_url_count = ? WHERE id = ?`,
      )
      .run(
        result.now,
        result.releaseId,
        JSON.stringify(result.changedUrls.slice(0, CHANGED_URLS_KEPT)),
        JSON.stringify(result.removedUrls.slice(0, CHANGED_URLS_KEPT)),
        result.changedUrls.length,
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

  /**
   * Forgets deliveries older than `eventsBeforeMs` (their timestamps fail the
   * 5-minute check long before) and all but the newest `keepJobs` finished jobs.
   */
  prune(eventsBeforeMs: number, keepJobs: number): void {
    this.db.prepare("DELETE FROM events WHERE received_at < ?").run(eventsBeforeMs)
    this.db
      .prepare(
        `DELETE FROM jobs WHERE status IN ('live', 'failed')
         AND id NOT IN (SELECT id FROM jobs ORDER BY id DESC LIMIT ?)`,
      )
      .run(keepJobs)
    this.db.prepare("DELETE FROM switches WHERE id NOT IN (SELECT id FROM switches ORDER BY id DESC LIMIT ?)").run(keepJobs)
  }
}
