import type { AddressInfo } from "node:net"
import type { FastifyInstance, FastifyListenOptions } from "fastify"
import type { Logger } from "../../../node-kit/process/logger"
import { closeApp, stopInSteps } from "../../../node-kit/process/shutdown"
import { startBackgroundTasks } from "../jobs/background-tasks"
import type { PublisherConfig } from "../config"
import { cdnAdapters } from "../cdn/cdn-adapters"
import { CdnPurgeQueue } from "../cdn/purge-queue"
import { purgeRequestFor } from "../cdn/release-purge"
import { liveFirst, openLanes, queueFirstBuild, type Lane } from "./lanes"
import { startPreviewServer } from "../http/preview/server"
import { createServer, registerSiteRoutes } from "../http/app"
import { statusReport, type StatusReport } from "../http/status"
import { STATUS_PAGE_PATH } from "../http/status-page"

/** How to start, beside the settings: what a test or the supervisor decides, not an operator. */
export interface StartOptions {
  /** Queue a first build when no release is live (default true). */
  initialBuild?: boolean
  /**
   * Serve on this listening socket's descriptor instead of binding host and
   * port: the socket a supervisor holds (main.ts, process/supervisor.ts).
   */
  listenFd?: number
}

export interface Publisher {
  /** Where the site, /status, /_publisher/ and the webhook answer, e.g. http://127.0.0.1:9000. */
  url: string
  config: PublisherConfig
  /** The server's logger (node-kit/process/logger.ts), for the program that started the publisher. */
  log: Logger
  /** The preview site's address (PUBLISHER_PREVIEW_PORT), when the preview lane runs. */
  previewUrl: string | undefined
  /** Resolves once nothing is queued or building in either lane (after start, the first builds are live or failed), or once the publisher closes. */
  idle(): Promise<void>
  /** Resolves once nothing is queued or building in the live lane: after start, the site's first build is live (or failed), whatever the preview lane does. */
  liveIdle(): Promise<void>
  status(): StatusReport
  /** The preview lane's report, when it runs. */
  previewStatus(): StatusReport | undefined
  /** Stops serving; a running build is stopped and queued again for the next start. */
  close(): Promise<void>
}

/**
 * Fastify's listen options: host and port, or the supervisor's socket.
 * Beside `fd`, Node ignores `host`; an address is still given because
 * Fastify, told "localhost", binds ::1 on the same port as well.
 */
function listenOptions(config: PublisherConfig, fd: number | undefined): FastifyListenOptions {
  if (fd === undefined) return { host: config.host, port: config.port }
  return { fd, host: "127.0.0.1" } as FastifyListenOptions
}

/**
 * Starts the publisher with a finished configuration (readConfig's, or a
 * caller's changes to it): opens its records, re-queues a build a stopped
 * publisher left unfinished, listens, and queues a first build when nothing
 * is live yet. It reads no setting from the environment itself.
 */
