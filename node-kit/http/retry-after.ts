/** The longest wait a Retry-After may ask for by default, so a misbehaving host cannot stall a build or a delivery for hours. */
export const MAX_RETRY_AFTER_MS = 120_000

/**
 * Milliseconds to wait from a Retry-After header (RFC 9110 §10.2.3): delay
 * seconds or an HTTP date, never below 0 and never above `maxMs`.
 * `undefined` when the header is absent or is neither form.
 */
export function retryAfterMs(header: string | null | undefined, now = Date.now(), maxMs = MAX_RETRY_AFTER_MS): number | undefined {
  const value = header?.trim()
  if (!value) return undefined
  // Every HTTP date form starts with the day's name; Date.parse alone would read "-5" as a year.
  const ms = /^\d+$/.test(value) ? Number(value) * 1000 : /^[A-Za-z]/.test(value) ? Date.parse(value) - now : Number.NaN
  return Number.isFinite(ms) ? Math.min(Math.max(ms, 0), maxMs) : undefined
}
