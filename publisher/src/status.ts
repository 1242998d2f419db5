import type { ApiRef } from "../../contract/schemas"
import type { Job, JobStore } from "./job-store"
import { listReleases, liveReleaseId, liveSinceFromDisk } from "./releases"

/** One job as GET /status shows it: times in ISO 8601, durations in milliseconds. */
export interface JobView {
  id: number
  status: Job["status"]
  trigger: Job["trigger"]
  event: Job["event"]
  refs: ApiRef[]
  webhooks: number
  queuedAt: string
  startedAt: string | null
  finishedAt: string | null
  /** Start to finish, or start to now while building. */
  durationMs: number | null
  attempts: number
  /** The Gatsby phase under way, while building. */
  phase: string | null
  reason: string | null
  logExcerpt: string | null
  releaseId: string | null
  changedUrls: string[]
  removedUrls: string[]
  changedUrlCount: number | null
  note: string | null
}

export interface StatusReport {
  now: string
  live: { releaseId: string; since: string | null; cause: "build" | "rollback" | null; jobId: number | null } | null
  building: JobView | null
  queued: JobView[]
  /** The newest jobs, newest first, whatever their status. */
  recent: JobView[]
  /** Releases kept on disk, newest first. */
  releases: { id: string; live: boolean }[]
  webhooks: "accepting" | "off: PUBLISH_WEBHOOK_SECRET is not set"
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString())

export function jobView(job: Job, now: number): JobView {
  const end = job.finishedAt ?? (job.status === "building" ? now : null)
  return {
    id: job.id,
    status: job.status,
    trigger: job.trigger,
    event: job.event,
    refs: job.refs,
    webhooks: job.hookCount,
    queuedAt: new Date(job.queuedAt).toISOString(),
    startedAt: iso(job.startedAt),
    finishedAt: iso(job.finishedAt),
    durationMs: job.startedAt !== null && end !== null ? end - job.startedAt : null,
    attempts: job.attempts,
    phase: job.status === "building" ? job.phase : null,
    reason: job.reason,
    logExcerpt: job.logExcerpt,
    releaseId: job.releaseId,
    changedUrls: job.changedUrls,
    removedUrls: job.removedUrls,
    changedUrlCount: job.changedUrlCount,
    note: job.note,
  }
}

export function statusReport(options: { store: JobStore; dataDir: string; webhooksOn: boolean; now?: number; recent?: number }): StatusReport {
  const { store, dataDir } = options
  const now = options.now ?? Date.now()
  const liveId = liveReleaseId(dataDir)
  const lastSwitch = liveId ? store.lastSwitchTo(liveId) : undefined
  const since = lastSwitch?.at ?? (liveId ? liveSinceFromDisk(dataDir) : undefined)
  const building = store.withStatus("building")[0]
  return {
    now: new Date(now).toISOString(),
    live: liveId
      ? { releaseId: liveId, since: iso(since ?? null), cause: lastSwitch?.cause ?? null, jobId: lastSwitch?.jobId ?? null }
      : null,
    building: building ? jobView(building, now) : null,
    queued: store.withStatus("queued").map((job) => jobView(job, now)),
    recent: store.recent(options.recent ?? 30).map((job) => jobView(job, now)),
    releases: listReleases(dataDir)
      .reverse()
      .map((id) => ({ id, live: id === liveId })),
    webhooks: options.webhooksOn ? "accepting" : "off: PUBLISH_WEBHOOK_SECRET is not set",
  }
}
