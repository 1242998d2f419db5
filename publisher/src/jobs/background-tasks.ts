import type { Logger } from "../../../node-kit/process/logger"
import type { BuildQueue } from "./build-queue"
import { ChangesPoller, startChangesPolling } from "./changes-poller"
import type { PublisherConfig } from "../config"
import { startFlattening } from "../releases/flatten-release"
import type { LaneRecords } from "./store/lane-records"
import { pruneReleases } from "../releases/releases"

/**
 * Deliveries are remembered this long for the dedupe. A repeat is refused
 * for its timestamp once the tolerance (5 minutes) has passed after that
 * timestamp, which a sender whose clock is ahead puts up to the tolerance
 * after we accepted it: the dedupe must outlast twice the tolerance (and
 * the second the check rounds to). An hour leaves room for clocks.
 */
export const DEDUPE_KEPT_MS = 3600_000
/** How often the dedupe records are pruned while the publisher runs. */
export const PRUNE_EVERY_MS = 10 * 60_000

/**
 * What the publisher does besides building: prunes the webhook dedupe
 * records, asks the catalogue's changes feed for edits whose webhook was
 * lost (the preview lane the draft view's feed, for drafts; when PUBLISHER_CHANGES_POLL_MS is above 0 and the build has a
 * CATALOGUE_API_URL to ask), and flattens each release made of what changed
 * once no build runs or waits (releases/flatten-release.ts), then prunes the releases
 * nothing kept names any more. `stop()` ends them all.
 */
export function startBackgroundTasks(deps: {
  config: PublisherConfig
  records: LaneRecords
  queue: BuildQueue
  log: Logger
  /** The preview lane, when it runs: it asks the draft view's feed for a lost draft webhook. */
  preview?: { records: LaneRecords; queue: BuildQueue; draftViewToken: string }
}): { stop(): Promise<void> } {
  const { config, records, queue, log, preview } = deps
  const prune = setInterval(() => {
    const forgotten = records.deliveries.prune(Date.now() - DEDUPE_KEPT_MS)
    if (forgotten > 0) log.info(`Forgot ${forgotten} webhook delivery record(s) older than an hour`)
  }, PRUNE_EVERY_MS)
  prune.unref()

  const apiUrl = config.buildEnv.CATALOGUE_API_URL?.trim()
  const polling = config.changesPollMs > 0 && apiUrl ? startChangesPolling(new ChangesPoller({ apiUrl, store: records.jobs, queue, log }), config.changesPollMs, log) : undefined
  const previewPolling =
    config.changesPollMs > 0 && apiUrl && preview
      ? startChangesPolling(
          new ChangesPoller({ apiUrl, store: preview.records.jobs, queue: preview.queue, draftViewToken: preview.draftViewToken, log }),
          config.changesPollMs,
          log,
        )
      : undefined
  if (config.changesPollMs > 0 && !apiUrl) log.info("CATALOGUE_API_URL is not set: the publisher builds on webhooks only, without asking the changes feed")
  const flattening = startFlattening({
    dataDir: config.dataDir,
    keep: config.keepReleases,
    canRun: () => !queue.busy,
    prune: () => pruneReleases(config.dataDir, config.keepReleases),
    log,
  })
  return {
    /** Resolves once a changes-feed round under way has ended: the records it writes to may be closed after. */
    async stop() {
      clearInterval(prune)
      flattening.stop()
      await Promise.all([polling?.stop(), previewPolling?.stop()])
    },
  }
}
