import { createHmac } from "node:crypto"

// The publish webhook of docs/reference/catalogue-api.md ("Changes feed and publish webhook")
// is a Standard Webhooks delivery (standardwebhooks.com). What both sides
// must agree on is defined once here: the header names, the secret's form,
// the limits, the signing. The HMAC is node:crypto's rather than the
// `standardwebhooks` package's pure-JavaScript one (30 times slower on a
// 1 MiB body); the tests check both ways that the official package agrees.
// Node only: unlike schemas.ts, nothing for the browser imports this file.

/** The webhook's headers, as the Standard Webhooks specification names them (HTTP header names are case-insensitive). */
export const WEBHOOK_HEADERS = {
  id: "webhook-id",
  timestamp: "webhook-timestamp",
  signature: "webhook-signature",
} as const

/** What a Standard Webhooks secret starts with; the rest is the base64 of the key's bytes. */
export const WEBHOOK_SECRET_PREFIX = "whsec_"
/** catalogue-api.md: the key is 24 to 64 random bytes. */
export const WEBHOOK_SECRET_BYTES = { min: 24, max: 64 } as const
/** catalogue-api.md: refs in one delivery, at most; a larger change is sent as `"refs": []` ("read the changes feed"). */
export const MAX_REFS_PER_DELIVERY = 5000
/** catalogue-api.md: a delivery's body, at most (the publisher answers 413 above it). */
export const MAX_WEBHOOK_BODY_BYTES = 1024 * 1024

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/

/**
 * What is wrong with one secret, in words for an operator, or undefined when
 * it is a `whsec_` secret whose key is 24 to 64 bytes.
 */
export function webhookSecretProblem(secret: string): string | undefined {
  const form = `${WEBHOOK_SECRET_PREFIX} followed by the base64 of ${WEBHOOK_SECRET_BYTES.min} to ${WEBHOOK_SECRET_BYTES.max} random bytes`
  if (!secret.startsWith(WEBHOOK_SECRET_PREFIX)) return `is not a Standard Webhooks secret (${form})`
  const encoded = secret.slice(WEBHOOK_SECRET_PREFIX.length)
  if (!BASE64.test(encoded) || encoded.length % 4 !== 0) return `is not ${form}: what follows ${WEBHOOK_SECRET_PREFIX} is not base64`
  const bytes = Buffer.from(encoded, "base64").length
  if (bytes < WEBHOOK_SECRET_BYTES.min || bytes > WEBHOOK_SECRET_BYTES.max) return `holds ${bytes} bytes; it must be ${form}`
  return undefined
}

/**
 * The secrets of a setting that may hold several, space-separated (a
 * rotation: the new secret beside the old one until both sides have it).
 */
export function splitSecrets(setting: string): string[] {
  return setting.split(/\s+/).filter(Boolean)
}

/** One secret's key bytes, ready to sign or check with. */
export type WebhookKey = Buffer

/** The key bytes of a `whsec_` secret: what follows the prefix, base64-decoded (the prefix is optional, as in the official package). */
export function secretKey(secret: string): WebhookKey {
  return Buffer.from(secret.startsWith(WEBHOOK_SECRET_PREFIX) ? secret.slice(WEBHOOK_SECRET_PREFIX.length) : secret, "base64")
}

/** The keys of a setting's secrets as written (`whsec_…`, space-separated), in order; their form is checked where settings are read (node-kit/config/). */
export function secretKeys(setting: string): WebhookKey[] {
  return splitSecrets(setting).map(secretKey)
}

/**
 * The `webhook-signature` value for one delivery attempt: one `v1,…`
 * signature per key, space-separated, each the base64 of the HMAC-SHA256
 * of `{id}.{timestamp}.{body}`. `timestamp` is unix seconds; `body` the
 * exact bytes sent.
 */
export function signWithKeys(keys: readonly WebhookKey[], delivery: { id: string; timestamp: number; body: string | Buffer }): string {
  const signed = `${delivery.id}.${Math.floor(delivery.timestamp)}.`
  return keys.map((key) => `v1,${createHmac("sha256", key).update(signed).update(delivery.body).digest("base64")}`).join(" ")
}

/** signWithKeys for secrets as written (`whsec_…`, one or several space-separated): for senders that hold the text, not the keys. */
export function signWebhook(secrets: string | readonly string[], delivery: { id: string; timestamp: number; body: string | Buffer }): string {
  return signWithKeys(typeof secrets === "string" ? secretKeys(secrets) : secrets.map(secretKey), delivery)
}
