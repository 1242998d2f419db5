import path from "node:path"
import type { Logger } from "../../../node-kit/process/logger"
import type { PublisherConfig } from "../config"
import { BuildQueue, type BuildQueueOptions } from "../jobs/build-queue"
import { BuildRoom } from "../jobs/build-room"
import { LaneRecords } from "../jobs/store/lane-records"
import { createJobRunner, laneBuildEnvironment, REDONE_NOTE } from "../jobs/publish-job"
import { WarmStarts } from "../jobs/warm-start/warm-starts"
import { hasWarmCache } from "../jobs/workspace"
import { liveReleaseId, type CreatedRelease } from "../releases/releases"
import { openDataFolder, type OpenDataFolder } from "./data-folder"

/** Deliveries are forgotten after a week: their timestamps fail the 5-minute check long before. */
const EVENTS_KEPT_MS = 7 * 24 * 3600_000
const JOBS_KEPT = 1000

/** One lane: its data folder (releases, workspace, job records), and the queue that builds into it. */
export interface Lane {
  name: "live" | "preview"
  config: PublisherConfig
  folder: OpenDataFolder
  records: LaneRecords
  queue: BuildQueue
  close(): Promise<void>
}

/** Where a lane's builds leave the packages they loaded, for its next build process (jobs/warm-start/). */
const modulesFileOf = (dataDir: string) => path.join(dataDir, "build-starter", "modules.json")

/**
 * Opens a lane's data folder and records, re-queues a build a stopped
 * publisher left unfinished, and makes its queue (not started: the caller
 * calls `queue.schedule()` once it serves). `firstModulesFile`: the list of
 * packages its build processes load early until its own first build leaves one.
 */
export async function openLane(
  name: Lane["name"],
  config: PublisherConfig,
  log: Logger,
  queueOptions: Partial<BuildQueueOptions> = {},
  onRelease?: (release: CreatedRelease) => void,
  room?: BuildRoom,
  firstModulesFile?: string,
): Promise<Lane> {
  const folder = await openDataFolder(config.dataDir, log)
  let records: LaneRecords
  try {
    records = new LaneRecords(config.databaseFile)
  } catch (error) {
    folder.release()
    throw error
  }
  records.prune(Date.now() - EVENTS_KEPT_MS, JOBS_KEPT)
  const requeued = records.jobs.requeueInterrupted(REDONE_NOTE)
  const what = name === "live" ? "Job" : "Preview job"
  if (requeued.length > 0) log.info(`${what} ${requeued.join(", ")} was building when the publisher stopped; building it again.`)
  const warmStarts = config.warmStart ? new WarmStarts(modulesFileOf(config.dataDir), firstModulesFile) : undefined
  if (warmStarts && firstModulesFile && !liveReleaseId(config.dataDir) && WarmStarts.accepts(config.buildCommand)) {
    // Its first build comes after the other lane's, in the room over that lane's cache.
    const cwd = room?.room ?? config.workspaceDir
    warmStarts.prepareOnceListed(config.buildCommand, { cwd, env: laneBuildEnvironment(config, cwd, room !== undefined || hasWarmCache(cwd)) })
  }
  const queue = new BuildQueue(records, createJobRunner({ config, jobs: records.jobs, switches: records.switches, log, what, onRelease, room, warmStarts }), {
    debounceMs: config.debounceMs,
    onError: (job, error) => log.error({ err: error }, `${what} ${job.id}: the publisher failed`),
    ...queueOptions,
  })
  return {
    name,
    config,
    folder,
    records,
    queue,
    close: async () => {
      // The build first: it re-queues its job in the records, which must still be open.
      await queue.close()
      warmStarts?.close()
      records.close()
      folder.release()
    },
  }
}

/**
 * A lane with no release yet builds one at start (unless `initialBuild` is
 * off); one whose live release was broken and replaced by an older one at
 * start builds again.
 */
export function queueFirstBuild(lane: Lane, initialBuild: boolean, log: Logger): void {
  const what = lane.name === "live" ? "The site" : "The preview"
  if (initialBuild && !liveReleaseId(lane.config.dataDir) && !lane.queue.busy) {
    const id = lane.queue.queueBuild("initial build")
    log.info(`${what} has no release yet: job ${id} builds it for the first time.`)
  } else if (lane.folder.recovery?.restored) {
    const id = lane.queue.queueBuild("release recovery")
    log.info(`${what}: job ${id} builds it again, since an older release went live at start.`)
  }
}

/**
 * The preview lane's settings as a lane's: its own data folder, workspace
 * and records; the draft view's token for its builds; the live lane's
 * processed pictures and compiled modules, which are the same for both
 * (an operator's own setting still wins).
 */
export function previewLaneConfig(config: PublisherConfig): PublisherConfig | undefined {
  const preview = config.preview
  if (!preview) return undefined
  return {
    ...config,
    port: preview.port,
    dataDir: preview.dataDir,
    workspaceDir: path.join(preview.dataDir, "workspace"),
    databaseFile: path.join(preview.dataDir, "publisher.db"),
    draftViewToken: preview.catalogueToken,
    buildEnv: {
      CATALOGUE_IMAGE_STORE: path.join(config.dataDir, "image-store"),
      NODE_COMPILE_CACHE: path.join(config.dataDir, "node-compile-cache"),
      ...config.buildEnv,
    },
    preview: undefined,
  }
}

/**
 * The live lane goes first: a preview job starts only while the live lane
 * has nothing queued or building, and a live job queued while a preview
 * build runs stops that build (its job is queued again, YIELDED_NOTE). Two
 * builds at once would share the machine's cores, and a publish would wait
 * on a draft. Answers the two lanes' queue options.
 */
export function liveFirst(lanes: { live: () => Lane; preview: () => Lane | undefined }): {
  live: Partial<BuildQueueOptions>
  preview: Partial<BuildQueueOptions>
} {
  return {
    live: {
      onQueued: () => lanes.preview()?.queue.yieldBuild(),
      onIdle: () => lanes.preview()?.queue.schedule(),
    },
    preview: { mayStart: () => !lanes.live().queue.busy },
  }
}

/**
 * Opens the live lane and, when configured, the preview lane, both building
 * in one room (jobs/build-room.ts) when the preview's workspace is on the
 * live one's file system; then, both lanes' leftover builds stopped, puts
 * back what a stop during a preview build left moved (even when the preview
 * lane is off this time).
 */
export async function openLanes(
  config: PublisherConfig,
  log: Logger,
  order: ReturnType<typeof liveFirst>,
  onRelease: (release: CreatedRelease) => void,
): Promise<{ live: Lane; preview: Lane | undefined }> {
  const previewConfig = previewLaneConfig(config)
  const room = new BuildRoom(config.workspaceDir, log)
  let shared: BuildRoom | undefined
  if (previewConfig && room.accepts(previewConfig.workspaceDir)) shared = room
  else if (previewConfig) log.warn(`The preview's workspace (${previewConfig.workspaceDir}) is on another file system than the live lane's: its builds start from nothing.`)
  const live = await openLane("live", config, log, order.live, onRelease, shared)
  let preview: Lane | undefined
  try {
    if (previewConfig) preview = await openLane("preview", previewConfig, log, order.preview, undefined, shared, modulesFileOf(config.dataDir))
    room.recover()
    return { live, preview }
  } catch (error) {
    await preview?.close()
    await live.close()
    throw error
  }
}
