import path from "node:path"
import { readSettings } from "../../node-kit/config"
import { logSettings, type LogSettings } from "../../node-kit/logger"
import { COMMANDS, PROJECT_ROOT } from "../../node-kit/processes"

export { ConfigError } from "../../node-kit/config"

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
  /** PUBLISH_WEBHOOK_SECRET: one or more space-separated `whsec_` secrets (a rotation); webhooks are refused (503) without it. */
  webhookSecret: string | undefined
  /**
   * The rollback endpoint is off (503) without it; on an address other than
   * loopback, the status (/status, /_publisher/) asks for it too.
   */
  adminToken: string | undefined
  /**
   * How often the catalogue's changes feed is asked whether something changed
   * that no build has published (a lost webhook); 0: never.
   */
  changesPollMs: number
  buildCommand: BuildCommand
  buildTimeoutMs: number
  /** Quiet time after the last webhook before a build starts, so a burst of edits builds once. */
  debounceMs: number
  keepReleases: number
  /** The environment builds start from (CATALOGUE_API_URL, VIDEO_API_URL, VIDEO_API_TOKEN, SITE_URL, …). */
  buildEnv: NodeJS.ProcessEnv
  /** LOG_LEVEL and LOG_FORMAT (node-kit/logger.ts). */
  logging: LogSettings
}

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
 * once (node-kit/config.ts), so an operator fixes them in one go rather
 * than one per start.
 */
export function readConfig(env: NodeJS.ProcessEnv): PublisherConfig {
  const settings = readSettings(env, "publisher")
  const dataDir = settings.path("PUBLISHER_DATA_DIR", DEFAULT_DATA_DIR)
  return settings.done({
    host: settings.host("PUBLISHER_HOST", DEFAULTS.host),
    port: settings.port("PUBLISHER_PORT", DEFAULTS.port),
    dataDir,
    workspaceDir: settings.path("PUBLISHER_WORKSPACE_DIR", path.join(dataDir, "workspace")),
    databaseFile: settings.path("PUBLISHER_DB", path.join(dataDir, "publisher.db")),
    sourceDir: settings.path("PUBLISHER_SOURCE_DIR", PROJECT_ROOT),
    webhookSecret: settings.webhookSecret("PUBLISH_WEBHOOK_SECRET", "anyone who knows it can trigger builds"),
    adminToken: settings.text("PUBLISHER_ADMIN_TOKEN"),
    buildCommand: settings.text("PUBLISHER_BUILD_COMMAND") ?? DEFAULTS.buildCommand,
    buildTimeoutMs: settings.integer("PUBLISHER_BUILD_TIMEOUT_MS", DEFAULTS.buildTimeoutMs, { min: 1000 }),
    debounceMs: settings.integer("PUBLISHER_DEBOUNCE_MS", DEFAULTS.debounceMs, { min: 0, max: 60_000 }),
    keepReleases: settings.integer("PUBLISHER_KEEP_RELEASES", DEFAULTS.keepReleases, { min: 2, max: 1000 }),
    changesPollMs: settings.integer("PUBLISHER_CHANGES_POLL_MS", DEFAULTS.changesPollMs, { min: 0, max: 24 * 3600_000 }),
    buildEnv: env,
    logging: logSettings(env),
  })
}

/** A build command for messages: the argument vector joined, or the shell line. */
export function describeCommand(command: BuildCommand): string {
  return typeof command === "string" ? command : command.join(" ")
}
