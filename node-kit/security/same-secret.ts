import { timingSafeEqual } from "node:crypto"

/**
 * Whether `given` equals `expected`, in time that does not depend on where
 * they differ, so a caller cannot learn a token or signature one character
 * at a time. Unequal lengths answer false at once: a length is no secret.
 */
export function sameSecret(given: string | Buffer, expected: string | Buffer): boolean {
  const [a, b] = [Buffer.from(given), Buffer.from(expected)]
  return a.length === b.length && timingSafeEqual(a, b)
}
