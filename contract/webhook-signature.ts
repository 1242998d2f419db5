import { createHmac } from "node:crypto"

// The signature of the publish webhook (shared/API.md, "Changes feed and
// publish webhook"), defined once for the side that signs (the reference
// server) and the side that verifies (the publisher and its tests). Node
// only: unlike schemas.ts, nothing for the browser imports this file.

/** The webhook's headers, as API.md names them (HTTP header names are case-insensitive). */
export const WEBHOOK_HEADERS = {
  event: "X-Catalogue-Event",
  timestamp: "X-Catalogue-Timestamp",
  signature: "X-Catalogue-Signature",
} as const

/**
 * The `X-Catalogue-Signature` value for one delivery attempt:
 * `sha256=` and the lowercase hex HMAC-SHA256, keyed with `secret`
 * (PUBLISH_WEBHOOK_SECRET), of `"{timestamp}.{rawBody}"`. `timestamp` is the
 * `X-Catalogue-Timestamp` value (unix seconds) and `rawBody` the body's exact
 * bytes as sent: a verifier must hash what it received, never re-serialised JSON.
 * A verifier compares its own result with the header in constant time
 * (`crypto.timingSafeEqual` on equal-length buffers).
 */
export function signWebhook(secret: string, timestamp: number | string, rawBody: string | Buffer): string {
  const hmac = createHmac("sha256", secret)
  hmac.update(`${timestamp}.`)
  hmac.update(rawBody)
  return `sha256=${hmac.digest("hex")}`
}
