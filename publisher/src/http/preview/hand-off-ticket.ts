import { createHmac } from "node:crypto"
import { sameSecret } from "../../../../node-kit/security/same-secret"
import { safeNext } from "./session"

/** How long a ticket may live: the CMS makes one as its Preview iframe loads it, so two minutes is slack, not use. */
export const HAND_OFF_MS = 120_000

/**
 * `{expiresAtMs}.{nonce}.{path}.{MAC}`: the nonce and the path base64url,
 * the MAC HMAC-SHA256 (base64url, 43 characters). A nonce of at least 96
 * bits; a path of at most 2 KiB, more than any page's.
 */
const TICKET = /^(\d{1,15})\.([A-Za-z0-9_-]{16,64})\.([A-Za-z0-9_-]{2,2732})\.([A-Za-z0-9_-]{43})$/

export interface HandOffTicket {
  expiresAt: number
  nonce: string
  /** The page it opens: a path of this site, as safeNext writes it. */
  path: string
}

/** The MAC of a ticket's first three fields; the prefix keeps it from being any other MAC under the same secret. */
export function handOffMac(secret: string, body: string): string {
  return createHmac("sha256", secret).update(`preview-hand-off:${body}`).digest("base64url")
}

/**
 * A ticket's fields when it is well formed, its MAC is the secret's, and its
 * path is one safeNext keeps as it is (a page of this site); undefined for
 * anything else. Whether it is still fresh is the caller's question.
 */
export function verifiedTicket(ticket: unknown, secret: string): HandOffTicket | undefined {
  if (typeof ticket !== "string") return undefined
  const [, expires = "", nonce = "", encodedPath = "", mac = ""] = TICKET.exec(ticket) ?? []
  if (!mac || !sameSecret(mac, handOffMac(secret, `${expires}.${nonce}.${encodedPath}`))) return undefined
  const path = Buffer.from(encodedPath, "base64url").toString("utf8")
  if (safeNext(path) !== path) return undefined
  return { expiresAt: Number(expires), nonce, path }
}

/** Whether a ticket has not ended, and does not claim to live longer than any ticket may. */
export function isFresh(ticket: HandOffTicket, now: number): boolean {
  return ticket.expiresAt > now && ticket.expiresAt <= now + HAND_OFF_MS
}

/** Nonces remembered at most: a few editors press Preview a few times a minute, so this is never reached but by a flood. */
const NONCES_KEPT = 10_000

/**
 * The nonces of tickets already taken, each until its ticket ends (after
 * that the ticket is refused as expired, so forgetting the nonce reopens
 * nothing). In memory: a restart forgets them, and a ticket lives two
 * minutes. Full of live nonces, it takes no more (fail closed: the editor
 * can still sign in with the token).
 */
export class UsedNonces {
  private readonly until = new Map<string, number>()

  constructor(private readonly limit = NONCES_KEPT) {}

  /** True the first time a nonce is taken while its ticket lives; false when taken before, or when no room is left. */
  take(nonce: string, expiresAt: number, now: number): boolean {
    if ((this.until.get(nonce) ?? 0) > now) return false
    if (this.until.size >= this.limit) for (const [seen, end] of this.until) if (end <= now) this.until.delete(seen)
    if (this.until.size >= this.limit) return false
    this.until.set(nonce, expiresAt)
    return true
  }
}
