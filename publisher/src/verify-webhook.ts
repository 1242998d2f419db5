import { Webhook, WebhookVerificationError } from "standardwebhooks"
import { splitSecrets, WEBHOOK_HEADERS, webhookSecretProblem } from "../../contract/webhook-signature"

/** API.md: a timestamp more than 5 minutes from the publisher's clock is refused, either way (the package's own tolerance). */
export const TIMESTAMP_TOLERANCE_SECONDS = 5 * 60
/** Longer ids are refused: the id is stored, and no sender needs more. */
export const MAX_WEBHOOK_ID_LENGTH = 200

export interface WebhookDelivery {
  id: string | string[] | undefined
  timestamp: string | string[] | undefined
  signature: string | string[] | undefined
  /** The body's bytes exactly as received: the signature covers them, not re-serialised JSON. */
  rawBody: Buffer
}

export type WebhookVerdict = { ok: true; id: string } | { ok: false; reason: string }

/**
 * Every secret of the setting, ready to check with; the setting may hold
 * several (a rotation). Throws, naming the rule, for a secret that breaks it
 * (readConfig checks the environment; this covers a value given in code).
 */
export function webhookVerifiers(secretSetting: string): Webhook[] {
  return splitSecrets(secretSetting).map((secret) => {
    const problem = webhookSecretProblem(secret)
    if (problem) throw new Error(`PUBLISH_WEBHOOK_SECRET ${problem}`)
    return new Webhook(secret)
  })
}

/**
 * Checks one delivery of the publish webhook (shared/API.md) with the
 * `standardwebhooks` package: a `v1` signature over `{id}.{timestamp}.{body}`
 * under any of the publisher's secrets (one is enough), and the timestamp
 * within 5 minutes of the clock. The id is signed, so a captured delivery
 * cannot come back under another id; the timestamp bounds how long it can
 * come back under its own, and the store's dedupe covers that window.
 */
export function verifyWebhook(verifiers: readonly Webhook[], delivery: WebhookDelivery): WebhookVerdict {
  const { id, timestamp, signature } = delivery
  if (typeof signature !== "string" || signature.trim() === "") return { ok: false, reason: `${WEBHOOK_HEADERS.signature} is missing` }
  if (typeof id !== "string" || id.trim() === "" || id.length > MAX_WEBHOOK_ID_LENGTH) {
    return { ok: false, reason: `${WEBHOOK_HEADERS.id} is missing or longer than ${MAX_WEBHOOK_ID_LENGTH} characters` }
  }
  if (typeof timestamp !== "string" || !/^\d{1,12}$/.test(timestamp)) {
    return { ok: false, reason: `${WEBHOOK_HEADERS.timestamp} is missing or not unix seconds` }
  }
  const headers = { [WEBHOOK_HEADERS.id]: id, [WEBHOOK_HEADERS.timestamp]: timestamp, [WEBHOOK_HEADERS.signature]: signature }
  for (const verifier of verifiers) {
    try {
      verifier.verify(delivery.rawBody, headers, { jsonParse: false })
      return { ok: true, id }
    } catch (error) {
      if (!(error instanceof WebhookVerificationError)) throw error
      // The package checks the clock before the signature: a stale delivery is stale under every secret.
      if (/timestamp/i.test(error.message)) {
        const skew = Math.abs(Date.now() / 1000 - Number(timestamp))
        return { ok: false, reason: `${WEBHOOK_HEADERS.timestamp} is ${Math.round(skew)} s away from the publisher's clock (at most ${TIMESTAMP_TOLERANCE_SECONDS} s)` }
      }
    }
  }
  return { ok: false, reason: `${WEBHOOK_HEADERS.signature} matches none of the publisher's secrets` }
}
