import net from "node:net"
import path from "node:path"
import type { WebhookKey } from "../../contract/webhook-signature"
import { isHostNameEntry, isProxyAddress, readSettings } from "../../node-kit/config/settings-reader"
import { logSettings, type LogSettings } from "../../node-kit/process/logger"
import { COMMANDS, PROJECT_ROOT } from "../../node-kit/process/processes"

export { ConfigError } from "../../node-kit/config/config-error"

/** The publisher's own folder; its data lives below it unless told otherwise. */
export const PUBLISHER_ROOT = path.resolve(__dirname, "..")
export const DEFAULT_DATA_DIR = path.join(PUBLISHER_ROOT, "data")

/** An argument vector, run as is, or one shell command line (PUBLISHER_BUILD_COMMAND), run with /bin/sh -c. */
export type BuildCommand = readonly string[] | string

export interface PublisherConfig {
  host: string
  port: number
  /** Holds releases/, the `current` link, manifests/, logs/ and, by default, the workspace and the database. */
  dataDir: string
  /** Where builds run: a copy of the site's sources, its .cache and public/ kept between builds. */
  workspaceDir: string
  databaseFile: string
  /** The project whose sources are copied into the workspace before each build. */
  sourceDir: string
  /** PUBLISH_WEBHOOK_SECRET's keys: one per space-separated `whsec_` secret (a rotation); webhooks are refused (503) without them. */
  webhookKeys: readonly WebhookKey[] | undefined
  /**
   * PUBLISHER_ADMIN_TOKEN, at least ADMIN_TOKEN_MIN_LENGTH characters: asked
   * for by the rollback endpoint (off, 503, without it) and by the status
   * (/status, /_publisher/; off, 403, without it) on every address.
   */
  adminToken: string | undefined
  /**
   * PUBLISHER_STATUS_OPEN_ON_LOOPBACK=on: the status answers without the
   * token while the server listens on loopback only. For `npm start` on a
   * developer's machine; behind a proxy on the same machine it would make
   * the build logs public, so it is never the default.
   */
  statusOpenOnLoopback: boolean
  /**
   * PUBLISHER_ALLOWED_HOSTS and a PUBLISHER_HOST that is a name: the names
   * the admin paths answer to (addresses and localhost always do); see
   * http/routes/admin-access.ts for why the site itself answers to any name.
   */
  allowedHosts: string[]
  /** PUBLISHER_TRUST_PROXY: the proxies whose X-Forwarded-For (the client address) and X-Forwarded-Host are believed; Fastify's trustProxy. */
  trustProxy: string | undefined
  /**
   * How often the catalogue's changes feed is asked whether something changed
   * that no build has published (a lost webhook); 0: never.
   */
  changesPollMs: number
  buildCommand: BuildCommand
  /** PUBLISHER_WARM_START (on): each lane starts the process of its next build ahead of it (jobs/warm-start/warm-starts.ts). */
  warmStart: boolean
  buildTimeoutMs: number
  /** Quiet time after the last webhook before a build starts, so a burst of edits builds once. */
  debounceMs: number
  keepReleases: number
  /** The environment builds start from (CATALOGUE_API_URL, VIDEO_API_URL, VIDEO_API_TOKEN, SITE_URL, …). */
  buildEnv: NodeJS.ProcessEnv
  /** LOG_LEVEL and LOG_FORMAT (node-kit/process/logger.ts). */
  logging: LogSettings
  /**
   * CATALOGUE_PREVIEW_TOKEN, in a lane that builds the draft view: handed to
   * its builds only. The live lane never has it (its builds are withheld the
   * variable, publish-job.ts), so no live page can show a draft.
   */
  draftViewToken?: string
  /** The preview lane (PUBLISHER_PREVIEW_PORT): none without it. */
  preview: PreviewLaneSettings | undefined
  /** The CDNs purged after each live release (docs/guides/operating-the-publisher.md, "Two arrangements: alone, or behind a CDN"). */
  cdn: CdnSettings
}

