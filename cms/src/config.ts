import net from "node:net"
import path from "node:path"
import type { WebhookKey } from "../../contract/webhook-signature"
import { readSettings, type SettingsReader } from "../../node-kit/config/settings-reader"
import { DEFAULT_TOMBSTONE_DAYS } from "./catalogue/changes"
import { DEFAULT_MEDIA_LIMITS } from "./media/jobs"
import { DEFAULT_SUBSCRIBE_RATE_LIMIT, parseRateLimit, type RateLimitSetting } from "./http-hooks/rate-limit"

/** Token the bundled video host accepts when VIDEO_API_TOKEN is unset. Not a secret: local only. */
export const DEFAULT_VIDEO_API_TOKEN = "local-video-host-token"

export interface CmsConfig {
  host: string
  port: number
  dataDir: string
  /**
   * CMS_DRAWINGS_DIR: where the drawn original pictures are kept; null: in the data folder's media/. A
   * drawing depends on its name alone, so several servers may share one folder and draw each picture once.
   */
  drawingsDir: string | null
  videoApiToken: string
  videoRateLimit: RateLimitSetting | null
  /** CMS_SITE_SETTINGS=off: GET /api/site-settings answers 404, to try a site against a backend without them. */
  siteSettings: boolean
  /** CMS_CHANGES=off: GET /api/changes answers 404, to try a site against a backend without a changes feed. */
  changes: boolean
  /**
   * CMS_DRAFTS=off: the catalogue keeps no drafts (the admin API's drafts routes answer 404 and
   * preview=1 answers 401), to try the preview lane against a backend written before drafts.
   */
  drafts: boolean
  /** CATALOGUE_PREVIEW_TOKEN: the bearer token of the draft view (preview=1); null: the draft view answers 401. */
  previewToken: string | null
  /** CMS_TOMBSTONE_DAYS: how long deletions are remembered; a since older than that answers 410. */
  tombstoneDays: number
  /** CMS_WEBHOOK_URL and PUBLISH_WEBHOOK_SECRET's keys: where to send the publish webhook, signed with each key; null when unset. */
  webhook: { url: string; keys: WebhookKey[] } | null
  /** CMS_ADMIN_TOKEN: the bearer token of the admin API; null: the admin API is off (403), never open. */
  adminToken: string | null
  /** CMS_ALLOWED_HOSTS and a CMS_HOST that is a name: the names requests may be sent to (addresses and localhost always may). */
  allowedHosts: string[]
  /** CMS_SUBSCRIBE_RATE_LIMIT: POST /api/subscribe's limit per client address; null: off. */
  subscribeRateLimit: RateLimitSetting | null
  /** CMS_TRUST_PROXY: addresses of the proxies whose X-Forwarded-For and X-Forwarded-Host are believed; Fastify's trustProxy. */
  trustProxy: string | undefined
  /**
   * VIDEO_PLAYER_ORIGIN (`https://player.vimeo.com`): the origin the player links name and the player page
   * answers under, so the host's own SDK accepts it; null: this server's own origin and /player/{path}.
   */
  videoPlayerOrigin: string | null
  /**
   * CMS_SUBSCRIBE_ORIGINS: the site origins whose pages may POST /api/subscribe (CORS); by default the
   * local site (npm start's :9000, npm run develop's :8000, as localhost and 127.0.0.1) and SITE_URL's origin.
   */
  subscribeOrigins: string[]
  /** CMS_MEDIA_KEPT_VARIANTS: resized pictures kept on disk, all pictures together; the least recently served go first. */
  keptMediaVariants: number
}

/** Reads a `10/600` (requests/seconds) limit, or `off`; notes a problem for anything else. */
function rateLimitSetting(settings: SettingsReader, name: string, fallback: RateLimitSetting | null): RateLimitSetting | null {
  const text = settings.text(name)
  if (text === undefined) return fallback
  if (text === "off") return null
  const setting = parseRateLimit(text)
  if (!setting) settings.problem(`${name} must look like 10/600 (requests/seconds, the limit then the window) or be off, not ${JSON.stringify(text)}`)
  return setting ?? fallback
}

/** A comma-separated list of the names in `name`, each checked with `valid`; the ones refused are noted as problems. */
function listSetting(settings: SettingsReader, name: string, valid: (entry: string) => boolean, what: string): string[] {
  const entries = (settings.text(name) ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean)
  const refused = entries.filter((entry) => !valid(entry))
  if (refused.length) settings.problem(`${name} must be a comma-separated list of ${what}; not ${refused.map((e) => JSON.stringify(e)).join(", ")}`)
  return entries.filter(valid)
}

/** An http(s) origin alone (scheme, host, port; no path, query or user); noted as a problem otherwise. */
function originSetting(settings: SettingsReader, name: string): string | null {
  const value = settings.url(name)
  if (value === undefined) return null
  const url = new URL(value)
  if (url.origin !== value.replace(/\/$/, "").toLowerCase() || url.username || url.password) {
    settings.problem(`${name} must be an origin alone, like https://player.vimeo.com (no path), not ${JSON.stringify(value)}`)
    return null
  }
  return url.origin
}

/** An http(s) origin alone: scheme, host and port, no path, query or user. */
function isOriginAlone(value: string): boolean {
  if (!/^https?:\/\/[^/]/.test(value) || !URL.canParse(value)) return false
  const url = new URL(value)
  return url.origin === value.replace(/\/$/, "").toLowerCase() && !url.username && !url.password
}

