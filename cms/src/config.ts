import path from "node:path"
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

function onOff(env: NodeJS.ProcessEnv, name: string): boolean {
  const value = env[name] || "on"
  if (value !== "on" && value !== "off") throw new Error(`${name} must be on or off, not ${value}`)
  return value === "on"
}

function readWebhook(env: NodeJS.ProcessEnv): CmsConfig["webhook"] {
  const url = env.CMS_WEBHOOK_URL
  if (!url) return null
  if (!/^https?:\/\/[^/]/.test(url) || !URL.canParse(url)) throw new Error(`CMS_WEBHOOK_URL must be an http(s) URL, not ${url}`)
  const secret = env.PUBLISH_WEBHOOK_SECRET
  if (!secret) throw new Error("CMS_WEBHOOK_URL is set but PUBLISH_WEBHOOK_SECRET is not: the webhook must be signed.")
  return { url, secret }
}

export const DEFAULT_DATA_DIR = path.resolve(__dirname, "..", "data")

export function readConfig(env: NodeJS.ProcessEnv): CmsConfig {
  const port = Number(env.CMS_PORT ?? 4000)
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`CMS_PORT must be a port number, not ${env.CMS_PORT}`)
  }
  const tombstoneDays = Number(env.CMS_TOMBSTONE_DAYS || DEFAULT_TOMBSTONE_DAYS)
  if (!Number.isFinite(tombstoneDays) || tombstoneDays <= 0) {
    throw new Error(`CMS_TOMBSTONE_DAYS must be a number of days above 0, not ${env.CMS_TOMBSTONE_DAYS}`)
  }
  return {
    host: env.CMS_HOST ?? "127.0.0.1",
    port,
    dataDir: path.resolve(env.CMS_DATA_DIR ?? DEFAULT_DATA_DIR),
    videoApiToken: env.VIDEO_API_TOKEN || DEFAULT_VIDEO_API_TOKEN,
    videoRateLimit: parseRateLimit(env.CMS_VIDEO_RATE_LIMIT),
    siteSettings: onOff(env, "CMS_SITE_SETTINGS"),
    changes: onOff(env, "CMS_CHANGES"),
    tombstoneDays,
    webhook: readWebhook(env),
  }
}

export function databaseFile(dataDir: string): string {
  return path.join(dataDir, "catalogue.db")
}

export function mediaDir(dataDir: string): string {
  return path.join(dataDir, "media")
}
