import path from "node:path"
import { readSettings } from "../../node-kit/config"
import { DEFAULT_TOMBSTONE_DAYS } from "./changes"
import { parseRateLimit, type RateLimitSetting } from "./rate-limit"

/** Token the bundled video host accepts when VIDEO_API_TOKEN is unset. Not a secret: local only. */
export const DEFAULT_VIDEO_API_TOKEN = "local-video-host-token"

export interface CmsConfig {
  host: string
  port: number
  dataDir: string
  videoApiToken: string
  videoRateLimit: RateLimitSetting | null
  /** CMS_SITE_SETTINGS=off: GET /api/site-settings answers 404, to try a site against a backend without them. */
  siteSettings: boolean
  /** CMS_CHANGES=off: GET /api/changes answers 404, to try a site against a backend without a changes feed. */
  changes: boolean
  /** CMS_TOMBSTONE_DAYS: how long deletions are remembered; a since older than that answers 410. */
  tombstoneDays: number
  /** CMS_WEBHOOK_URL and PUBLISH_WEBHOOK_SECRET: where to send the publish webhook; null when unset. */
  webhook: { url: string; secret: string } | null
}

export const DEFAULT_DATA_DIR = path.resolve(__dirname, "..", "data")

/**
 * The server's configuration from environment variables, read once with the
 * kit's reader (node-kit/config.ts): every problem is named at once in one
 * ConfigError, and the same setting has the same rule as in the publisher
 * (an empty port is a problem, not port 0; the webhook secret has at least
 * 16 characters).
 */
export function readConfig(env: NodeJS.ProcessEnv): CmsConfig {
  const settings = readSettings(env, "catalogue server")
  const host = settings.host("CMS_HOST", "127.0.0.1")
  const port = settings.port("CMS_PORT", 4000)
  const rateLimit = settings.text("CMS_VIDEO_RATE_LIMIT")
  const videoRateLimit = rateLimit === undefined ? null : parseRateLimit(rateLimit)
  if (videoRateLimit === undefined) {
    settings.problem(`CMS_VIDEO_RATE_LIMIT must look like 10/1 (requests/seconds), not ${JSON.stringify(rateLimit)}`)
  }
  const tombstoneDays = settings.positiveNumber("CMS_TOMBSTONE_DAYS", DEFAULT_TOMBSTONE_DAYS)
  const webhookUrl = settings.url("CMS_WEBHOOK_URL")
  const secret = settings.secret("PUBLISH_WEBHOOK_SECRET", "anyone who knows it can make the publisher rebuild the site")
  if (settings.text("CMS_WEBHOOK_URL") !== undefined && secret === undefined) {
    settings.problem("CMS_WEBHOOK_URL is set but PUBLISH_WEBHOOK_SECRET is not: the webhook must be signed.")
  }
  return settings.done({
    host,
    port,
    dataDir: settings.path("CMS_DATA_DIR", DEFAULT_DATA_DIR),
    videoApiToken: settings.text("VIDEO_API_TOKEN") ?? DEFAULT_VIDEO_API_TOKEN,
    videoRateLimit: videoRateLimit ?? null,
    siteSettings: settings.onOff("CMS_SITE_SETTINGS", true),
    changes: settings.onOff("CMS_CHANGES", true),
    tombstoneDays,
    webhook: webhookUrl && secret ? { url: webhookUrl, secret } : null,
  })
}

export function databaseFile(dataDir: string): string {
  return path.join(dataDir, "catalogue.db")
}

export function mediaDir(dataDir: string): string {
  return path.join(dataDir, "media")
}
