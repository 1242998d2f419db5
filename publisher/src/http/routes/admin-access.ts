import net from "node:net"
import type { FastifyInstance, FastifyRequest } from "fastify"
import { refuseOtherHosts } from "../../../../node-kit/http/allowed-hosts"
import { bearerToken } from "../../../../node-kit/http/bearer-token"
import { HttpError } from "../../../../node-kit/http/http-error"
import { sameSecret } from "../../../../node-kit/security/same-secret"

/**
 * Who may reach the publisher's admin paths (the status, its page, the
 * rollback): one token, PUBLISHER_ADMIN_TOKEN, asked for on every address.
 * A publisher behind a reverse proxy sees every request come from loopback,
 * so where it listens says nothing about who is asking.
 */

/**
 * Whether a server bound to `address` (as `server.address()` names it) can
 * only be reached from this machine. `0.0.0.0` and `::` listen everywhere.
 */
export function isLoopbackAddress(address: string): boolean {
  const plain = address.replace(/^\[|\]$/g, "").replace(/^::ffff:/i, "")
  if (plain === "::1" || plain.toLowerCase() === "localhost") return true
  return net.isIPv4(plain) && plain.startsWith("127.")
}

/** Wrong tokens counted per client address before its attempts are refused for the rest of the window. */
export const FAILED_ATTEMPTS_LIMIT = 10
export const FAILED_ATTEMPTS_WINDOW_MS = 60_000
/** Addresses remembered at most: a sender with many addresses (an IPv6 range) cannot grow the map without bound. */
const ADDRESSES_KEPT = 10_000

/**
 * Wrong admin tokens per client address, in memory, in fixed windows: the
 * first failure opens a window, the limit's worth closes the address until
 * the window ends. Right tokens and requests with no token are not counted,
 * so an editor whose browser asks for the password first is never stopped.
 */
export class FailedAttempts {
  private readonly seen = new Map<string, { count: number; until: number }>()

  constructor(
    private readonly limit = FAILED_ATTEMPTS_LIMIT,
    private readonly windowMs = FAILED_ATTEMPTS_WINDOW_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds before `address` may try again; 0 when it may now. */
  waitSeconds(address: string): number {
    const entry = this.seen.get(address)
    const now = this.now()
    if (!entry || entry.until <= now || entry.count < this.limit) return 0
    return Math.max(1, Math.ceil((entry.until - now) / 1000))
  }

  record(address: string): void {
    const now = this.now()
    const entry = this.seen.get(address)
    if (entry && entry.until > now) {
      entry.count += 1
      return
    }
    this.seen.delete(address)
    if (this.seen.size >= ADDRESSES_KEPT) this.forget(now)
    this.seen.set(address, { count: 1, until: now + this.windowMs })
  }

  /** Drops ended windows; if every window is still open, the oldest (a Map keeps insertion order). */
  private forget(now: number): void {
    for (const [address, entry] of this.seen) if (entry.until <= now) this.seen.delete(address)
    if (this.seen.size >= ADDRESSES_KEPT) this.seen.delete(this.seen.keys().next().value!)
  }
}

/** What every admin route shares: the token, the names it answers to, and one count of wrong tokens. */
export interface AdminAccess {
  /** PUBLISHER_ADMIN_TOKEN; undefined: the admin paths are off. */
  adminToken: string | undefined
  /** PUBLISHER_ALLOWED_HOSTS (and a PUBLISHER_HOST that is a name). */
  allowedHosts: readonly string[]
  attempts: FailedAttempts
}

export const ALLOWED_HOSTS_SETTING = "PUBLISHER_ALLOWED_HOSTS"

/**
 * Refuses (421) an admin request sent to a name not in the allow-list:
 * DNS rebinding (a page whose name now resolves to 127.0.0.1) reaches the
 * publisher from an operator's own browser under the page's name. Added in
 * an admin route plugin, it covers that plugin's routes only, on purpose:
 * the live site is public, answers whatever name a CDN or a proxy forwards,
 * and a rebound page reading it learns nothing it could not fetch anyway;
 * the webhook proves itself by its signature, which a rebound page cannot
 * make. Only the admin paths show or change what the public must not.
 */
export function refuseOtherAdminHosts(app: FastifyInstance, allowedHosts: readonly string[]): void {
  refuseOtherHosts(app, allowedHosts, ALLOWED_HOSTS_SETTING)
}

/** The token a request offers: `Authorization: Bearer <token>`, or, where `basic`, the password of `Authorization: Basic` (the user name is ignored). */
function offeredToken(request: FastifyRequest, basic: boolean): string | undefined {
  const authorization = request.headers.authorization
  if (typeof authorization !== "string") return undefined
  const bearer = bearerToken(authorization)
  if (bearer !== undefined || !basic) return bearer
  const encoded = /^Basic ([A-Za-z0-9+/=]+)$/i.exec(authorization)?.[1]
  if (encoded === undefined) return undefined
  const credentials = Buffer.from(encoded, "base64").toString("utf8")
  return credentials.slice(credentials.indexOf(":") + 1)
}

export interface TokenCheck {
  /** Names what is refused in the 401's message: "The status", "Rollback". */
  what: string
  /**
   * Also take the token as a Basic password, which a browser asks for by
   * itself after a `WWW-Authenticate: Basic` challenge, and then sends on
   * its own. Only for reading: a browser would attach it to another site's
   * forged POST too.
   */
  acceptBasic: boolean
  /** What the 401 asks for: a browser prompts for a password after `Basic` only. */
  challenge: "Bearer" | "Basic"
}

/**
 * Throws the answer for a request without the right token (compared in
 * constant time): 429 with Retry-After for an address that sent too many
 * wrong ones lately, else 401 with a challenge. The right token is never
 * refused: behind a proxy or an office's NAT many people share an address,
 * and a guesser's wrong tokens must not lock the operators out. What the
 * limit slows is guessing, and a 128-bit token is past guessing anyway.
 * Call it with `access.adminToken` set.
 */
export function requireAdminToken(request: FastifyRequest, access: AdminAccess, check: TokenCheck): void {
  const offered = offeredToken(request, check.acceptBasic)
  if (offered !== undefined && sameSecret(offered, access.adminToken ?? "")) return
  const wait = access.attempts.waitSeconds(request.ip)
  if (wait > 0) {
    throw new HttpError(429, `Too many wrong admin tokens from this address: try again in ${wait} s.`, { headers: { "Retry-After": String(wait) } })
  }
  if (offered !== undefined) access.attempts.record(request.ip)
  throw new HttpError(401, `${check.what} needs Authorization: Bearer <PUBLISHER_ADMIN_TOKEN>.`, {
    headers: { "WWW-Authenticate": check.challenge === "Basic" ? 'Basic realm="publisher status", charset="UTF-8"' : "Bearer" },
  })
}