export async function startPublisher(config: PublisherConfig, options: StartOptions = {}): Promise<Publisher> {
  const { initialBuild = true, listenFd } = options

  const app = createServer(config.logging, config.trustProxy)
  const { log } = app
  const order = liveFirst({ live: () => lanes.live, preview: () => lanes.preview })
  // Each live release is purged from the CDNs in front, after its switch; the preview lane is never behind one.
  // The queue is made once the lanes hold their data folders: what a stopped publisher still owed is then this one's to send.
  const lanes = await openLanes(config, log, order, (release) => purges.add(purgeRequestFor(release), release.releaseId))
  const { live, preview } = lanes
  const purges = new CdnPurgeQueue(cdnAdapters(config.cdn), config.dataDir, log)
  let previewApp: FastifyInstance | undefined
  try {
    const { dataDir, webhookKeys, adminToken, allowedHosts, statusOpenOnLoopback } = config
    await registerSiteRoutes(app, {
      dataDir,
      records: live.records,
      queue: live.queue,
      preview: preview && { records: preview.records, queue: preview.queue, dataDir: preview.config.dataDir },
      webhookKeys,
      adminToken,
      allowedHosts,
      statusOpenOnLoopback,
      purges,
    })
    await app.listen(listenOptions(config, listenFd))
    if (preview && config.preview) {
      // The live site's public address, as its pages name themselves (SITE_URL), else where this publisher serves it.
      const liveSiteUrl = config.buildEnv.SITE_URL?.trim() || listeningUrl(config.host, app)
      previewApp = await startPreviewServer(preview.config.dataDir, config.preview, config, liveSiteUrl)
    }
  } catch (error) {
    await closeApp(app).catch(() => undefined)
    await preview?.close()
    await live.close()
    await purges.close()
    const code = (error as NodeJS.ErrnoException).code
    if (code === "EADDRINUSE")
      throw new Error(`A port the publisher needs on ${config.host} is in use (${(error as Error).message}): stop what uses it, or set PUBLISHER_PORT or PUBLISHER_PREVIEW_PORT.`)
    throw error
  }
  const url = listeningUrl(config.host, app)
  const previewUrl = previewApp ? listeningUrl(config.host, previewApp) : undefined

  for (const lane of [live, preview]) if (lane) queueFirstBuild(lane, initialBuild, log)
  log.info(`Publisher: site on ${url}/, status on ${url}${STATUS_PAGE_PATH}${previewUrl ? `, preview on ${previewUrl}/` : ""}`)
  live.queue.schedule()
  preview?.queue.schedule()
  const background = startBackgroundTasks({ config, records: live.records, queue: live.queue, log, preview: draftFeedLane(preview, config) })

  let closing: Promise<void> | undefined
  return {
    url,
    previewUrl,
    config,
    log,
    idle: async () => {
      // Until both are idle at once: a live job queued while the preview built (and stopped it) means another round.
      // Once closing, no job will run: a closed queue answers idle at once while a re-queued job keeps it busy, and
      // asking again would never let the close itself go on.
      do await Promise.all([live.queue.idle(), preview?.queue.idle()])
      while (!closing && (live.queue.busy || preview?.queue.busy))
    },
    liveIdle: () => live.queue.idle(),
    status: () => statusReport({ records: live.records, dataDir: config.dataDir, webhooksOn: Boolean(config.webhookKeys), cdn: purges.status() }),
    previewStatus: () => (preview ? statusReport({ records: preview.records, dataDir: preview.config.dataDir, webhooksOn: Boolean(config.webhookKeys) }) : undefined),
    close: () => (closing ??= stopInSteps(closeSteps({ background, live, preview, apps: [app, previewApp], purges }), log)),
  }
}

/** What closing the publisher stops, in order, each named for the log of a stop that takes long. */
function closeSteps(parts: {
  background: { stop(): Promise<void> }
  live: Lane
  preview: Lane | undefined
  apps: Array<FastifyInstance | undefined>
  purges: CdnPurgeQueue
}): Array<[string, () => unknown]> {
  const { background, live, preview, apps, purges } = parts
  return [
    // A changes-feed round under way ends first: it writes to the lanes' records.
    ["the changes feed's round", () => background.stop()],
    // The builds next: each re-queues its job in its records, which must still be open.
    ["the running builds", () => Promise.all([live.queue.close(), preview?.queue.close()])],
    ["the requests under way", () => Promise.all(apps.map((app) => app && closeApp(app)))],
    ["the preview lane", () => preview?.close()],
    ["the live lane", () => live.close()],
    ["the CDN purges under way", () => purges.close()],
  ]
}

/** The preview lane as its changes poller reads the draft view's feed, when it runs. */
function draftFeedLane(preview: Lane | undefined, config: PublisherConfig) {
  return preview && config.preview && { records: preview.records, queue: preview.queue, draftViewToken: config.preview.catalogueToken }
}

/** Where an app that listens is reached, e.g. http://127.0.0.1:9000. */
function listeningUrl(host: string, app: FastifyInstance): string {
  const { port } = app.server.address() as AddressInfo
  return `http://${host.includes(":") ? `[${host}]` : host}:${port}`
}
