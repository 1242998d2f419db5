import { randomUUID } from "node:crypto"
import type { ApiRef, ApiWebhookBody } from "../../../contract/schemas"
import { MAX_REFS_PER_DELIVERY, signWithKeys, WEBHOOK_HEADERS, type WebhookKey } from "../../../contract/webhook-signature"
import { retryAfterMs } from "../../../node-kit/http/retry-after"
import type { WriteResult } from "../catalogue/changes"
import type { CatalogueDatabase } from "../catalogue/database/database"
import { WebhookOutbox, type OutboxEntry } from "./webhook-outbox"

// The publish webhook of docs/reference/catalogue-api.md: after each editor's write the server
// tells the site's publisher what changed, as a Standard Webhooks delivery.
// Deliveries wait in the outbox table (webhook-outbox.ts) and go out in the
// background, so the editor's request never waits for (or fails with) the
// publisher; one that fails is retried with growing delays, after a restart
// too, until delivered or too old.

export interface WebhookOptions {
  /** The publisher's hook, e.g. `http://127.0.0.1:9100/hooks/catalogue`. */
  url: string
  /** PUBLISH_WEBHOOK_SECRET's keys, one per secret (a rotation); every delivery is signed with each. */
  keys: readonly WebhookKey[]
  /** Delay before the first retry; each next one doubles. Default 500 ms. */
  retryBaseMs?: number
  /** Longest delay between attempts. Default 5 minutes. */
  retryMaxMs?: number
  /** A delivery not delivered this long after it was made is given up (the publisher's changes poller still finds its edit). Default 3 days. */
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

/** A delivery in the outbox, with what only this process holds: its timer and the attempt under way. */
interface Delivery extends OutboxEntry {
  timer?: NodeJS.Timeout
  controller?: AbortController
}

type Outcome = { status: number; retryAfterMs?: number } | { error: string }

/**
 * Answers worth another attempt: the publisher is down or busy (network
 * error, 5xx, 408, 429), not there yet (404), or does not know the secret
 * yet (401, mid-rotation). Any other refusal would be refused again.
 */
const retryable = (outcome: Outcome) => "error" in outcome || outcome.status >= 500 || [401, 404, 408, 429].includes(outcome.status)

const describeRefs = (refs: readonly ApiRef[]) => (refs.length === 0 ? "the changes feed" : refs.map((ref) => (ref.id === null ? ref.type : `${ref.type} ${ref.id}`)).join(", "))

/** Deliveries owed at start sent one by one, at most; more go as one "read the changes feed". */
export const RESUMED_ONE_BY_ONE = 10

/** The body catalogue-api.md asks for when refs cannot be listed: `"refs": []`, "read the changes feed". */
const feedBody = (event: ApiWebhookBody["event"]): ApiWebhookBody => ({ event, refs: [] })

/** Sends signed webhook deliveries from the outbox in the background, retrying what did not arrive. */
export class WebhookSender {
  private readonly pending = new Map<string, Delivery>()
  private readonly outbox: WebhookOutbox
  private closed = false
  private readonly log: WebhookLog

  constructor(private readonly options: WebhookOptions & { log: WebhookLog; db: CatalogueDatabase }) {
    this.log = options.log
    this.outbox = new WebhookOutbox(options.db)
    this.resume()
  }

  /**
   * What a stopped server left undelivered goes out at once: the publisher
   * may well be back. A few keep their ids and attempt counts; more than
   * RESUMED_ONE_BY_ONE (a long outage) go as one `"refs": []` delivery,
   * "read the changes feed", which holds them all, rather than as a burst.
   */
  private resume(): void {
    let owed = this.outbox.pending()
    if (owed.length === 0) return
    this.log(`webhook: ${owed.length} undelivered from before, sending${owed.length > RESUMED_ONE_BY_ONE ? " as one" : ""}`, "info")
    if (owed.length > RESUMED_ONE_BY_ONE) {
      const body = feedBody("publish")
      this.outbox.replaceAll({ id: randomUUID(), body: JSON.stringify(body), summary: `publish ${describeRefs([])}`, createdAt: Date.now() })
      owed = this.outbox.pending()
    }
    for (const entry of owed) this.track(entry, 0)
  }

  /** The deliveries that what one write did calls for: `unpublish` for what it deleted, `publish` for what it created or changed. */
  notify(result: WriteResult): void {
    if (result.deleted.length > 0) this.send({ event: "unpublish", refs: result.deleted })
    if (result.changed.length > 0) this.send({ event: "publish", refs: result.changed })
  }

  /** A draft saved, created, deleted or discarded: one `draft` delivery naming what the draft view changed. */
  notifyDraft(result: WriteResult): void {
    const refs = [...result.changed, ...result.deleted]
    if (refs.length > 0) this.send({ event: "draft", refs })
  }