/** Each CDN in front of the live site, purged after each release (publisher/src/cdn/). */
export interface CdnSettings {
  /** PUBLISHER_CDN_VARNISH: the Varnish servers (comma-separated origins) that take the VCL's xkey PURGE. */
  varnish: string[]
  /** PUBLISHER_CDN_FASTLY_SERVICE_ID and FASTLY_API_TOKEN. */
  fastly?: { serviceId: string; apiToken: string }
  /** PUBLISHER_CDN_CLOUDFLARE_ZONE_ID and CLOUDFLARE_API_TOKEN. */
  cloudflare?: { zoneId: string; apiToken: string }
  /** PUBLISHER_CDN_CLOUDFRONT_DISTRIBUTION_ID and AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY (AWS_SESSION_TOKEN for temporary keys). */
  cloudfront?: { distributionId: string; accessKeyId: string; secretAccessKey: string; sessionToken?: string }
}

/** The CDN credentials: the publisher's, never a build's (publish-job.ts withholds them). */
export const CDN_SECRETS = ["FASTLY_API_TOKEN", "CLOUDFLARE_API_TOKEN", "AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN"]

/**
 * The preview lane: a second set of releases, built from the catalogue's
 * draft view on draft and publish webhooks, served on its own port to
 * signed-in editors only (docs/reference/preview-lane.md).
 */
export interface PreviewLaneSettings {
  port: number
  /** PUBLISHER_PREVIEW_DATA_DIR, default `preview/` in the data folder: its releases, workspace and job records. */
  dataDir: string
  /** CATALOGUE_PREVIEW_TOKEN: the draft view for its builds; a catalogue without drafts refuses it, and the preview says so. */
  catalogueToken: string
  /** PUBLISHER_PREVIEW_SIGN_IN_TOKEN: what an editor types to sign in to the preview site (at least ADMIN_TOKEN_MIN_LENGTH characters). */
  signInToken: string
  /**
   * PUBLISHER_PREVIEW_URL: the preview site's public address, as editors
   * reach it (https://preview.example.com). Its scheme decides the session
   * cookie: Secure and `__Host-` unless it is plain http on loopback.
   * Unset: where the preview listens.
   */
  publicUrl?: string
  /**
   * PUBLISHER_PREVIEW_HANDOFF_SECRET: the secret the CMS signs its Preview
   * button's hand-off tickets with (http/preview/hand-off.ts). Unset: no
   * hand-off, and /_preview/hand-off is any unknown path.
   */
  handOffSecret?: string
  /**
   * PUBLISHER_PREVIEW_FRAME_ANCESTORS: the origins (the CMS admin's) that may
   * frame the preview's pages; none: no page may be framed.
   */
  frameAncestors?: string[]
}

/** 128 bits written in hex (`openssl rand -hex 16`), past guessing even without the limit on wrong tries; a shorter token is refused at start. */
export const ADMIN_TOKEN_MIN_LENGTH = 32

/** Addresses that listen everywhere: not a name anyone calls the server by. */
const ANY_ADDRESS = new Set(["0.0.0.0", "::", "[::]"])

export const DEFAULTS = {
  host: "127.0.0.1",
  port: 9000,
  buildTimeoutMs: 10 * 60_000,
  debounceMs: 300,
  keepReleases: 10,
  changesPollMs: 3 * 60_000,
  buildCommand: [...COMMANDS.gatsby, "build"] as readonly string[],
} as const

/**
 * The configuration from environment variables, every problem named at
 * once (node-kit/config/settings-reader.ts), so an operator fixes them in one go rather
 * than one per start.
 */
