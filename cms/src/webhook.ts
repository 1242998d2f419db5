import { randomUUID } from "node:crypto"
import type { ApiWebhookBody } from "../../contract/schemas"
import { signWebhook, WEBHOOK_HEADERS } from "../../contract/webhook-signature"
import { retryAfterMs } from "../../node-kit/retry-after"
import type { WriteResult } from "./changes"

// The publish webhook of shared/API.md: after each editor's write the server
// tells the site's publisher what changed. Deliveries wait in memory and go
// out in the background, so the editor's request never waits for (or fails
// with) the publisher; one that fails is retried with growing delays.

export interface WebhookOptions {
  /** The publisher's hook, e.g. `http://127.0.0.1:9100/hooks/catalogue`. */
  url: string
  /** PUBLISH_WEBHOOK_SECRET. */
  secret: string
  /** Delay before the first retry; each next one doubles. Default 500 ms. */
  retryBaseMs?: number
  /** Longest delay between attempts. Default 30 s. */
  retryMaxMs?: number
  /** No attempt starts later than this after the first one. Default 10 minutes. */
  giveUpAfterMs?: number
  /** Attempts in all, at most; default: as many as fit in giveUpAfterMs. */
  maxAttempts?: number
  /** How long one attempt may take. Default 10 s. */
  timeoutMs?: number
  /** Where the one-line reports go; the server passes its logger unless a test gives its own. */
  log?: WebhookLog
}

/** One report line of the sender at its level. */
export type WebhookLog = (line: string, level: "info" | "error") => void

interface Delivery {
  /** X-Catalogue-Event: the same for every attempt of this delivery. */
  id: string
  rawBody: string
  summary: string
  attempts: number
  firstAttemptAt: number
  timer?: NodeJS.Timeout
  controller?: AbortController
}

type Outcome = { status: number; retryAfterMs?: number } | { error: string }

/** Sends signed webhook deliveries in the background, retrying on network errors, 5xx and 429. */
export class WebhookSender {
  private readonly pending = new Set<Delivery>()
  private closed = false
  private readonly log: WebhookLog

  constructor(private readonly options: WebhookOptions & { log: WebhookLog }) {
    this.log = options.log
  }

  /** The deliveries that what one write did calls for: `unpublish` for what it deleted, `publish` for what it created or changed. */
  notify(result: WriteResult): void {
    if (result.deleted.length > 0) this.send({ event: "unpublish", refs: result.deleted })
    if (result.changed.length > 0) this.send({ event: "publish", refs: result.changed })
  }

  /** Queues one delivery and returns its event id at once; the first attempt starts after the current request. */
  send(body: ApiWebhookBody): string | undefined {
    if (this.closed) return undefined
    const delivery: Delivery = {
      id: randomUUID(),
      rawBody: JSON.stringify(body),
      summary: `${body.event} ${body.refs.map((ref) => (ref.id === null ? ref.type : `${ref.type} ${ref.id}`)).join(", ")}`,
      attempts: 0,
      firstAttemptAt: Date.now(),
    }
    this.pending.add(delivery)
    this.schedule(delivery, 0)
    return delivery.id
  }

  /** Deliveries not yet delivered or given up. */
  get pendingCount(): number {
    return this.pending.size
  }

  /** Cancels every pending delivery and any attempt under way; sends nothing more. */
  async close(): Promise<void> {
    this.closed = true
    if (this.pending.size > 0) this.log(`webhook: ${this.pending.size} undelivered on close, cancelled`, "error")
    for (const delivery of this.pending) {
      clearTimeout(delivery.timer)
      delivery.controller?.abort(new Error("the catalogue server is closing"))
    }
    this.pending.clear()
  }

  private async attempt(delivery: Delivery): Promise<void> {
    delivery.timer = undefined
    delivery.attempts += 1
    if (delivery.attempts === 1) delivery.firstAttemptAt = Date.now()
    const outcome = await this.post(delivery)
    if (this.closed || !this.pending.has(delivery)) return
    const label = `webhook ${delivery.id} (${delivery.summary})`
    if ("status" in outcome && outcome.status >= 200 && outcome.status < 300) {
      this.pending.delete(delivery)
      this.log(`${label} delivered: HTTP ${outcome.status}, attempt ${delivery.attempts}`, "info")
      return
    }
    const reason = "status" in outcome ? `HTTP ${outcome.status}` : outcome.error
    const retryable = "error" in outcome || outcome.status >= 500 || outcome.status === 429
    if (!retryable) {
      this.pending.delete(delivery)
      this.log(`${label} refused with ${reason} at attempt ${delivery.attempts}; not retried`, "error")
      return
    }
    const base = this.options.retryBaseMs ?? 500
    const max = this.options.retryMaxMs ?? 30_000
    const backoff = Math.min(base * 2 ** (delivery.attempts - 1), max)
    const delay = Math.min(Math.max(backoff, ("retryAfterMs" in outcome && outcome.retryAfterMs) || 0), max)
    const nextAt = Date.now() + delay
    const outOfAttempts = this.options.maxAttempts !== undefined && delivery.attempts >= this.options.maxAttempts
    if (outOfAttempts || nextAt - delivery.firstAttemptAt > (this.options.giveUpAfterMs ?? 10 * 60_000)) {
      this.pending.delete(delivery)
      this.log(`${label} failed with ${reason} at attempt ${delivery.attempts}; given up`, "error")
      return
    }
    this.log(`${label} failed with ${reason} at attempt ${delivery.attempts}; retrying in ${delay / 1000} s`, "error")
    this.schedule(delivery, delay)
  }

  private schedule(delivery: Delivery, delay: number): void {
    delivery.timer = setTimeout(() => {
      this.attempt(delivery).catch((error: unknown) => {
        this.pending.delete(delivery)
        this.log(`webhook ${delivery.id} (${delivery.summary}) dropped: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`, "error")
      })
    }, delay)
  }

  /** One signed POST; never throws. */
  private async post(delivery: Delivery): Promise<Outcome> {
    const controller = new AbortController()
    delivery.controller = controller
    const timeoutMs = this.options.timeoutMs ?? 10_000
    const timeout = setTimeout(() => controller.abort(new Error(`no answer in ${timeoutMs / 1000} s`)), timeoutMs)
    // Fresh at each attempt, so a retry long after the first is not refused as stale.
    const timestamp = Math.floor(Date.now() / 1000)
    try {
      const response = await fetch(this.options.url, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          [WEBHOOK_HEADERS.event]: delivery.id,
          [WEBHOOK_HEADERS.timestamp]: String(timestamp),
          [WEBHOOK_HEADERS.signature]: signWebhook(this.options.secret, timestamp, delivery.rawBody),
        },
        body: delivery.rawBody,
        signal: controller.signal,
      })
      // Read the answer to its end, so the connection can be reused; its content does not matter.
      await response.arrayBuffer().catch(() => undefined)
      // Seconds or an HTTP date, as the kit reads it everywhere; the delay is capped at retryMaxMs below.
      return { status: response.status, retryAfterMs: retryAfterMs(response.headers.get("retry-after")) }
    } catch (error) {
      const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : ""
      const reason = controller.signal.aborted ? String((controller.signal.reason as Error)?.message ?? "aborted") : undefined
      return { error: reason ?? `${error instanceof Error ? error.message : String(error)}${cause}` }
    } finally {
      clearTimeout(timeout)
      delivery.controller = undefined
    }
  }
}