  /** Writes one delivery to the outbox and returns its webhook-id at once; the first attempt starts after the current request. */
  send(body: ApiWebhookBody): string | undefined {
    if (this.closed) return undefined
    // A cascade over 5 000 refs: catalogue-api.md's "read the changes feed" instead of the list.
    const sent = body.refs.length > MAX_REFS_PER_DELIVERY ? feedBody(body.event) : body
    const entry = { id: randomUUID(), body: JSON.stringify(sent), summary: `${body.event} ${describeRefs(sent.refs)}`, createdAt: Date.now() }
    this.outbox.add(entry)
    this.track({ ...entry, attempts: 0, firstAttemptAt: null, nextAttemptAt: entry.createdAt }, 0)
    return entry.id
  }

  /** Deliveries not yet delivered or given up. */
  get pendingCount(): number {
    return this.pending.size
  }

  /** Stops sending; what is undelivered stays in the outbox for the next start. */
  async close(): Promise<void> {
    this.closed = true
    if (this.pending.size > 0) this.log(`webhook: ${this.pending.size} undelivered on close, kept in the outbox for the next start`, "info")
    for (const delivery of this.pending.values()) {
      clearTimeout(delivery.timer)
      delivery.controller?.abort(new Error("the catalogue server is closing"))
    }
    this.pending.clear()
  }

  private track(entry: OutboxEntry, delay: number): void {
    const delivery: Delivery = { ...entry }
    this.pending.set(delivery.id, delivery)
    this.schedule(delivery, Math.max(0, delay))
  }

  private finish(delivery: Delivery, line: string, level: "info" | "error"): void {
    this.pending.delete(delivery.id)
    this.outbox.remove(delivery.id)
    this.log(`webhook ${delivery.id} (${delivery.summary}) ${line}`, level)
  }

  private async attempt(delivery: Delivery): Promise<void> {
    delivery.timer = undefined
    delivery.attempts += 1
    delivery.firstAttemptAt ??= Date.now()
    const outcome = await this.post(delivery)
    if (this.closed || !this.pending.has(delivery.id)) return
    if ("status" in outcome && outcome.status >= 200 && outcome.status < 300) {
      this.finish(delivery, `delivered: HTTP ${outcome.status}, attempt ${delivery.attempts}`, "info")
      return
    }
    const reason = "status" in outcome ? `HTTP ${outcome.status}` : outcome.error
    const body = JSON.parse(delivery.body) as ApiWebhookBody
    if ("status" in outcome && outcome.status === 413 && body.refs.length > 0) {
      // Too large for this publisher: the same delivery without its list still gets the edit published.
      Object.assign(delivery, { body: JSON.stringify(feedBody(body.event)), summary: `${body.event} ${describeRefs([])}` })
      this.outbox.replaceBody(delivery.id, delivery.body, delivery.summary)
      this.log(`webhook ${delivery.id} refused with ${reason} at attempt ${delivery.attempts}; sent again without its refs`, "error")
      this.retryAt(delivery, 0)
      return
    }
    if (!retryable(outcome)) {
      this.finish(delivery, `refused with ${reason} at attempt ${delivery.attempts}; not retried`, "error")
      return
    }
    this.backOff(delivery, reason, "retryAfterMs" in outcome ? outcome.retryAfterMs : undefined)
  }

  private backOff(delivery: Delivery, reason: string, retryAfter: number | undefined): void {
    const base = this.options.retryBaseMs ?? 500
    const max = this.options.retryMaxMs ?? 5 * 60_000
    const backoff = Math.min(base * 2 ** (delivery.attempts - 1), max)
    const delay = Math.min(Math.max(backoff, retryAfter ?? 0), max)
    const outOfAttempts = this.options.maxAttempts !== undefined && delivery.attempts >= this.options.maxAttempts
    if (outOfAttempts || Date.now() + delay - delivery.createdAt > (this.options.giveUpAfterMs ?? 3 * 24 * 3600_000)) {
      this.finish(delivery, `failed with ${reason} at attempt ${delivery.attempts}; given up`, "error")
      return
    }
    this.log(`webhook ${delivery.id} (${delivery.summary}) failed with ${reason} at attempt ${delivery.attempts}; retrying in ${delay / 1000} s`, "error")
    this.retryAt(delivery, delay)
  }

  private retryAt(delivery: Delivery, delay: number): void {
    delivery.nextAttemptAt = Date.now() + delay
    this.outbox.attempted(delivery)
    this.schedule(delivery, delay)
  }

  private schedule(delivery: Delivery, delay: number): void {
    delivery.timer = setTimeout(() => {
      this.attempt(delivery).catch((error: unknown) => {
        // A bug, not the publisher's answer: the delivery stays in the outbox for the next start.
        this.pending.delete(delivery.id)
        this.log(`webhook ${delivery.id} (${delivery.summary}) stopped: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`, "error")
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
          [WEBHOOK_HEADERS.id]: delivery.id,
          [WEBHOOK_HEADERS.timestamp]: String(timestamp),
          [WEBHOOK_HEADERS.signature]: signWithKeys(this.options.keys, { id: delivery.id, timestamp, body: delivery.body }),
        },
        body: delivery.body,
        signal: controller.signal,
      })
      // Read the answer to its end, so the connection can be reused; its content does not matter.
      await response.arrayBuffer().catch(() => undefined)
      // Seconds or an HTTP date, as the kit reads it everywhere; the delay is capped at retryMaxMs.
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
