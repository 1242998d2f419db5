import path from "node:path"
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
}

export const DEFAULT_DATA_DIR = path.resolve(__dirname, "..", "data")

export function readConfig(env: NodeJS.ProcessEnv): CmsConfig {
  const port = Number(env.CMS_PORT ?? 4000)
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`CMS_PORT must be a port number, not ${env.CMS_PORT}`)
  }
  const siteSettings = env.CMS_SITE_SETTINGS || "on"
  if (siteSettings !== "on" && siteSettings !== "off") {
    throw new Error(`CMS_SITE_SETTINGS must be on or off, not ${siteSettings}`)
  }
  return {
    host: env.CMS_HOST ?? "127.0.0.1",
    port,
    dataDir: path.resolve(env.CMS_DATA_DIR ?? DEFAULT_DATA_DIR),
    videoApiToken: env.VIDEO_API_TOKEN || DEFAULT_VIDEO_API_TOKEN,
    videoRateLimit: parseRateLimit(env.CMS_VIDEO_RATE_LIMIT),
    siteSettings: siteSettings === "on",
  }
}

export function databaseFile(dataDir: string): string {
  return path.join(dataDir, "catalogue.db")
}

export function mediaDir(dataDir: string): string {
  return path.join(dataDir, "media")
}