export function readConfig(env: NodeJS.ProcessEnv): PublisherConfig {
  const settings = readSettings(env, "publisher")
  const dataDir = settings.path("PUBLISHER_DATA_DIR", DEFAULT_DATA_DIR)
  const host = settings.host("PUBLISHER_HOST", DEFAULTS.host)
  // The CMS's rule for CMS_ALLOWED_HOSTS, word for word (node-kit/config/settings-reader.ts).
  const allowedHosts = settings.list("PUBLISHER_ALLOWED_HOSTS", isHostNameEntry, "host names (.example.com: it and every name under it)")
  if (!ANY_ADDRESS.has(host) && net.isIP(host) === 0) allowedHosts.push(host)
  const trustProxy = settings.list("PUBLISHER_TRUST_PROXY", isProxyAddress, "proxy addresses or CIDR ranges (127.0.0.1, 10.0.0.0/8)")
  const previewPort = settings.text("PUBLISHER_PREVIEW_PORT") === undefined ? undefined : settings.port("PUBLISHER_PREVIEW_PORT", 0)
  const signInToken = settings.secret("PUBLISHER_PREVIEW_SIGN_IN_TOKEN", "anyone who knows it reads every draft on the preview site", ADMIN_TOKEN_MIN_LENGTH)
  if (previewPort !== undefined && !signInToken) {
    settings.problem(
      "PUBLISHER_PREVIEW_SIGN_IN_TOKEN is not set: the preview lane (PUBLISHER_PREVIEW_PORT) shows drafts to signed-in editors only. Make one with `openssl rand -hex 32`.",
    )
  }
  // What makes a build the preview's (the source plugin reads it: the draft view, noindex, no sitemap, the bar).
  const catalogueToken = settings.text("CATALOGUE_PREVIEW_TOKEN")
  if (previewPort !== undefined && !catalogueToken) {
    settings.problem(
      "CATALOGUE_PREVIEW_TOKEN is not set: the preview lane (PUBLISHER_PREVIEW_PORT) builds the catalogue's draft view with it. " +
        "A catalogue without drafts refuses it (401), and the preview then shows the published catalogue and says so.",
    )
  }
  const previewUrl = settings.text("PUBLISHER_PREVIEW_URL")
  if (previewUrl !== undefined && !/^https?:\/\/[^\s/]+\/?$/.test(previewUrl)) {
    settings.problem(`PUBLISHER_PREVIEW_URL must be an origin such as https://preview.example.com, not ${JSON.stringify(previewUrl)}.`)
  }
  const framing = readPreviewFraming(settings)
  const preview =
    previewPort !== undefined && signInToken && catalogueToken
      ? {
          port: previewPort,
          dataDir: settings.path("PUBLISHER_PREVIEW_DATA_DIR", path.join(dataDir, "preview")),
          catalogueToken,
          signInToken,
          ...(previewUrl ? { publicUrl: previewUrl } : {}),
          ...framing,
        }
      : undefined
  return settings.done({
    preview,
    cdn: readCdnSettings(settings),
    host,
    port: settings.port("PUBLISHER_PORT", DEFAULTS.port),
    dataDir,
    workspaceDir: settings.path("PUBLISHER_WORKSPACE_DIR", path.join(dataDir, "workspace")),
    databaseFile: settings.path("PUBLISHER_DB", path.join(dataDir, "publisher.db")),
    sourceDir: settings.path("PUBLISHER_SOURCE_DIR", PROJECT_ROOT),
    webhookKeys: settings.webhookKeys("PUBLISH_WEBHOOK_SECRET", "anyone who knows it can trigger builds"),
    adminToken: settings.secret("PUBLISHER_ADMIN_TOKEN", "anyone who knows it reads every build log and rolls the site back", ADMIN_TOKEN_MIN_LENGTH),
    statusOpenOnLoopback: settings.onOff("PUBLISHER_STATUS_OPEN_ON_LOOPBACK", false),
    allowedHosts,
    trustProxy: trustProxy.length ? trustProxy.join(",") : undefined,
    buildCommand: settings.text("PUBLISHER_BUILD_COMMAND") ?? DEFAULTS.buildCommand,
    warmStart: settings.onOff("PUBLISHER_WARM_START", true),
    buildTimeoutMs: settings.integer("PUBLISHER_BUILD_TIMEOUT_MS", DEFAULTS.buildTimeoutMs, { min: 1000 }),
    debounceMs: settings.integer("PUBLISHER_DEBOUNCE_MS", DEFAULTS.debounceMs, { min: 0, max: 60_000 }),
    keepReleases: settings.integer("PUBLISHER_KEEP_RELEASES", DEFAULTS.keepReleases, { min: 2, max: 1000 }),
    changesPollMs: settings.integer("PUBLISHER_CHANGES_POLL_MS", DEFAULTS.changesPollMs, { min: 0, max: 24 * 3600_000 }),
    buildEnv: env,
    logging: logSettings(env),
  })
}

/**
 * An origin as CSP's frame-ancestors names one: http(s), a host name or
 * address (no wildcard), an optional port, and nothing after the host but
 * an optional `/`. Answers it as the URL parser writes an origin.
 */
