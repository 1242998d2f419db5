import { LogController, type FastifyBaseLogger, type FastifyServerOptions } from "fastify"

/**
 * The one logger of the services: Fastify's own pino logger, on, handed to
 * every route as `request.log` and to the service's code as `app.log`.
 *
 *   LOG_LEVEL   fatal, error, warn, info (default), debug, trace or silent;
 *               "silent" by default under Jest (NODE_ENV=test), so test runs
 *               stay quiet. Request lines ("incoming request", "request
 *               completed") are logged at debug and below only: the
 *               publisher serves every file of the site, and a line per file
 *               would bury what matters.
 *   LOG_FORMAT  "pretty" (one readable line: time, level, message) or
 *               "json" (pino's lines, for a log collector); default json
 *               when NODE_ENV=production, pretty otherwise.
 */
/** What code below a server is handed: the app's logger (`app.log`), or a stand-in with these methods. */
export type Logger = Pick<FastifyBaseLogger, "info" | "warn" | "error">

export type LogLevel = "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent"
const LEVELS: readonly LogLevel[] = ["fatal", "error", "warn", "info", "debug", "trace", "silent"]

export interface LogSettings {
  level: LogLevel
  format: "pretty" | "json"
}

/** The settings from LOG_LEVEL and LOG_FORMAT; an unknown value falls back to the default (logging must not stop a start). */
export function logSettings(env: NodeJS.ProcessEnv = process.env): LogSettings {
  const level = env.LOG_LEVEL?.trim().toLowerCase() as LogLevel | undefined
  const format = env.LOG_FORMAT?.trim().toLowerCase()
  return {
    level: level && LEVELS.includes(level) ? level : env.NODE_ENV === "test" ? "silent" : "info",
    format: format === "json" || format === "pretty" ? format : env.NODE_ENV === "production" ? "json" : "pretty",
  }
}

const LEVEL_NAMES: Record<number, string> = { 10: "TRACE", 20: "DEBUG", 30: "INFO", 40: "WARN", 50: "ERROR", 60: "FATAL" }
/** pino's own fields, shown by the line's layout rather than as key=value. */
const LAYOUT_FIELDS = new Set(["level", "time", "pid", "hostname", "msg", "err", "v"])

/**
 * One pino line as a person reads it:
 * `14:03:27.120 INFO  Publisher: site on http://127.0.0.1:9000/ reqId=req-1`,
 * and an error's stack on the lines below.
 */
export function prettyLine(json: string): string {
  let entry: Record<string, unknown>
  try {
    entry = JSON.parse(json) as Record<string, unknown>
  } catch {
    return json.endsWith("\n") ? json : `${json}\n`
  }
  const time = typeof entry.time === "number" ? new Date(entry.time).toISOString().slice(11, 23) : ""
  const level = (LEVEL_NAMES[entry.level as number] ?? String(entry.level)).padEnd(5)
  const extras = Object.entries(entry)
    .filter(([key]) => !LAYOUT_FIELDS.has(key))
    .map(([key, value]) => `${key}=${typeof value === "string" ? value : JSON.stringify(value)}`)
  const err = entry.err as { stack?: string; message?: string } | undefined
  const stack = err ? `\n    ${(err.stack ?? err.message ?? "").split("\n").join("\n    ")}` : ""
  return `${[time, level, entry.msg ?? "", ...extras].filter((part) => part !== "").join(" ")}${stack}\n`
}

/** A pino destination that writes `prettyLine`s to `out` (default stdout). Synchronous, like pino's own stdout. */
export function prettyDestination(out: { write(text: string): unknown } = process.stdout): { write(line: string): void } {
  return { write: (line) => void out.write(prettyLine(line)) }
}

/**
 * Fastify's logging options for a service: `Fastify({ ...serverLogging(), … })`.
 * `settings` defaults to the environment's (logSettings).
 */
export function serverLogging(settings: LogSettings = logSettings()): Pick<FastifyServerOptions, "logger" | "logController"> {
  return {
    logger: {
      level: settings.level,
      ...(settings.format === "pretty" ? { stream: prettyDestination() } : {}),
    },
    logController: new LogController({ disableRequestLogging: !(settings.level === "debug" || settings.level === "trace") }),
  }
}
