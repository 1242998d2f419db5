import net from "node:net"
import path from "node:path"
import { secretKey, splitSecrets, webhookSecretProblem, type WebhookKey } from "../../contract/webhook-signature"
import { ConfigError } from "./config-error"

/**
 * Reading a service's settings from the environment, the way fastify's demo
 * application does: once, at start, into a typed object. Each reader below
 * answers a usable value (its fallback when the variable is wrong) and
 * notes what was wrong, so `settings.done()` names every problem at once:
 * an operator fixes them in one go rather than one per start. The same
 * setting has the same rule in every service (a port, the webhook secret).
 */

/** The shortest shared secret `secret()` takes (an admin token, say). */
export const MIN_SECRET_LENGTH = 16

/** A host name as an allow-list names it (`.example.com`: it and every name under it), as `list()` checks entries. */
export const isHostNameEntry = (entry: string): boolean => /^\.?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i.test(entry)

/** A proxy's address or CIDR range (`127.0.0.1`, `10.0.0.0/8`), as Fastify's trustProxy takes them. */
export const isProxyAddress = (entry: string): boolean => net.isIP(entry.replace(/\/\d{1,3}$/, "")) !== 0

export interface IntegerRange {
  min?: number
  max?: number
}

export interface SettingsReader {
  /** The value with surrounding blanks removed; undefined when unset or blank. */
  text(name: string): string | undefined
  /** A whole number within the range; an empty value is a problem (never 0). */
  integer(name: string, fallback: number, range?: IntegerRange): number
  /** A whole number of at least 1. */
  positiveInteger(name: string, fallback: number, max?: number): number
  /** A number above 0, fractions allowed (days, seconds). */
  positiveNumber(name: string, fallback: number): number
  /** A TCP port, 0 to 65535 (0: any free port). Empty is a problem, not port 0. */
  port(name: string, fallback: number): number
  /** A host name or address to listen on. */
  host(name: string, fallback: string): string
  /** `on` or `off`. */
  onOff(name: string, fallback: boolean): boolean
  /** An absolute path, resolved from the working folder. */
  path(name: string, fallback: string): string
  /** An http(s) URL, or undefined when unset. */
  url(name: string): string | undefined
  /** A shared secret of at least `minLength` (default MIN_SECRET_LENGTH) characters, or undefined when unset. */
  secret(name: string, purpose: string, minLength?: number): string | undefined
  /** A comma-separated list, blanks trimmed; entries `valid` refuses are noted as a problem naming `what` the list holds. */
  list(name: string, valid: (entry: string) => boolean, what: string): string[]
  /**
   * The publish webhook's Standard Webhooks secret (contract/webhook-signature.ts):
   * one or more space-separated `whsec_` secrets, each the base64 of 24 to 64
   * bytes; undefined when unset or wrong. One rule for the CMS (which signs)
   * and the publisher (which checks). Answers each secret's key, in order,
   * ready to sign or check with.
   */
  webhookKeys(name: string, purpose: string): WebhookKey[] | undefined
  /** Notes a problem found by the caller's own checks (two settings that go together, …). */
  problem(message: string): void
  /** Answers `value`, or throws one ConfigError naming every problem noted. */
  done<T>(value: T): T
}

/** The webhookKeys reader's rule: each space-separated secret checked, the problem noted without the value. */
function readWebhookKeys(name: string, value: string | undefined, purpose: string, problems: string[]): WebhookKey[] | undefined {
  if (value === undefined) return undefined
  const secrets = splitSecrets(value)
  const faults = secrets.flatMap((secret, index) => {
    const fault = webhookSecretProblem(secret)
    return fault ? [`${secrets.length > 1 ? `its secret number ${index + 1}` : "it"} ${fault}`] : []
  })
  if (faults.length === 0) return secrets.map(secretKey)
  // The value itself is never shown: it is a secret, and a log is no place for it.
  problems.push(
    `${name} is wrong: ${faults.join("; ")}. Make one with \`openssl rand -base64 32 | sed 's/^/whsec_/'\`; ` +
      `several, space-separated, during a rotation. It matters: ${purpose}.`,
  )
  return undefined
}

/** The list reader's rule: comma-separated, blanks dropped, every refused entry named in one problem. */
function readList(name: string, value: string | undefined, rule: { valid: (entry: string) => boolean; what: string }, problems: string[]): string[] {
  const entries = (value ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean)
  const refused = entries.filter((entry) => !rule.valid(entry))
  if (refused.length) problems.push(`${name} must be a comma-separated list of ${rule.what}; not ${refused.map((entry) => JSON.stringify(entry)).join(", ")}`)
  return entries.filter(rule.valid)
}

/**
 * A reader over `env` for the service named `service` ("publisher",
 * "catalogue server"), which the error message names.
 */
export function readSettings(env: NodeJS.ProcessEnv, service: string): SettingsReader {
  const problems: string[] = []
  const shown = (name: string) => JSON.stringify(env[name])

  const reader: SettingsReader = {
    text(name) {
      const value = env[name]?.trim()
      return value ? value : undefined
    },
    integer(name, fallback, { min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER } = {}) {
      const raw = env[name]
      if (raw === undefined) return fallback
      const value = raw.trim() === "" ? Number.NaN : Number(raw)
      if (!Number.isInteger(value) || value < min || value > max) {
        problems.push(`${name} must be a whole number from ${min} to ${max}, not ${shown(name)}`)
        return fallback
      }
      return value
    },
    positiveInteger: (name, fallback, max) => reader.integer(name, fallback, { min: 1, max }),
    positiveNumber(name, fallback) {
      const raw = env[name]
      if (raw === undefined) return fallback
      const value = raw.trim() === "" ? Number.NaN : Number(raw)
      if (!Number.isFinite(value) || value <= 0) {
        problems.push(`${name} must be a number above 0, not ${shown(name)}`)
        return fallback
      }
      return value
    },
    port: (name, fallback) => reader.integer(name, fallback, { min: 0, max: 65535 }),
    host(name, fallback) {
      const raw = env[name]
      if (raw === undefined) return fallback
      const value = raw.trim()
      if (value === "" || /[\s/]/.test(value)) {
        problems.push(`${name} must be a host name or address to listen on, not ${shown(name)}`)
        return fallback
      }
      return value
    },
    onOff(name, fallback) {
      const value = reader.text(name)
      if (value === undefined) return fallback
      if (value !== "on" && value !== "off") {
        problems.push(`${name} must be on or off, not ${shown(name)}`)
        return fallback
      }
      return value === "on"
    },
    path: (name, fallback) => path.resolve(reader.text(name) ?? fallback),
    url(name) {
      const value = reader.text(name)
      if (value === undefined) return undefined
      if (!/^https?:\/\/[^/]/.test(value) || !URL.canParse(value)) {
        problems.push(`${name} must be an http(s) URL, not ${shown(name)}`)
        return undefined
      }
      return value
    },
    secret(name, purpose, minLength = MIN_SECRET_LENGTH) {
      const value = reader.text(name)
      if (value !== undefined && value.length < minLength) {
        // The way to make one is named, so a too-short token is replaced by a random one, not padded.
        problems.push(`${name} must be at least ${minLength} characters long: ${purpose}. Make one with \`openssl rand -hex 32\`.`)
      }
      return value
    },
    list: (name, valid, what) => readList(name, reader.text(name), { valid, what }, problems),
    webhookKeys: (name, purpose) => readWebhookKeys(name, reader.text(name), purpose, problems),
    problem: (message) => void problems.push(message),
    done(value) {
      if (problems.length > 0) throw new ConfigError(service, [...problems])
      return value
    },
  }
  return reader
}
