import type { FastifyInstance } from "fastify"
import { createApp } from "../../../node-kit/http/app"
import type { LogSettings } from "../../../node-kit/process/logger"
import type { BuildQueue } from "../jobs/build-queue"
import type { WebhookKey } from "../../../contract/webhook-signature"
import type { LaneRecords } from "../jobs/store/lane-records"
import { FailedAttempts } from "./routes/admin-access"
import { serveLiveRelease } from "./routes/live-site"
import type { CdnPurgeQueue } from "../cdn/purge-queue"
import { rollbackRoutes } from "./routes/rollback"
import { statusRoutes } from "./routes/status"
import { webhookRoutes } from "./routes/webhook"
import { WebhookRefusals, type RefusalLimits } from "./webhook-refusals"

/** A webhook body is a few refs; a megabyte is plenty and bounds what an unsigned sender can make us read. */
export const BODY_LIMIT_BYTES = 1024 * 1024

/**
 * The publisher's one Fastify app, before its routes: the kit's app
 * (node-kit/http/app.ts) with the publisher's logging (`app.log`, handed
 * to the queue and the job runner too), body limit and error messages.
 * `trustProxy` (PUBLISHER_TRUST_PROXY) names the proxies whose
 * X-Forwarded-For and X-Forwarded-Host are believed.
 */
export function createServer(logging: LogSettings, trustProxy?: string, options: { ownErrorHandler?: boolean } = {}): FastifyInstance {
  return createApp({
    logging,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy,
    trustProxySetting: "PUBLISHER_TRUST_PROXY",
    // The preview server sets its own, which hands what it does not answer to the kit's.
    errors: options.ownErrorHandler ? "own" : { serverErrorMessage: "Something went wrong in the publisher." },
  })
}

/** A lane's records, queue and data folder, as the routes reach them. */
export interface LaneRoutes {
  records: LaneRecords
  queue: BuildQueue
  dataDir: string
}

export interface SiteRoutesOptions {
  dataDir: string
  records: LaneRecords
  queue: BuildQueue
  /** The preview lane, when it runs: webhooks queue its builds too, the status shows it. */
  preview?: LaneRoutes
  webhookKeys: readonly WebhookKey[] | undefined
  adminToken: string | undefined
  /** PUBLISHER_ALLOWED_HOSTS: the names the admin paths answer to besides addresses and localhost. */
  allowedHosts?: readonly string[]
  /** PUBLISHER_STATUS_OPEN_ON_LOOPBACK: the status without the token on loopback (development). */
  statusOpenOnLoopback?: boolean
  /** The CDN purges (a rollback owes one; the status shows them), when a CDN is configured. */
  purges?: CdnPurgeQueue
  /** Refusals per address before 429 (webhook-refusals.ts); the defaults unless a test gives others. */
  refusalLimits?: Partial<RefusalLimits>
  now?: () => number
}

/**
 * One app on one port: the webhook, the status for editors, the rollback
 * for operators, and for every other GET or HEAD the live release.
 */
export async function registerSiteRoutes(app: FastifyInstance, options: SiteRoutesOptions): Promise<void> {
  const { dataDir, records, queue, preview, webhookKeys, adminToken } = options
  const now = options.now ?? Date.now
  // One count of wrong tokens for the status and the rollback: a guesser gains nothing by switching.
  const access = { adminToken, allowedHosts: options.allowedHosts ?? [], attempts: new FailedAttempts(undefined, undefined, now) }
  // The webhook's own context: its raw-body parser must not reach the other routes.
  // One count of refused webhooks: the webhook route limits by it, GET /status reports it.
  const refusals = new WebhookRefusals({ warn: (line) => app.log.warn(line), now, limits: options.refusalLimits })
  await app.register(webhookRoutes, { queue, previewQueue: preview?.queue, webhookKeys, now, refusals })
  const { purges } = options
  await app.register(statusRoutes, {
    records,
    dataDir,
    preview,
    webhooksOn: Boolean(webhookKeys),
    refusals,
    purges,
    access,
    openOnLoopback: options.statusOpenOnLoopback ?? false,
    now,
  })
  await app.register(rollbackRoutes, { dataDir, switches: records.switches, access, purges, now })
  serveLiveRelease(app, dataDir)
}
