import fs from "node:fs"
import path from "node:path"
import type { Logger } from "../../../node-kit/process/logger"
import { BuildPhaseTracker, RENDERER_PHASE } from "./build-phase"
import { YIELDED, type JobRunner } from "./build-queue"
import { CDN_SECRETS, type PublisherConfig } from "../config"
import { describeFileError, failureReason } from "./failure-reason"
import type { Job } from "./job"
import type { JobStore } from "./store/job-store"
import type { SwitchStore } from "./store/switch-store"
import { forgetBuild, recordBuild } from "./leftover-build"
import { createRelease, newReleaseId, pruneReleases, switchRelease, type CreatedRelease } from "../releases/releases"
import { runBuild, type BuildResult } from "./run-build"
import type { BuildRoom, RoomBuild } from "./build-room"
import { WarmStarts } from "./warm-start/warm-starts"
import { hasWarmCache, refreshWorkspace } from "./workspace"

/** The lines of a failed build an editor sees on the status page. */
export const LOG_EXCERPT_LINES = 40
/** Build logs kept in logs/, newest first. */
const LOGS_KEPT = 50

/** Said of a job whose build the publisher stopped (shutdown) or lost (crash): it is built again from the start. */
export const REDONE_NOTE = "The publisher stopped during this build; it was queued again and built from the start after the restart."

/** Said of a preview job whose build was stopped so the live site's could have the machine: it is built again after. */
export const YIELDED_NOTE = "Stopped so the live site's build could go first; queued again and built from the start after it."

/** Said of a stopped job: why it was stopped (the abort's reason) decides which. */
const requeueNote = (signal: AbortSignal) => (signal.reason === YIELDED ? YIELDED_NOTE : REDONE_NOTE)

/**
 * Secrets of the publisher that a build has no use for (its own tokens, the CDNs' credentials), kept out of its
 * environment; and the draft view's token, which only a preview lane's
 * builds get (build(): `draftViewToken`), so a live build reads the
 * published view whatever the publisher's own environment holds.
 */
const WITHHELD = ["PUBLISH_WEBHOOK_SECRET", "PUBLISHER_ADMIN_TOKEN", "PUBLISHER_PREVIEW_SIGN_IN_TOKEN", "CATALOGUE_PREVIEW_TOKEN", ...CDN_SECRETS]

/**
 * The build's environment: the publisher's (CATALOGUE_API_URL, VIDEO_API_URL,
 * VIDEO_API_TOKEN, SITE_URL, …) without its secrets, telemetry off, no
 * TypeScript types written (SITE_TYPEGEN=off: nothing in a publish
 * type-checks them) and the SEO report as JSON only (SEO_REPORT_HTML=off: no
 * one opens its page from the workspace). A job's refs stay out: Linux
 * refuses a variable over 128 KiB, and the source plugin reads what changed
 * from the changes feed.
 *
 * GATSBY_CPU_COUNT is always set, so only its value changes between builds:
 * webpack rebuilds every module when the set of variables it defines
 * changes. Over a warm cache a build renders a handful of pages and a second
 * worker costs more than it saves; a cold build keeps all cores
 * ("physical_cores", Gatsby's own default). The operator's count wins.
 * NODE_COMPILE_CACHE (set by the caller) keeps the compiled code of Gatsby,
 * webpack and babel, which each build loads afresh. GATSBY_LOGGER=yurnalist:
 * Gatsby's plain line logger, as it picks in CI, instead of the terminal UI
 * (Ink and React, 0.3 s to load) it picks for a pipe elsewhere; the log reads
 * the same to the phase tracker.
 * Why each, and what it saves: docs/decisions/0017-a-builds-environment.md.
 */
export function buildEnvironment(base: NodeJS.ProcessEnv, workspace: { warmCache: boolean } = { warmCache: false }): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...base, GATSBY_TELEMETRY_DISABLED: "1", SITE_TYPEGEN: "off", SEO_REPORT_HTML: "off" }
  env.GATSBY_CPU_COUNT ??= workspace.warmCache ? "1" : "physical_cores"
  env.GATSBY_LOGGER ??= "yurnalist"
  for (const name of WITHHELD) delete env[name]
  return env
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

/** Said of a job whose build made exactly the live release's files: the live release stays, no release is added. */
export const NO_CHANGE_NOTE = "No change: the build made the same files as the live release, so no new release was made and the live one stays."

/** How long to wait before the queue tries again when the job records themselves could not be written (a full disk). */
const STORE_RETRY_MS = 30_000

