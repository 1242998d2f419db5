import { Webhook } from "standardwebhooks"
import type { WebhookConfig } from "./config"
import type { Ref } from "../changes/refs"
import type { WebhookEvent } from "../changes/what-changed"

// One attempt of one delivery: the body catalogue-api.md asks for, signed as
// Standard Webhooks says with the official library, POSTed to the publisher,
// and what its answer means for the delivery.

export type AttemptOutcome =
  | { kind: "delivered"; status: number }
  /** The publisher will not take it, and would not take it again. */
  | { kind: "refused"; status: number; reason: string }
  | { kind: "retry"; reason: string; retryAfterMs?: number }
  /** Strapi is stopping: the attempt did not count. */
  | { kind: "stopped" }

export interface Delivery {
  webhookId: string
  event: WebhookEvent
  refs: readonly Ref[]
}

/** The webhook-signature header: one `v1,…` signature per secret, space-separated. */
export function signatureOf(secrets: readonly string[], webhookId: string, timestamp: Date, body: string): string {
  return secrets.map((secret) => new Webhook(secret).sign(webhookId, timestamp, body)).join(" ")
}

/** Retry-After in ms: seconds, or an HTTP date. */
function retryAfterMs(header: string | null, nowMs: number): number | undefined {
  if (!header) return undefined
  const seconds = Number(header)
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000
  const date = Date.parse(header)
  return Number.isNaN(date) ? undefined : Math.max(0, date - nowMs)
}

/**
 * What an answer means: 2xx delivered; 408 and 429 (busy) and 5xx (down)
 * worth another attempt; any other 4xx refused for good. A redirect is not
 * followed (the signature and the body were meant for this URL): it is a
 * failure, retried until the URL is fixed or the delivery is given up.
 */
export function judgeAnswer(status: number, retryAfter: string | null, nowMs: number): AttemptOutcome {
  if (status >= 200 && status < 300) return { kind: "delivered", status }
  if (status >= 300 && status < 400) return { kind: "retry", reason: `HTTP ${status}, a redirect, not followed: set PUBLISH_WEBHOOK_URL to the final address` }
  if (status === 408 || status === 429 || status >= 500 || status < 200) {
    return { kind: "retry", reason: `HTTP ${status}`, retryAfterMs: retryAfterMs(retryAfter, nowMs) }
  }
  return { kind: "refused", status, reason: `HTTP ${status}` }
}

/** POSTs one delivery, signed now, within `timeoutMs`; `stopping` aborts it when Strapi stops. */
export async function postDelivery(config: WebhookConfig, delivery: Delivery, options: { timeoutMs: number; stopping: AbortSignal }): Promise<AttemptOutcome> {
  const body = JSON.stringify({ event: delivery.event, refs: delivery.refs })
  const timestamp = new Date()
  try {
    const response = await fetch(config.url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "webhook-id": delivery.webhookId,
        "webhook-timestamp": String(Math.floor(timestamp.getTime() / 1000)),
        "webhook-signature": signatureOf(config.secrets, delivery.webhookId, timestamp, body),
      },
      body,
      redirect: "manual",
      signal: AbortSignal.any([options.stopping, AbortSignal.timeout(options.timeoutMs)]),
    })
    // The answer's body is not read; cancelling it frees the connection.
    await response.body?.cancel().catch(() => undefined)
    return judgeAnswer(response.status, response.headers.get("retry-after"), Date.now())
  } catch (error) {
    if (options.stopping.aborted) return { kind: "stopped" }
    // fetch's own message is "fetch failed"; why (ECONNREFUSED…) is its cause.
    const causeOf = (error as { cause?: unknown }).cause
    const cause = causeOf instanceof Error ? `: ${causeOf.message}` : ""
    const reason = error instanceof Error && error.name === "TimeoutError" ? `no answer within ${options.timeoutMs / 1000} s` : `${String(error)}${cause}`
    return { kind: "retry", reason }
  }
}
