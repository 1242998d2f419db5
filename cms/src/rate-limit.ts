export interface RateLimitSetting {
  /** Requests allowed per window; 0 answers every request with 429. */
  limit: number
  windowSeconds: number
}

/** A fixed-window counter: enough to make a client meet real 429s. */
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

/** Reads `10/1` (10 requests per 1 second), as CMS_VIDEO_RATE_LIMIT gives it; undefined when it is not that. */
export function parseRateLimit(text: string): RateLimitSetting | undefined {
  const match = /^(\d+)\/(\d+)$/.exec(text.trim())
  return match ? { limit: Number(match[1]), windowSeconds: Math.max(1, Number(match[2])) } : undefined
}
