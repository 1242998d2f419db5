import type { VerifyRefusal } from "./verify-webhook"

/**
 * Why the webhook refused a delivery: the verifier's reasons, `tooLarge`
 * (413) and `rateLimited` (429: the address had refused deliveries enough).
 */
export type RefusalReason = VerifyRefusal | "tooLarge" | "rateLimited"
export const REFUSAL_REASONS = ["malformed", "stale", "unsigned", "forged", "tooLarge", "rateLimited"] as const satisfies readonly RefusalReason[]

export interface RefusalLimits {
  /** Refusals one address may earn in a window; past them it is answered 429 until the window ends. */
  perWindow: number
  windowMs: number
  /** Addresses remembered at most, so a sender with many addresses cannot grow the map without end. */
  maxAddresses: number
}

/**
 * An honest sender is refused a handful of times (a secret mid-rotation, a
 * clock off); 20 a minute is a forger, or a sender so broken that waiting
 * costs it nothing.
 */
export const DEFAULT_REFUSAL_LIMITS: RefusalLimits = { perWindow: 20, windowMs: 60_000, maxAddresses: 10_000 }

/** What GET /status shows of the refusals (status.ts). */
export interface RefusalReport {
  since: string
  total: number
  byReason: Record<RefusalReason, number>
  /** Addresses answered 429 right now. */
  limitedAddresses: number
}

interface AddressState {
  windowStart: number
  /** Refusals in the current window: what the limit counts. */
  refusals: number
  /** Refusals (429s included) not yet in a log line. */
  unlogged: number
  lastReason: string
  loggedAt: number | undefined
}

/**
 * The key an address is limited by: an IPv4 address as is (also when
 * IPv4-mapped), an IPv6 address by its /64, which one host usually holds
 * whole: per /128 it could take a fresh address for every 20 refusals.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip)
  if (mapped?.[1]) return mapped[1]
  if (!ip.includes(":")) return ip
  const bare = ip.split("%")[0] ?? ip
  const [head = "", tail] = bare.split("::")
  const headGroups = head ? head.split(":") : []
  const tailGroups = tail ? tail.split(":") : []
  const groups = tail === undefined ? headGroups : [...headGroups, ...Array<string>(Math.max(8 - headGroups.length - tailGroups.length, 0)).fill("0"), ...tailGroups]
  return `${groups
    .slice(0, 4)
    .map((group) => (Number.parseInt(group, 16) || 0).toString(16))
    .join(":")}::/64`
}

/**
 * The webhook's refusals: counted by reason for /status, limited per
 * address, and logged as at most one line per address per window (the first
 * refusal at once, with its reason, for the operator whose own sender is
 * misconfigured; the rest as a count), so a flood costs no log.
 */
export class WebhookRefusals {
  private readonly counts = Object.fromEntries(REFUSAL_REASONS.map((reason) => [reason, 0])) as Record<RefusalReason, number>
  private readonly addresses = new Map<string, AddressState>()
  private readonly since: number
  private readonly limits: RefusalLimits

  constructor(private readonly options: { warn: (line: string) => void; now: () => number; limits?: Partial<RefusalLimits> }) {
    this.limits = { ...DEFAULT_REFUSAL_LIMITS, ...options.limits }
    this.since = options.now()
  }

  /** How often flush() is worth calling: a line per address per window at most. */
  get windowMs(): number {
    return this.limits.windowMs
  }

  /** Milliseconds until `ip` is under its limit again; undefined when it is under it now. Counts nothing. */
  waitMs(ip: string): number | undefined {
    const now = this.options.now()
    const state = this.addresses.get(addressKey(ip))
    if (!state || !this.isLimited(state, now)) return undefined
    return state.windowStart + this.limits.windowMs - now
  }

  /**
   * Milliseconds until `ip` may be heard again when it is over its limit
   * (the request is then counted as `rateLimited`); undefined otherwise.
   */
  limitedFor(ip: string): number | undefined {
    const waitMs = this.waitMs(ip)
    if (waitMs === undefined) return undefined
    this.counts.rateLimited += 1
    this.note(addressKey(ip), this.addresses.get(addressKey(ip))!, "answered 429 (too many refusals)", this.options.now())
    return waitMs
  }

  /** Counts one refusal of a delivery from `ip`, and logs it if this address has had no line this window. */
  refuse(ip: string, reason: Exclude<RefusalReason, "rateLimited">, detail: string): void {
    const now = this.options.now()
    const key = addressKey(ip)
    const state = this.stateOf(key, now)
    if (now - state.windowStart >= this.limits.windowMs) Object.assign(state, { windowStart: now, refusals: 0 })
    state.refusals += 1
    this.counts[reason] += 1
    this.note(key, state, detail, now)
  }

  /** Logs what was not logged yet of addresses whose last line is a window old, and forgets the quiet ones; the route calls it every window. */
  flush(): void {
    const now = this.options.now()
    for (const [key, state] of this.addresses) {
      if (state.unlogged > 0 && (state.loggedAt === undefined || now - state.loggedAt >= this.limits.windowMs)) this.logSummary(key, state, now)
      if (state.unlogged === 0 && now - state.windowStart >= this.limits.windowMs) this.addresses.delete(key)
    }
  }

  report(): RefusalReport {
    const now = this.options.now()
    const byReason = { ...this.counts }
    return {
      since: new Date(this.since).toISOString(),
      total: Object.values(byReason).reduce((sum, count) => sum + count, 0),
      byReason,
      limitedAddresses: [...this.addresses.values()].filter((state) => this.isLimited(state, now)).length,
    }
  }

  private isLimited(state: AddressState, now: number): boolean {
    return state.refusals >= this.limits.perWindow && now - state.windowStart < this.limits.windowMs
  }

  private stateOf(key: string, now: number): AddressState {
    const known = this.addresses.get(key)
    if (known) return known
    if (this.addresses.size >= this.limits.maxAddresses) this.flush()
    // Still full: the oldest entry goes (a Map keeps insertion order); its pending count is in the totals anyway.
    if (this.addresses.size >= this.limits.maxAddresses) this.addresses.delete(this.addresses.keys().next().value as string)
    const state: AddressState = { windowStart: now, refusals: 0, unlogged: 0, lastReason: "", loggedAt: undefined }
    this.addresses.set(key, state)
    return state
  }

  private note(key: string, state: AddressState, detail: string, now: number): void {
    state.unlogged += 1
    state.lastReason = detail
    if (state.loggedAt === undefined || now - state.loggedAt >= this.limits.windowMs) this.logSummary(key, state, now)
  }

  private logSummary(key: string, state: AddressState, now: number): void {
    const what = state.unlogged === 1 ? "a webhook" : `${state.unlogged} webhooks`
    const since = state.loggedAt === undefined ? "" : ` in the last ${Math.round((now - state.loggedAt) / 1000)} s`
    const limited = this.isLimited(state, now) ? `; answering 429 until ${new Date(state.windowStart + this.limits.windowMs).toISOString()}` : ""
    this.options.warn(`Refused ${what} from ${key}${since} (last: ${state.lastReason})${limited}`)
    state.unlogged = 0
    state.loggedAt = now
  }
}