/** The sites npm start (:9000) and npm run develop (:8000) serve, by either loopback name a visitor may type. */
export const LOCAL_SITE_ORIGINS = ["http://localhost:9000", "http://127.0.0.1:9000", "http://localhost:8000", "http://127.0.0.1:8000"]

/** The origins allowed to subscribe: CMS_SUBSCRIBE_ORIGINS alone when set, else the local site's and SITE_URL's. */
function subscribeOrigins(settings: SettingsReader): string[] {
  const listed = listSetting(settings, "CMS_SUBSCRIBE_ORIGINS", isOriginAlone, "origins alone (https://www.example.com, no path)")
  if (settings.text("CMS_SUBSCRIBE_ORIGINS") !== undefined) return listed.map((entry) => new URL(entry).origin)
  const siteUrl = settings.url("SITE_URL")
  return [...new Set([...LOCAL_SITE_ORIGINS, ...(siteUrl ? [new URL(siteUrl).origin] : [])])]
}

const HOST_NAME = /^\.?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i
const PROXY_ADDRESS = (entry: string) => net.isIP(entry.replace(/\/\d{1,3}$/, "")) !== 0
/** Addresses that listen everywhere: not a name anyone calls the server by. */
const ANY_ADDRESS = new Set(["0.0.0.0", "::", "[::]"])

export const DEFAULT_DATA_DIR = path.resolve(__dirname, "..", "data")

/**
 * The server's configuration from environment variables, read once with the
 * kit's reader (node-kit/config/settings-reader.ts): every problem is named at once in one
 * ConfigError, and the same setting has the same rule as in the publisher
 * (an empty port is a problem, not port 0; the webhook secret is `whsec_`
 * and the base64 of 24 to 64 bytes, one or more).
 */
export function readConfig(env: NodeJS.ProcessEnv): CmsConfig {
  const settings = readSettings(env, "catalogue server")
  const host = settings.host("CMS_HOST", "127.0.0.1")
  const port = settings.port("CMS_PORT", 4000)
  const videoRateLimit = rateLimitSetting(settings, "CMS_VIDEO_RATE_LIMIT", null)
  const tombstoneDays = settings.positiveNumber("CMS_TOMBSTONE_DAYS", DEFAULT_TOMBSTONE_DAYS)
  const webhookUrl = settings.url("CMS_WEBHOOK_URL")
  const keys = settings.webhookKeys("PUBLISH_WEBHOOK_SECRET", "anyone who knows it can make the publisher rebuild the site")
  if (settings.text("CMS_WEBHOOK_URL") !== undefined && keys === undefined) {
    settings.problem("CMS_WEBHOOK_URL is set but PUBLISH_WEBHOOK_SECRET is not: the webhook must be signed.")
  }
  const allowedHosts = listSetting(settings, "CMS_ALLOWED_HOSTS", (entry) => HOST_NAME.test(entry), "host names (.example.com: it and every name under it)")
  if (!ANY_ADDRESS.has(host) && net.isIP(host) === 0) allowedHosts.push(host)
  const trustProxy = listSetting(settings, "CMS_TRUST_PROXY", PROXY_ADDRESS, "proxy addresses or CIDR ranges (127.0.0.1, 10.0.0.0/8)")
  return settings.done({
    host,
    port,
    dataDir: settings.path("CMS_DATA_DIR", DEFAULT_DATA_DIR),
    drawingsDir: settings.text("CMS_DRAWINGS_DIR") === undefined ? null : settings.path("CMS_DRAWINGS_DIR", ""),
    videoApiToken: settings.text("VIDEO_API_TOKEN") ?? DEFAULT_VIDEO_API_TOKEN,
    videoRateLimit,
    siteSettings: settings.onOff("CMS_SITE_SETTINGS", true),
    changes: settings.onOff("CMS_CHANGES", true),
    drafts: settings.onOff("CMS_DRAFTS", true),
    previewToken: settings.secret("CATALOGUE_PREVIEW_TOKEN", "anyone who knows it can read every unpublished draft") ?? null,
    tombstoneDays,
    webhook: webhookUrl && keys ? { url: webhookUrl, keys } : null,
    adminToken: settings.secret("CMS_ADMIN_TOKEN", "anyone who knows it can edit the catalogue and read every subscriber") ?? null,
    allowedHosts,
    subscribeRateLimit: rateLimitSetting(settings, "CMS_SUBSCRIBE_RATE_LIMIT", DEFAULT_SUBSCRIBE_RATE_LIMIT),
    trustProxy: trustProxy.length ? trustProxy.join(",") : undefined,
    videoPlayerOrigin: originSetting(settings, "VIDEO_PLAYER_ORIGIN"),
    subscribeOrigins: subscribeOrigins(settings),
    keptMediaVariants: settings.positiveInteger("CMS_MEDIA_KEPT_VARIANTS", DEFAULT_MEDIA_LIMITS.keptVariants),
  })
}

export function databaseFile(dataDir: string): string {
  return path.join(dataDir, "catalogue.db")
}

/** The drafts' catalogue (catalogue/database/drafts-database.ts), beside the published one. */
export function draftsFile(dataDir: string): string {
  return path.join(dataDir, "drafts.db")
}

export function mediaDir(dataDir: string): string {
  return path.join(dataDir, "media")
}
