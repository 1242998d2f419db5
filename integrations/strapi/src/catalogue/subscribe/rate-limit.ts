/** Sign-ups allowed per client in one window; a limit of 0 answers every sign-up with 429. */
export interface RateLimitSetting {
  limit: number
  windowSeconds: number
}

/**
 * The reference server's default (cms/src/http-hooks/rate-limit.ts): 10 in 10
 * minutes, so a visitor who mistypes a few times is never stopped, while a
 * script filling the list is stopped after ten.
 */
export const DEFAULT_SUBSCRIBE_RATE_LIMIT: RateLimitSetting = { limit: 10, windowSeconds: 600 }

/**
 * SUBSCRIBE_RATE_LIMIT as the reference server reads CMS_SUBSCRIBE_RATE_LIMIT:
 * unset or empty is the default, `off` no limit, `10/600` ten per 600
 * seconds. Anything else stops Strapi from starting: a mistyped limit
 * silently left at the default would hide the mistake.
 */
export function subscribeRateLimit(text: string | undefined): RateLimitSetting | null {
  const value = (text ?? "").trim()
  if (value === "") return DEFAULT_SUBSCRIBE_RATE_LIMIT
  if (value === "off") return null
  const match = /^(\d+)\/(\d+)$/.exec(value)
  if (!match) throw new Error(`SUBSCRIBE_RATE_LIMIT must look like 10/600 (requests/seconds, the limit then the window) or be off, not ${JSON.stringify(text)}`)
  return { limit: Number(match[1]), windowSeconds: Math.max(1, Number(match[2])) }
}

interface Window {
  startMs: number
  count: number
}

/**
 * A fixed window per client, as @fastify/rate-limit's local store counts
 * for the reference server: the first request opens the client's window,
 * and once `limit` requests are in it the rest wait for it to end. Kept in
 * memory: one Strapi process serves the API, and a restart forgiving
 * everyone is harmless.
 */
export class ClientLimiter {
  private readonly windows = new Map<string, Window>()
  private lastSweepMs = 0

  constructor(private readonly setting: RateLimitSetting | null) {}

  /** Counts a request of `client`; the milliseconds it must wait when over the limit, else 0. */
  take(client: string, nowMs = Date.now()): number {
    if (!this.setting) return 0
    const windowMs = this.setting.windowSeconds * 1000
    this.sweep(nowMs, windowMs)
    let window = this.windows.get(client)
    if (!window || nowMs - window.startMs >= windowMs) {
      window = { startMs: nowMs, count: 0 }
      this.windows.set(client, window)
    }
    window.count += 1
    return window.count > this.setting.limit ? Math.max(1, window.startMs + windowMs - nowMs) : 0
  }

  /** Forgets ended windows, at most once a window, so the map holds one window's clients and no more. */
  private sweep(nowMs: number, windowMs: number): void {
    if (nowMs - this.lastSweepMs < windowMs) return
    this.lastSweepMs = nowMs
    for (const [client, window] of this.windows) if (nowMs - window.startMs >= windowMs) this.windows.delete(client)
  }
}

/** The 429's message in the reference server's words, which the footer shows as they are. */
export function tooManyMessage(waitMs: number): string {
  const minutes = Math.ceil(waitMs / 60_000)
  const wait = waitMs < 60_000 ? `${Math.max(1, Math.ceil(waitMs / 1000))} seconds` : `${minutes} minute${minutes === 1 ? "" : "s"}`
  return `Too many sign-ups from your network just now. Your address was not sent: please try again in ${wait}.`
}
