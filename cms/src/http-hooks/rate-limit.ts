export interface RateLimitSetting {
  /** Requests allowed per window; 0 answers every request with 429. */
  limit: number
  windowSeconds: number
}

/**
 * POST /api/subscribe's default limit per client address (CMS_SUBSCRIBE_RATE_LIMIT):
 * 10 in 10 minutes, so a visitor who mistypes a few times is never stopped,
 * while a script filling the list gets a 429 after ten.
 */
export const DEFAULT_SUBSCRIBE_RATE_LIMIT: RateLimitSetting = { limit: 10, windowSeconds: 600 }

/**
 * The stand-in video host's quota: one fixed-window counter for every
 * caller, changed at run time through the admin API, so the build meets the
 * 429s a real video host sends. It imitates someone else's limit; the
 * server's own protection (POST /api/subscribe, per client address) is
 * @fastify/rate-limit's, declared on that route.
 */
export class FixedWindowLimiter {
  private windowStart = 0
  private count = 0

  constructor(public setting: RateLimitSetting | null) {}

  /** Seconds the caller must wait, or 0 when the request may go ahead. */
  take(nowMs = Date.now()): number {
    if (!this.setting) return 0
    const windowMs = this.setting.windowSeconds * 1000
    if (nowMs - this.windowStart >= windowMs) {
      this.windowStart = nowMs
      this.count = 0
    }
    if (this.count < this.setting.limit) {
      this.count += 1
      return 0
    }
    return Math.max(1, Math.ceil((this.windowStart + windowMs - nowMs) / 1000))
  }
}

/** Reads `10/1` (10 requests per 1 second), as CMS_VIDEO_RATE_LIMIT and CMS_SUBSCRIBE_RATE_LIMIT give it; undefined when it is not that. */
export function parseRateLimit(text: string): RateLimitSetting | undefined {
  const match = /^(\d+)\/(\d+)$/.exec(text.trim())
  return match ? { limit: Number(match[1]), windowSeconds: Math.max(1, Number(match[2])) } : undefined
}