interface RunnerContext {
  /** How the log names a job of this lane: "Job" (live) or "Preview job". */
  what: string
  config: PublisherConfig
  jobs: JobStore
  /** Where each switch to a new live release is recorded. */
  switches: SwitchStore
  log: Logger
  now: () => number
  /** Told of each new live release, after the switch (the CDN purges); must not throw. */
  onRelease?: (release: CreatedRelease) => void
  /** The folder both lanes build in, one job at a time (build-room.ts); unset: the lane's own workspace. */
  room?: BuildRoom
  /** The lane's build processes started ahead of their builds; unset (PUBLISHER_WARM_START=off): each build starts its own. */
  warmStarts?: WarmStarts
}

const tailOf = (result: BuildResult) => result.tail.slice(-LOG_EXCERPT_LINES).join("\n")

function failJob(context: RunnerContext, job: Job, reason: string, logExcerpt: string | null = null): void {
  context.jobs.markFailed(job.id, { reason, logExcerpt, now: context.now() })
  context.log.warn(`${context.what} ${job.id}: failed: ${reason}`)
}

/** A build's environment in this lane and workspace (`warmCache`: whether the workspace has a build's cache; by default, as it is now). */
export function laneBuildEnvironment(config: PublisherConfig, workspaceDir: string, warmCache = hasWarmCache(workspaceDir)): NodeJS.ProcessEnv {
  return {
    // Processed pictures outlive a code deploy's cleared .cache, and compiled modules every build, in the data folder (an operator's setting wins).
    ...buildEnvironment(
      { CATALOGUE_IMAGE_STORE: path.join(config.dataDir, "image-store"), NODE_COMPILE_CACHE: path.join(config.dataDir, "node-compile-cache"), ...config.buildEnv },
      { warmCache },
    ),
    // Named in both lanes, the token in the preview's alone: the HTML renderer defines every variable, and
    // webpack builds all its modules again when the names it defines change, so the preview's first build
    // keeps the live lane's compiled modules it starts from (build-room.ts).
    CATALOGUE_PREVIEW_TOKEN: config.draftViewToken ?? "",
  }
}

/**
 * Runs the build in the workspace, its group noted in the data folder while it runs (leftover-build.ts). The
 * lane's process for its next build starts beside it and, unless the publisher is stopping, reads the saved
 * state once it has ended (warm-start/warm-starts.ts).
 */
async function build(context: RunnerContext, job: Job, signal: AbortSignal, workspaceDir: string): Promise<BuildResult> {
  const { config, jobs } = context
  const tracker = new BuildPhaseTracker()
  const command = config.buildCommand
  const warm = context.warmStarts && WarmStarts.accepts(command) ? { starts: context.warmStarts, command } : undefined
  let buildPid: number | undefined
  try {
    return await runBuild({
      command,
      start: warm?.starts.start,
      cwd: workspaceDir,
      env: laneBuildEnvironment(config, workspaceDir),
      timeoutMs: config.buildTimeoutMs,
      logFile: logFileOf(config.dataDir, job.id),
      signal,
      onStart: (pid) => {
        buildPid = pid
        recordBuild(config.dataDir, pid, job.id)
        warm?.starts.prepareAhead(warm.command, { cwd: workspaceDir, env: laneBuildEnvironment(config, workspaceDir) })
      },
      onLine: (line) => {
        if (!tracker.update(line)) return
        jobs.setPhase(job.id, tracker.phase)
        // Its browser bundle made, a first build has loaded most packages a build loads; its next build runs over its cache.
        if (warm && buildPid !== undefined && tracker.phase === RENDERER_PHASE) {
          void warm.starts.prepareDuring(buildPid, warm.command, { cwd: workspaceDir, env: laneBuildEnvironment(config, workspaceDir, true) })
        }
      },
    })
  } finally {
    forgetBuild(config.dataDir)
    if (warm && !(signal.aborted && signal.reason !== YIELDED))
      warm.starts.prepare(warm.command, { cwd: workspaceDir, env: laneBuildEnvironment(config, workspaceDir) }, { readState: true })
  }
}

/**
 * A finished build's public/ as a release, switched live; or, when its
 * files are the live release's, nothing new (the job says so). A failure
 * here (a full disk) fails the job and leaves the live release as it was.
 */
