import type { Core } from "@strapi/strapi"
import type { WebhookConfig } from "./config"
import { coalesce, hurryPending, nextDue, nextDueAt, pruneFinished, recordAttempt, type DeliveryRow } from "./outbox"
import { postDelivery, type AttemptOutcome } from "./post-delivery"

// Sends the outbox's pending deliveries, one at a time in the order they were
// queued, in the background: the editor's save only wrote a row. Woken when
// an editor's transaction commits, and by a timer when a retry falls due; it
// starts with what a previous run left pending.

export interface LoopTimings {
  /** Delay before the first retry; each next one doubles. */
  firstRetryMs: number
  /** Longest delay between attempts. */
  longestRetryMs: number
  /** A delivery not delivered this long after it was queued is given up (the changes feed still has its edit). */
  giveUpAfterMs: number
  /** How long one attempt may take. */
  attemptTimeoutMs: number
}

export const DEFAULT_TIMINGS: LoopTimings = {
  firstRetryMs: 1000,
  longestRetryMs: 5 * 60_000,
  giveUpAfterMs: 24 * 60 * 60_000,
  attemptTimeoutMs: 10_000,
}

/** The delay after `attempts` failed attempts: doubling from the first, capped, and at least what the publisher asked for. */
export function retryDelay(attempts: number, timings: LoopTimings, retryAfterMs = 0): number {
  const backoff = Math.min(timings.firstRetryMs * 2 ** Math.max(0, attempts - 1), timings.longestRetryMs)
  return Math.min(Math.max(backoff, retryAfterMs), timings.longestRetryMs)
}

/** How long the loop sleeps at most, even with nothing due: a row written by another process is picked up. */
const LONGEST_SLEEP_MS = 60_000
/** After an error of the loop itself (the database), it tries again this much later. */
const AFTER_ERROR_MS = 5_000
const PRUNE_EVERY_MS = 60 * 60_000
const KEEP_FINISHED_MS = 30 * 24 * 60 * 60_000

const describe = (row: DeliveryRow) =>
  `${row.webhook_id} (${row.event} ${row.refs.length === 0 ? "read the changes feed" : row.refs.map((ref) => `${ref.type} ${ref.id ?? ""}`.trim()).join(", ")})`

export class DeliveryLoop {
  private timer: NodeJS.Timeout | undefined
  private running: Promise<void> | undefined
  private wokenWhileRunning = false
  private stopped = false
  private lastPrune = 0
  private resumed = false
  private readonly stopping = new AbortController()

  constructor(
    private readonly strapi: Core.Strapi,
    private readonly config: WebhookConfig,
    private readonly timings: LoopTimings = DEFAULT_TIMINGS,
  ) {}

  /** Sends whatever is due now; called at start and after each commit that queued a delivery. */
  wake(): void {
    if (this.stopped) return
    if (this.running) {
      this.wokenWhileRunning = true
      return
    }
    clearTimeout(this.timer)
    this.timer = undefined
    this.running = this.drain()
      .catch((error: unknown) => {
        this.strapi.log.error(`Catalogue webhook: the delivery loop failed (${String(error)}); trying again in ${AFTER_ERROR_MS / 1000} s`)
        return AFTER_ERROR_MS
      })
      .then((sleepMs) => {
        this.running = undefined
        if (this.stopped) return
        if (this.wokenWhileRunning) this.wake()
        else if (sleepMs !== undefined) this.sleep(sleepMs)
      })
  }

  /** Stops sending: an attempt under way is aborted and stays pending, for the next start. */
  async stop(): Promise<void> {
    this.stopped = true
    clearTimeout(this.timer)
    this.stopping.abort(new Error("Strapi is stopping"))
    await this.running
  }

  private sleep(ms: number): void {
    this.timer = setTimeout(() => this.wake(), Math.min(ms, LONGEST_SLEEP_MS))
    this.timer.unref()
  }

  /** Sends every due delivery; answers how long to sleep before the next one falls due. */
  private async drain(): Promise<number | undefined> {
    if (!this.resumed) {
      // What a previous run left waiting out a backoff goes at once: the publisher may well be back.
      await hurryPending(this.strapi, Date.now())
      this.resumed = true
    }
    for (;;) {
      this.wokenWhileRunning = false
      if (this.stopped) return undefined
      await this.prune()
      const due = await nextDue(this.strapi, Date.now())
      if (!due) {
        const next = await nextDueAt(this.strapi)
        return next === undefined ? LONGEST_SLEEP_MS : Math.max(0, next - Date.now())
      }
      await this.attempt(await coalesce(this.strapi, due))
    }
  }

  private async attempt(row: DeliveryRow): Promise<void> {
    const outcome = await postDelivery(
      this.config,
      { webhookId: row.webhook_id, event: row.event, refs: row.refs },
      { timeoutMs: this.timings.attemptTimeoutMs, stopping: this.stopping.signal },
    )
    if (outcome.kind === "stopped") return
    await this.record(row, outcome)
  }

  private async record(row: DeliveryRow, outcome: Exclude<AttemptOutcome, { kind: "stopped" }>): Promise<void> {
    const now = Date.now()
    const attempts = row.attempts + 1
    const log = this.strapi.log
    if (outcome.kind === "delivered") {
      await recordAttempt(this.strapi, row, { state: "delivered", at: now })
      log.info(`Catalogue webhook ${describe(row)} delivered: HTTP ${outcome.status}, attempt ${attempts}`)
      await hurryPending(this.strapi, now)
      return
    }
    if (outcome.kind === "refused" && outcome.status === 413 && row.refs.length > 0) {
      // Too large for this publisher: without its list the delivery still says "read the changes feed".
      log.warn(`Catalogue webhook ${describe(row)} refused with ${outcome.reason}; sending it again without its refs`)
      await recordAttempt(this.strapi, row, { state: "pending", nextAttemptMs: now, error: outcome.reason, refs: [] })
      return
    }
    if (outcome.kind === "refused") {
      log.error(`Catalogue webhook ${describe(row)} refused by ${this.config.url.href} with ${outcome.reason}; not retried`)
      await recordAttempt(this.strapi, row, { state: "failed", at: now, error: outcome.reason })
      return
    }
    const delay = retryDelay(attempts, this.timings, outcome.retryAfterMs)
    if (now + delay - Date.parse(row.queued_at) > this.timings.giveUpAfterMs) {
      log.error(`Catalogue webhook ${describe(row)} failed with ${outcome.reason} at attempt ${attempts}; given up (the publisher's changes poller still finds the edit)`)
      await recordAttempt(this.strapi, row, { state: "failed", at: now, error: outcome.reason })
      return
    }
    // The first failure is worth a warning; the retries that follow would only repeat it.
    const line = `Catalogue webhook ${describe(row)} to ${this.config.url.href} failed with ${outcome.reason} at attempt ${attempts}; retrying in ${delay / 1000} s`
    if (attempts === 1) log.warn(line)
    else log.debug(line)
    await recordAttempt(this.strapi, row, { state: "pending", nextAttemptMs: now + delay, error: outcome.reason })
  }

  private async prune(): Promise<void> {
    if (Date.now() - this.lastPrune < PRUNE_EVERY_MS) return
    this.lastPrune = Date.now()
    await pruneFinished(this.strapi, this.lastPrune - KEEP_FINISHED_MS)
  }
}
