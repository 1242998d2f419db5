import { signWebhook } from "../../contract/webhook-signature"
import { sameSecret } from "../../node-kit/same-secret"

/** API.md: a timestamp more than 5 minutes from the publisher's clock is refused, either way. */
export const TIMESTAMP_TOLERANCE_SECONDS = 5 * 60

export interface WebhookDelivery {
  timestamp: string | string[] | undefined
  signature: string | string[] | undefined
  /** The body's bytes exactly as received: the signature covers them, not re-serialised JSON. */
  rawBody: Buffer
}

export type WebhookVerdict = { ok: true } | { ok: false; reason: string }

/**
 * Checks one delivery of the publish webhook (shared/API.md): the HMAC over
 * `{timestamp}.{raw body}`, compared in constant time, and the timestamp
 * within 5 minutes, which bounds how long a captured delivery can be replayed.
 */
export function verifyWebhook(secret: string, delivery: WebhookDelivery, nowMs = Date.now()): WebhookVerdict {
  const { timestamp, signature } = delivery
  if (typeof signature !== "string" || signature === "") return { ok: false, reason: "X-Catalogue-Signature is missing" }
  if (typeof timestamp !== "string" || !/^\d{1,12}$/.test(timestamp)) {
    return { ok: false, reason: "X-Catalogue-Timestamp is missing or not unix seconds" }
  }
  // Whatever the form of signWebhook's answer, compare like with like: `sha256=` and hex.
  const signed = signWebhook(secret, timestamp, delivery.rawBody)
  const expected = signed.startsWith("sha256=") ? signed : `sha256=${signed}`
  if (!sameSecret(signature.trim().toLowerCase(), expected)) {
    return { ok: false, reason: "X-Catalogue-Signature does not match" }
  }
  // Checked after the signature, so an unsigned request learns nothing about the clock.
  const skew = Math.abs(nowMs / 1000 - Number(timestamp))
  if (skew > TIMESTAMP_TOLERANCE_SECONDS) {
    return { ok: false, reason: `X-Catalogue-Timestamp is ${Math.round(skew)} s away from the publisher's clock (at most 300 s)` }
  }
  return { ok: true }
}
