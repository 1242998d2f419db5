import type { Job } from "../jobs/job"
import type { LaneRecords } from "../jobs/store/lane-records"
import { listReleases, liveReleaseId, liveSinceFromDisk } from "../releases/releases"
import type { CdnPurgeStatus } from "../cdn/purge-queue"
import type { RefusalReport, WebhookRefusals } from "./webhook-refusals"

/**
 * One job as GET /status shows it: the job's own fields, but times in ISO
 * 8601, `webhooks` for its hook count, and `durationMs` (start to finish,
 * or start to now while building). `phase` only while building.
 */
export type JobView = Omit<Job, "hookCount" | "lastHookAt" | "queuedAt" | "startedAt" | "finishedAt"> & {
  webhooks: number
  queuedAt: string
  startedAt: string | null
  finishedAt: string | null
  durationMs: number | null
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
  /**
   * Deliveries the webhook refused since the publisher started, by reason;
   * absent while there were none, so a quiet publisher's report reads as before.
   */
  webhookRefusals?: RefusalReport
  /** The preview lane's own report (its releases and jobs), when it runs. */
  preview?: StatusReport
  /** Each CDN the publisher purges after a release (PUBLISHER_CDN_*): what it purged last and what it still owes. Absent without one. */
  cdn?: CdnPurgeStatus[]
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString())

export function jobView(job: Job, now: number): JobView {
  const { hookCount, lastHookAt: _lastHookAt, ...fields } = job
  const end = job.finishedAt ?? (job.status === "building" ? now : null)
  return {
    ...fields,
    webhooks: hookCount,
    queuedAt: new Date(job.queuedAt).toISOString(),
    startedAt: iso(job.startedAt),
    finishedAt: iso(job.finishedAt),
    durationMs: job.startedAt !== null && end !== null ? end - job.startedAt : null,
    phase: job.status === "building" ? job.phase : null,
  }
}

export function statusReport(options: {
  records: Pick<LaneRecords, "jobs" | "switches">
  dataDir: string
  webhooksOn: boolean
  refusals?: WebhookRefusals
  cdn?: CdnPurgeStatus[]
  now?: number
  recent?: number
}): StatusReport {
  const { records, dataDir } = options
  const { jobs } = records
  const now = options.now ?? Date.now()
  const liveId = liveReleaseId(dataDir)
  const lastSwitch = liveId ? records.switches.lastSwitchTo(liveId) : undefined
  const since = lastSwitch?.at ?? (liveId ? liveSinceFromDisk(dataDir) : undefined)
  const building = jobs.withStatus("building")[0]
  const refusals = options.refusals?.report()
  return {
    now: new Date(now).toISOString(),
    live: liveId ? { releaseId: liveId, since: iso(since ?? null), cause: lastSwitch?.cause ?? null, jobId: lastSwitch?.jobId ?? null } : null,
    building: building ? jobView(building, now) : null,
    queued: jobs.withStatus("queued").map((job) => jobView(job, now)),
    recent: jobs.recent(options.recent ?? 30).map((job) => jobView(job, now)),
    releases: listReleases(dataDir)
      .reverse()
      .map((id) => ({ id, live: id === liveId })),
    webhooks: options.webhooksOn ? "accepting" : "off: PUBLISH_WEBHOOK_SECRET is not set",
    ...(refusals && refusals.total > 0 ? { webhookRefusals: refusals } : {}),
    ...(options.cdn && options.cdn.length > 0 ? { cdn: options.cdn } : {}),
  }
}
