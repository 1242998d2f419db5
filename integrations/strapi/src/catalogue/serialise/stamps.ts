import type { Stamp } from "./documents"

/** A stamp in milliseconds since the epoch; NaN for none or one that is not a date. */
export function stampMs(stamp: Stamp): number {
  if (stamp === null || stamp === undefined || stamp === "") return NaN
  return (stamp instanceof Date ? stamp : new Date(stamp)).getTime()
}

/** A stamp as the contract's `updated_at`: ISO 8601 in UTC (`…Z`); null for none. */
export function isoUtc(stamp: Stamp): string | null {
  const ms = stampMs(stamp)
  return Number.isNaN(ms) ? null : new Date(ms).toISOString()
}
