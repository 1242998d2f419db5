import Fastify, { type FastifyInstance } from "fastify"
import { installErrorHandler } from "../../node-kit/http-error"
import { serverLogging, type LogSettings } from "../../node-kit/logger"
import type { BuildQueue } from "./build-queue"
import type { JobStore } from "./job-store"
import { serveLiveRelease } from "./routes/live-site"
import { rollbackRoutes } from "./routes/rollback"
import { statusRoutes } from "./routes/status"
import { webhookRoutes } from "./routes/webhook"

/** A webhook body is a few refs; a megabyte is plenty and bounds what an unsigned sender can make us read. */
export const BODY_LIMIT_BYTES = 1024 * 1024

/**
 * The publisher's one Fastify app, before its routes: the kit's logger
 * (`app.log`, handed to the queue and the job runner too) and error handler.
 */
export function createServer(logging: LogSettings): FastifyInstance {
  // Site paths can be long (/_gatsby/image/<hash>/<hash>/<name>.webp); they never reach a route parameter anyway.
  const app = Fastify({ ...serverLogging(logging), bodyLimit: BODY_LIMIT_BYTES })
  installErrorHandler(app, { serverErrorMessage: "Something went wrong in the publisher." })
  return app
}

export interface SiteRoutesOptions {
  dataDir: string
  store: JobStore
  queue: BuildQueue
  webhookSecret: string | undefined
  adminToken: string | undefined
  now?: () => number
}

/**
 * One app on one port: the webhook, the status for editors, the rollback
 * for operators, and for every other GET or HEAD the live release.
 */
export async function registerSiteRoutes(app: FastifyInstance, options: SiteRoutesOptions): Promise<void> {
  const { dataDir, store, queue, webhookSecret, adminToken } = options
  const now = options.now ?? Date.now
  // The webhook's own context: its raw-body parser must not reach the other routes.
  await app.register(webhookRoutes, { queue, webhookSecret, now })
  await app.register(statusRoutes, { store, dataDir, webhooksOn: Boolean(webhookSecret), adminToken, now })
  await app.register(rollbackRoutes, { dataDir, store, adminToken, now })
  serveLiveRelease(app, dataDir)
}
