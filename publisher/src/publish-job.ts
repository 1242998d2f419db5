import fs from "node:fs"
import path from "node:path"
import type { Logger } from "../../node-kit/logger"
import { BuildPhaseTracker } from "./build-phase"
import type { JobRunner } from "./build-queue"
import type { PublisherConfig } from "./config"
import { failureReason } from "./failure-reason"
import type { Job } from "./job"
import type { JobStore } from "./job-store"
import { createRelease, newReleaseId, pruneReleases, switchRelease } from "./releases"
import { runBuild } from "./run-build"
import { refreshWorkspace } from "./workspace"

/** The lines of a failed build an editor sees on the status page. */
export const LOG_EXCERPT_LINES = 40
/** Build logs kept in logs/, newest first. */
const LOGS_KEPT = 50

/** Said of a job whose build the publisher stopped (shutdown) or lost (crash): it is built again from the start. */
export const REDONE_NOTE = "The publisher stopped during this build; it was queued again and built from the start after the restart."

/** Secrets of the publisher that a build has no use for, kept out of its environment. */
const WITHHELD = ["PUBLISH_WEBHOOK_SECRET", "PUBLISHER_ADMIN_TOKEN"]

/**
 * The build's environment: the publisher's (CATALOGUE_API_URL, VIDEO_API_URL,
 * VIDEO_API_TOKEN, SITE_URL, …), telemetry off, and the job's merged webhook
 * as GATSBY_INITIAL_WEBHOOK_BODY, which Gatsby hands to sourceNodes so the
 * source plugin can narrow what it re-reads. A job no webhook joined (the
 * initial build) passes none, and the plugin reads what its state says.
 *
 * A build over a warm cache renders a handful of pages; Gatsby's second
 * worker process then costs more to start and feed than it saves, so such a
 * build gets GATSBY_CPU_COUNT=1 (2 s of a 29 s build at 10 000 episodes, see
 * the README) unless the operator set a count. A cold build (no cache yet)
 * renders every page and keeps all cores.
 */
export function buildEnvironment(base: NodeJS.ProcessEnv, job: Job, workspace: { warmCache: boolean } = { warmCache: false }): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...base, GATSBY_TELEMETRY_DISABLED: "1" }
  if (workspace.warmCache && env.GATSBY_CPU_COUNT === undefined) env.GATSBY_CPU_COUNT = "1"
  for (const name of WITHHELD) delete env[name]
  delete env.GATSBY_INITIAL_WEBHOOK_BODY
  if (job.hookCount > 0) env.GATSBY_INITIAL_WEBHOOK_BODY = JSON.stringify({ event: job.event ?? "publish", refs: job.refs })
  return env
}

/** Whether an earlier build left Gatsby's saved state in the workspace: this build then re-renders only what changed. */
export function hasWarmCache(workspaceDir: string): boolean {
  return fs.existsSync(path.join(workspaceDir, ".cache", "redux"))
}

export function logFileOf(dataDir: string, jobId: number): string {
  return path.join(dataDir, "logs", `job-${jobId}.log`)
}

function pruneLogs(dataDir: string): void {
  const folder = path.join(dataDir, "logs")
  const jobIdOf = (name: string) => Number(/^job-(\d+)\.log$/.exec(name)?.[1] ?? NaN)
  const logs = fs
    .readdirSync(folder)
    .filter((name) => Number.isFinite(jobIdOf(name)))
    .sort((a, b) => jobIdOf(b) - jobIdOf(a))
  for (const name of logs.slice(LOGS_KEPT)) fs.rmSync(path.join(folder, name), { force: true })
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error))

/**
 * One job from queued to live or failed: refresh the workspace's sources,
 * build there, make a release of its public/, switch to it, prune. Anything
 * that goes wrong before the switch leaves the live release as it was.
 */
export function createJobRunner(deps: { config: PublisherConfig; store: JobStore; log: Logger; now?: () => number }): JobRunner {
  const { config, store, log } = deps
  const now = deps.now ?? Date.now

  return async (job, signal) => {
    store.markBuilding(job.id, now())
    const what = job.hookCount > 0 ? `${job.hookCount} webhook(s), ${job.refs.length} ref(s)` : job.trigger
    log.info(`Job ${job.id}: building (${what})`)
    const fail = (reason: string, logExcerpt: string | null = null) => {
      store.markFailed(job.id, { reason, logExcerpt, now: now() })
      log.warn(`Job ${job.id}: failed: ${reason}`)
    }

    try {
      refreshWorkspace(config.sourceDir, config.workspaceDir)
    } catch (error) {
      fail(`the site's sources could not be copied into the workspace (${message(error)})`)
      return
    }
    if (signal.aborted) {
      store.requeue(job.id, REDONE_NOTE)
      return
    }

    const tracker = new BuildPhaseTracker()
    const result = await runBuild({
      command: config.buildCommand,
      cwd: config.workspaceDir,
      env: buildEnvironment(config.buildEnv, job, { warmCache: hasWarmCache(config.workspaceDir) }),
      timeoutMs: config.buildTimeoutMs,
      logFile: logFileOf(config.dataDir, job.id),
      signal,
      onLine: (line) => {
        if (tracker.update(line)) store.setPhase(job.id, tracker.phase)
      },
    })
    if (result.end.kind === "stopped") {
      store.requeue(job.id, REDONE_NOTE)
      log.info(`Job ${job.id}: stopped with the publisher; queued again`)
      return
    }
    if (!result.ok) {
      fail(failureReason(result.end, result.tail), result.tail.slice(-LOG_EXCERPT_LINES).join("\n"))
      return
    }

    store.setPhase(job.id, "publishing the release")
    const publicDir = path.join(config.workspaceDir, "public")
    if (!fs.existsSync(path.join(publicDir, "index.html"))) {
      fail("the build said it succeeded but made no public/index.html; nothing was published", result.tail.slice(-LOG_EXCERPT_LINES).join("\n"))
      return
    }
    try {
      const release = await createRelease({ dataDir: config.dataDir, publicDir, releaseId: newReleaseId(job.id, now()) })
      switchRelease(config.dataDir, release.releaseId)
      const at = now()
      store.recordSwitch({ releaseId: release.releaseId, at, cause: "build", jobId: job.id })
      store.markLive(job.id, { releaseId: release.releaseId, changedUrls: release.changedUrls, removedUrls: release.removedUrls, now: at })
      log.info(
        `Job ${job.id}: live as release ${release.releaseId} in ${((at - (store.get(job.id)?.startedAt ?? at)) / 1000).toFixed(1)} s ` +
          `(${release.changedUrls.length} page(s) changed, ${release.linked} file(s) linked, ${release.copied} copied)`,
      )
    } catch (error) {
      fail(`the build finished but its release could not be made (${message(error)}); the site was not changed`)
      return
    }
    try {
      pruneReleases(config.dataDir, config.keepReleases)
      pruneLogs(config.dataDir)
    } catch (error) {
      log.warn(`Pruning old releases failed: ${message(error)}`)
    }
  }
}