async function publish(context: RunnerContext, job: Job, result: BuildResult, workspaceDir: string): Promise<void> {
  const { config, jobs, switches, log, now } = context
  jobs.setPhase(job.id, "publishing the release")
  const publicDir = path.join(workspaceDir, "public")
  if (!fs.existsSync(path.join(publicDir, "index.html"))) {
    failJob(context, job, "the build said it succeeded but made no public/index.html; nothing was published", tailOf(result))
    return
  }
  let release: CreatedRelease
  const making = performance.now()
  try {
    release = await createRelease({ dataDir: config.dataDir, publicDir, releaseId: newReleaseId(job.id, now()) })
    if (!release.unchanged) switchRelease(config.dataDir, release.releaseId)
  } catch (error) {
    log.error({ err: error }, `${context.what} ${job.id}: making the release failed`)
    failJob(context, job, `the build finished but its release could not be made: ${describeFileError(error)}`)
    return
  }
  const madeIn = ((performance.now() - making) / 1000).toFixed(2)
  const at = now()
  const took = `${((at - (jobs.get(job.id)?.startedAt ?? at)) / 1000).toFixed(1)} s`
  if (release.unchanged) {
    jobs.markLive(job.id, { releaseId: release.releaseId, changedUrls: [], removedUrls: [], now: at, note: NO_CHANGE_NOTE })
    log.info(`${context.what} ${job.id}: built in ${took}, no file changed: release ${release.releaseId} stays live, no release added`)
    return
  }
  switches.recordSwitch({ releaseId: release.releaseId, at, cause: "build", jobId: job.id })
  jobs.markLive(job.id, { releaseId: release.releaseId, changedUrls: release.changedUrls, removedUrls: release.removedUrls, now: at })
  context.onRelease?.(release)
  log.info(
    `${context.what} ${job.id}: live as release ${release.releaseId} in ${took} ` +
      `(${release.changedUrls.length} page(s) changed, ${release.copied} file(s) written, ${release.linked} named in earlier releases; ` +
      `release made and switched in ${madeIn} s)`,
  )
  try {
    pruneReleases(config.dataDir, config.keepReleases)
    pruneLogs(config.dataDir)
  } catch (error) {
    log.warn(`Pruning old releases failed: ${describeFileError(error)}`)
  }
}

/** One job from queued to live, failed or queued again (stopped with the publisher), in the build room when the lanes share one. */
async function runJob(context: RunnerContext, job: Job, signal: AbortSignal): Promise<void> {
  const { config, jobs, log, now, room } = context
  jobs.markBuilding(job.id, now())
  log.info(`${context.what} ${job.id}: building (${job.hookCount > 0 ? `${job.hookCount} webhook(s), ${job.refs.length} ref(s)` : job.trigger})`)
  const run = (workspaceDir: string) => buildAndPublish(context, job, signal, workspaceDir)
  if (room) await room.use(config.workspaceDir, run)
  else await run(config.workspaceDir)
}

/** Refreshes the workspace's sources, builds there and publishes; answers whether the build succeeded, and over which sources. */
async function buildAndPublish(context: RunnerContext, job: Job, signal: AbortSignal, workspaceDir: string): Promise<RoomBuild> {
  const { config, jobs, log } = context
  let sources: string
  try {
    sources = refreshWorkspace(config.sourceDir, workspaceDir).sources
  } catch (error) {
    failJob(context, job, `the site's sources could not be copied into the workspace: ${describeFileError(error)}`)
    return { ok: false, sources: null }
  }
  if (signal.aborted) {
    jobs.requeue(job.id, requeueNote(signal))
    return { ok: false, sources }
  }
  const result = await build(context, job, signal, workspaceDir)
  if (result.end.kind === "stopped") {
    jobs.requeue(job.id, requeueNote(signal))
    log.info(`${context.what} ${job.id}: stopped (${signal.reason === YIELDED ? YIELDED : "the publisher stops"}); queued again`)
    return { ok: false, sources }
  }
  if (!result.ok) failJob(context, job, failureReason(result.end, result.tail), tailOf(result))
  else await publish(context, job, result, workspaceDir)
  return { ok: result.ok, sources }
}

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms)
    signal.addEventListener("abort", () => (clearTimeout(timer), resolve()), { once: true })
  })

/**
 * One job from queued to live or failed: refresh the workspace's sources,
 * build there, make a release of its public/, switch to it, prune. Anything
 * that goes wrong before the switch leaves the live release as it was. The
 * runner never rejects: even a job record that cannot be written (SQLite
 * on a full disk) is logged, and the queue waits a while before it tries
 * again, so the server keeps serving the live release.
 */
export function createJobRunner(deps: {
  config: PublisherConfig
  jobs: JobStore
  switches: SwitchStore
  log: Logger
  now?: () => number
  what?: string
  onRelease?: (release: CreatedRelease) => void
  room?: BuildRoom
  warmStarts?: WarmStarts
}): JobRunner {
  const context: RunnerContext = { ...deps, what: deps.what ?? "Job", now: deps.now ?? Date.now }
  return async (job, signal) => {
    try {
      await runJob(context, job, signal)
    } catch (error) {
      context.log.error({ err: error }, `${context.what} ${job.id}: the publisher failed`)
      try {
        failJob(context, job, `the publisher failed: ${describeFileError(error)}`)
      } catch (recordError) {
        context.log.error({ err: recordError }, `${context.what} ${job.id}: its failure could not be recorded either; trying again in ${STORE_RETRY_MS / 1000} s`)
        await pause(STORE_RETRY_MS, signal)
      }
    }
  }
}
