import type { ApiRef, ApiWebhookBody } from "../../../../contract/schemas"
import { MAX_REFS_PER_DELIVERY } from "../../../../contract/webhook-signature"
import type { SqliteDatabase } from "../../../../node-kit/storage/sqlite"
import { JOB_FIELDS, toJob, type Job, type JobRow, type JobStatus, type JobTrigger } from "../job"

/** Enough URLs for an editor to check their change; the count says how many there were. */
export const CHANGED_URLS_KEPT = 200

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

/**
 * The builds: queued, building, live or failed, each with the deliveries'
 * hints it serves, its phase, and what it changed; and small named values
 * beside them that must outlive a restart (the changes feed's cursor).
 */
export class JobStore {
  constructor(private readonly db: SqliteDatabase) {}

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
   * One verified delivery (DeliveryStore.addHook, in its transaction) joins
   * the newest queued job (the one not started yet, so edits arriving
   * during a build wait in one pending build), or queues a new one.
   * Answers the job's id.
   */
  addDelivery(body: ApiWebhookBody, now: number): number {
    const pending = this.db.prepare<[], JobRow>(`SELECT ${JOB_FIELDS} FROM jobs WHERE status = 'queued' ORDER BY id DESC LIMIT 1`).get()
    if (pending) {
      const job = toJob(pending)
      this.db
        .prepare("UPDATE jobs SET event = ?, refs = ?, hook_count = hook_count + 1, last_hook_at = ? WHERE id = ?")
        .run(mergeEvent(job.event, body.event), JSON.stringify(joinHints(job, body.refs)), now, job.id)
      return job.id
    }
    const refs = joinHints({ refs: [], hookCount: 0 }, body.refs)
    const result = this.db
      .prepare(
        `INSERT INTO jobs (status, trigger, event, refs, hook_count, queued_at, last_hook_at, note)
         VALUES ('queued', 'webhook', ?, ?, 1, ?, ?, ?)`,
      )
      .run(body.event, JSON.stringify(refs), now, now, this.failedSinceLiveNote())
    return Number(result.lastInsertRowid)
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
      .prepare(
        "UPDATE jobs SET status = 'building', started_at = ?, finished_at = NULL, attempts = attempts + 1, phase = 'starting', phases = json_array('starting'), reason = NULL WHERE id = ?",
      )
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
    this.db.prepare("UPDATE jobs SET status = 'failed', finished_at = ?, reason = ?, log_excerpt = ? WHERE id = ?").run(failure.now, failure.reason, failure.logExcerpt, id)
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

  /** Forgets all but the newest `keep` finished jobs. */
  pruneFinished(keep: number): void {
    this.db
      .prepare(
        `DELETE FROM jobs WHERE status IN ('live', 'failed')
         AND id NOT IN (SELECT id FROM jobs ORDER BY id DESC LIMIT ?)`,
      )
      .run(keep)
  }
}
