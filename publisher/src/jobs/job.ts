import type { ApiRef, ApiWebhookBody } from "../../../contract/schemas"

export type JobStatus = "queued" | "building" | "live" | "failed"
/**
 * Why a job exists: a webhook, the first build of an empty publisher, the
 * changes feed naming changes no build has published, a live release found
 * broken at start (an older one went live; this build brings it up to date).
 */
export type JobTrigger = "webhook" | "initial build" | "changes feed" | "release recovery"

/** One build job: the record the store keeps and everything else reads. */
export interface Job {
  id: number
  status: JobStatus
  trigger: JobTrigger
  /** The merged webhook event; null for a job no webhook joined. */
  event: ApiWebhookBody["event"] | null
  /** Every ref of every webhook merged into this job, each once. */
  refs: ApiRef[]
  hookCount: number
  queuedAt: number
  lastHookAt: number
  startedAt: number | null
  finishedAt: number | null
  /** Builds started for this job: more than 1 after a restart interrupted one. */
  attempts: number
  phase: string | null
  /**
   * The phases its latest build went through, in order, the one under way
   * (or where it ended) last: a phase too short to see on /status is still here.
   */
  phases: string[]
  /** Why it failed, in plain words. */
  reason: string | null
  logExcerpt: string | null
  releaseId: string | null
  /** Page URLs whose HTML the release changed or added (at most CHANGED_URLS_KEPT). */
  changedUrls: string[]
  removedUrls: string[]
  changedUrlCount: number | null
  /** What happened to the job besides its status, e.g. that a restart re-queued it. */
  note: string | null
}

/**
 * The jobs table's column for each field: the one place the two spellings
 * meet. The store selects with these as aliases, so a row arrives with the
 * record's field names and only the list fields (JSON text) need parsing.
 */
const JOB_COLUMNS = {
  id: "id",
  status: "status",
  trigger: "trigger",
  event: "event",
  refs: "refs",
  hookCount: "hook_count",
  queuedAt: "queued_at",
  lastHookAt: "last_hook_at",
  startedAt: "started_at",
  finishedAt: "finished_at",
  attempts: "attempts",
  phase: "phase",
  phases: "phases",
  reason: "reason",
  logExcerpt: "log_excerpt",
  releaseId: "release_id",
  changedUrls: "changed_urls",
  removedUrls: "removed_urls",
  changedUrlCount: "changed_url_count",
  note: "note",
} as const satisfies Record<keyof Job, string>

/** The fields stored as JSON text. */
type ListField = "refs" | "phases" | "changedUrls" | "removedUrls"

/** A jobs row as `SELECT ${JOB_FIELDS}` answers it. */
export type JobRow = Omit<Job, ListField> & Record<ListField, string>

/** The select list that answers JobRows: `hook_count AS "hookCount", …`. */
export const JOB_FIELDS = Object.entries(JOB_COLUMNS)
  .map(([field, column]) => (field === column ? column : `${column} AS "${field}"`))
  .join(", ")

export function toJob(row: JobRow): Job {
  return {
    ...row,
    refs: JSON.parse(row.refs) as ApiRef[],
    phases: JSON.parse(row.phases) as string[],
    changedUrls: JSON.parse(row.changedUrls) as string[],
    removedUrls: JSON.parse(row.removedUrls) as string[],
  }
}
