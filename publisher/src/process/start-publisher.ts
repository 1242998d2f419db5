import type { AddressInfo } from "node:net"
import type { FastifyListenOptions } from "fastify"
import type { Logger } from "../../../node-kit/logger"
import { closeApp } from "../../../node-kit/shutdown"
import { startBackgroundTasks } from "../jobs/background-tasks"
import { BuildQueue } from "../jobs/build-queue"
import { readConfig, type PublisherConfig } from "../config"
import { openDataFolder } from "./data-folder"
import { JobStore } from "../jobs/job-store"
import { createJobRunner, REDONE_NOTE } from "../jobs/publish-job"
import { liveReleaseId } from "../releases/releases"
import { createServer, registerSiteRoutes } from "../http/app"
import { statusReport, type StatusReport } from "../http/status"
import { STATUS_PAGE_PATH } from "../http/status-page"

export interface PublisherOptions extends Partial<PublisherConfig> {
  /** Read for every setting not given here; default process.env. */
  env?: NodeJS.ProcessEnv
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
  /** The server's logger (node-kit/logger.ts), for the program that started the publisher. */
  log: Logger
  /** Resolves once nothing is queued or building: after start, the first build is live (or failed). */
  idle(): Promise<void>
  status(): StatusReport
  /** Stops serving; a running build is stopped and queued again for the next start. */
  close(): Promise<void>
}

/** Deliveries are forgotten after a week: their timestamps fail the 5-minute check long before. */
const EVENTS_KEPT_MS = 7 * 24 * 3600_000
const JOBS_KEPT = 1000

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
 * Starts the publisher: opens its records, re-queues a build a stopped
 * publisher left unfinished, listens, and queues a first build when nothing
 * is live yet. Settings not given come from the environment (config.ts).
 */
export async function startPublisher(options: PublisherOptions = {}): Promise<Publisher> {
  const { env, initialBuild = true, listenFd, ...overrides } = options
  const definedOverrides = Object.fromEntries(Object.entries(overrides).filter(([, value]) => value !== undefined))
  const config: PublisherConfig = { ...readConfig(env ?? process.env), ...definedOverrides }

  const app = createServer(config.logging, config.trustProxy)
  const { log } = app
  const folder = await openDataFolder(config.dataDir, log)
  let store: JobStore
  try {
    store = new JobStore(config.databaseFile)
  } catch (error) {
    folder.release()
    throw error
  }
  store.prune(Date.now() - EVENTS_KEPT_MS, JOBS_KEPT)
  const requeued = store.requeueInterrupted(REDONE_NOTE)
  if (requeued.length > 0) log.info(`Job ${requeued.join(", ")} was building when the publisher stopped; building it again.`)

  const queue = new BuildQueue(store, createJobRunner({ config, store, log }), {
    debounceMs: config.debounceMs,
    onError: (job, error) => log.error({ err: error }, `Job ${job.id}: the publisher failed`),
  })
  const { dataDir, webhookSecret, adminToken, allowedHosts, statusOpenOnLoopback } = config
  try {
    await registerSiteRoutes(app, { dataDir, store, queue, webhookSecret, adminToken, allowedHosts, statusOpenOnLoopback })
    await app.listen(listenOptions(config, listenFd))
  } catch (error) {
    store.close()
    folder.release()
    const code = (error as NodeJS.ErrnoException).code
    if (code === "EADDRINUSE") throw new Error(`Port ${config.port} on ${config.host} is in use: stop what uses it, or set PUBLISHER_PORT.`)
    throw error
  }
  const { port } = app.server.address() as AddressInfo
  const url = `http://${config.host.includes(":") ? `[${config.host}]` : config.host}:${port}`

  if (initialBuild && !liveReleaseId(config.dataDir) && !queue.busy) {
    const id = queue.queueBuild("initial build")
    log.info(`No release is live yet: job ${id} builds the site for the first time.`)
  } else if (folder.recovery?.restored) {
    const id = queue.queueBuild("release recovery")
    log.info(`Job ${id} builds the site again, since an older release went live at start.`)
  }
  log.info(`Publisher: site on ${url}/, status on ${url}${STATUS_PAGE_PATH}`)
  queue.schedule()
  const background = startBackgroundTasks({ config, store, queue, log })

  let closing: Promise<void> | undefined
  return {
    url,
    config,
    log,
    idle: () => queue.idle(),
    status: () => statusReport({ store, dataDir: config.dataDir, webhooksOn: Boolean(config.webhookSecret) }),
    close: () =>
      (closing ??= (async () => {
        background.stop()
        // The build first: it re-queues its job in the store, which must still be open.
        await queue.close()
        await closeApp(app)
        store.close()
        folder.release()
      })()),
  }
}
