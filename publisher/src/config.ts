import path from "node:path"
import { COMMANDS, PROJECT_ROOT } from "../../node-kit/processes"

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
  /** Webhooks are refused (503) without it. */
  webhookSecret: string | undefined
  /** The rollback endpoint is off (503) without it. */
  adminToken: string | undefined
  buildCommand: BuildCommand
  buildTimeoutMs: number
  /** Quiet time after the last webhook before a build starts, so a burst of edits builds once. */
  debounceMs: number
  keepReleases: number
  /** The environment builds start from (CATALOGUE_API_URL, VIDEO_API_URL, VIDEO_API_TOKEN, SITE_URL, …). */
  buildEnv: NodeJS.ProcessEnv
}

export class ConfigError extends Error {}

export const DEFAULTS = {
  host: "127.0.0.1",
  port: 9000,
  buildTimeoutMs: 10 * 60_000,
  debounceMs: 300,
  keepReleases: 10,
  buildCommand: [...COMMANDS.gatsby, "build"] as readonly string[],
} as const

/**
 * The configuration from environment variables, every problem named at
 * once, so an operator fixes them in one go rather than one per start.
 */
export function readConfig(env: NodeJS.ProcessEnv): PublisherConfig {
  const problems: string[] = []
  const integer = (name: string, fallback: number, min: number, max = Number.MAX_SAFE_INTEGER): number => {
    const raw = env[name]
    if (raw === undefined || raw.trim() === "") return fallback
    const value = Number(raw)
    if (!Number.isInteger(value) || value < min || value > max) {
      problems.push(`${name} must be a whole number from ${min} to ${max}, not ${JSON.stringify(raw)}`)
      return fallback
    }
    return value
  }
  const text = (name: string): string | undefined => {
    const value = env[name]?.trim()
    return value ? value : undefined
  }

  const dataDir = path.resolve(text("PUBLISHER_DATA_DIR") ?? DEFAULT_DATA_DIR)
  const config: PublisherConfig = {
    host: text("PUBLISHER_HOST") ?? DEFAULTS.host,
    port: integer("PUBLISHER_PORT", DEFAULTS.port, 0, 65535),
    dataDir,
    workspaceDir: path.resolve(text("PUBLISHER_WORKSPACE_DIR") ?? path.join(dataDir, "workspace")),
    databaseFile: path.resolve(text("PUBLISHER_DB") ?? path.join(dataDir, "publisher.db")),
    sourceDir: path.resolve(text("PUBLISHER_SOURCE_DIR") ?? PROJECT_ROOT),
    webhookSecret: text("PUBLISH_WEBHOOK_SECRET"),
    adminToken: text("PUBLISHER_ADMIN_TOKEN"),
    buildCommand: text("PUBLISHER_BUILD_COMMAND") ?? DEFAULTS.buildCommand,
    buildTimeoutMs: integer("PUBLISHER_BUILD_TIMEOUT_MS", DEFAULTS.buildTimeoutMs, 1000),
    debounceMs: integer("PUBLISHER_DEBOUNCE_MS", DEFAULTS.debounceMs, 0, 60_000),
    keepReleases: integer("PUBLISHER_KEEP_RELEASES", DEFAULTS.keepReleases, 2, 1000),
    buildEnv: env,
  }
  if (config.webhookSecret !== undefined && config.webhookSecret.length < 16) {
    problems.push("PUBLISH_WEBHOOK_SECRET must be at least 16 characters long: anyone who guesses it can trigger builds")
  }
  if (problems.length > 0) throw new ConfigError(`The publisher's configuration is wrong:\n- ${problems.join("\n- ")}`)
  return config
}

/** A build command for messages: the argument vector joined, or the shell line. */
export function describeCommand(command: BuildCommand): string {
  return typeof command === "string" ? command : command.join(" ")
}