export function httpOrigin(entry: string): string | undefined {
  const host = /^https?:\/\/([^/?#@]+?)(:\d{1,5})?\/?$/i.exec(entry)?.[1]
  if (host === undefined || !URL.canParse(entry)) return undefined
  const isAddress = net.isIP(host.replace(/^\[(.*)\]$/, "$1")) !== 0 && (net.isIPv4(host) || host.startsWith("["))
  return isAddress || (isHostNameEntry(host) && !host.startsWith(".")) ? new URL(entry).origin : undefined
}

/** The preview's Preview-button settings: the hand-off's secret, and the origins that may frame it (space- or comma-separated). */
function readPreviewFraming(settings: ReturnType<typeof readSettings>): Pick<PreviewLaneSettings, "handOffSecret" | "frameAncestors"> {
  const handOffSecret = settings.secret("PUBLISHER_PREVIEW_HANDOFF_SECRET", "anyone who knows it signs in to the preview and reads every draft", ADMIN_TOKEN_MIN_LENGTH)
  const entries = (settings.text("PUBLISHER_PREVIEW_FRAME_ANCESTORS") ?? "").split(/[\s,]+/).filter(Boolean)
  const refused = entries.filter((entry) => httpOrigin(entry) === undefined)
  if (refused.length > 0) {
    settings.problem(
      `PUBLISHER_PREVIEW_FRAME_ANCESTORS must be the CMS admin's origins (http or https, host and port, no path, no wildcard), ` +
        `such as https://cms.example.com; not ${refused.map((entry) => JSON.stringify(entry)).join(", ")}`,
    )
  }
  const frameAncestors = [...new Set(entries.flatMap((entry) => httpOrigin(entry) ?? []))]
  return { ...(handOffSecret ? { handOffSecret } : {}), ...(frameAncestors.length > 0 ? { frameAncestors } : {}) }
}

/** A build command for messages: the argument vector joined, or the shell line. */
export function describeCommand(command: BuildCommand): string {
  return typeof command === "string" ? command : command.join(" ")
}

/** Each CDN whose settings are given; one named without its credentials is a problem, not skipped. */
function readCdnSettings(settings: ReturnType<typeof readSettings>): CdnSettings {
  const cdn: CdnSettings = { varnish: settings.list("PUBLISHER_CDN_VARNISH", (entry) => /^https?:\/\/[^\s/]+\/?$/.test(entry), "Varnish origins (http://127.0.0.1:6081)") }
  const needs = (setting: string, names: string[]): (string | undefined)[] => {
    const values = names.map((name) => settings.text(name))
    if (settings.text(setting) !== undefined) {
      const missing = names.filter((_, index) => values[index] === undefined)
      if (missing.length > 0) settings.problem(`${setting} is set but ${missing.join(" and ")} ${missing.length > 1 ? "are" : "is"} not: the publisher could not purge that CDN.`)
    }
    return values
  }
  const fastly = settings.text("PUBLISHER_CDN_FASTLY_SERVICE_ID")
  const [fastlyToken] = needs("PUBLISHER_CDN_FASTLY_SERVICE_ID", ["FASTLY_API_TOKEN"])
  if (fastly && fastlyToken) cdn.fastly = { serviceId: fastly, apiToken: fastlyToken }
  const zone = settings.text("PUBLISHER_CDN_CLOUDFLARE_ZONE_ID")
  const [cloudflareToken] = needs("PUBLISHER_CDN_CLOUDFLARE_ZONE_ID", ["CLOUDFLARE_API_TOKEN"])
  if (zone && cloudflareToken) cdn.cloudflare = { zoneId: zone, apiToken: cloudflareToken }
  const distribution = settings.text("PUBLISHER_CDN_CLOUDFRONT_DISTRIBUTION_ID")
  const [accessKeyId, secretAccessKey] = needs("PUBLISHER_CDN_CLOUDFRONT_DISTRIBUTION_ID", ["AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY"])
  const sessionToken = settings.text("AWS_SESSION_TOKEN")
  if (distribution && accessKeyId && secretAccessKey) cdn.cloudfront = { distributionId: distribution, accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}) }
  return cdn
}
