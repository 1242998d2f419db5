import { ANSWERS, type ApiChanges } from "../../../contract/schemas"
import type { Logger } from "../../../node-kit/process/logger"
import type { BuildQueue } from "./build-queue"
import type { JobStore } from "./store/job-store"

// A webhook can be lost (the catalogue's outbox gave up, a proxy ate it, the
// publisher was down for days). So the publisher also asks the catalogue's
// changes feed (docs/reference/catalogue-api.md) on a timer whether anything changed that no
// live build holds, and queues a build when so: a lost webhook costs one
// interval, not the edit.

/** The state table's key for the feed's cursor: the catalogue's time up to which every change is live. */
export const CURSOR_KEY = "changes-feed-cursor"
/**
 * Times converted from the publisher's clock to the catalogue's are moved
 * back by this much besides: an edit's updated_at is stamped a moment
 * before its write commits. (The conversion itself errs early already.)
 */
const CLOCK_MARGIN_MS = 100
const REQUEST_TIMEOUT_MS = 10_000

export type PollOutcome =
  | { kind: "nothing changed" }
  | { kind: "queued"; jobId: number; changes: number }
  | { kind: "skipped"; why: string }
  | { kind: "feed off" }
  | { kind: "failed"; why: string }
  | { kind: "stopped" }

export interface ChangesPollerOptions {
  /** CATALOGUE_API_URL, with `/api`. */
  apiUrl: string
  store: JobStore
  queue: BuildQueue
  log: Logger
  /**
   * The preview lane's: asks the draft view's feed (`preview=1` with this
   * token as a Bearer), which lists draft saves and discards too, for a
   * draft webhook that was lost.
   */
  draftViewToken?: string
  now?: () => number
}

type FeedAnswer = { kind: "changes"; changes: ApiChanges } | { kind: "gone" } | { kind: "off" } | { kind: "failed"; why: string }

/**
 * Asks the changes feed and queues a build when it names changes no live
 * build holds. `poll()` is one round; the timer (startChangesPolling) calls it.
 */
export class ChangesPoller {
  /**
   * The catalogue's clock minus the publisher's, learnt from the feed's
   * `now`: the feed stamped it before the answer arrived, so `now - arrival`
   * is the smallest the offset can be, and converting with it errs early
   * (asks for more), never late. Unknown until the first answer.
   */
  private offsetMs: number | undefined
  private readonly now: () => number
  /** Aborted by stop(): the request under way ends, and the round queues nothing. */
  private readonly stopping = new AbortController()

  constructor(private readonly options: ChangesPollerOptions) {
    this.now = options.now ?? Date.now
  }

  /** Which feed this poller asks, for the log. */
  get feed(): string {
    return this.options.draftViewToken ? "The draft view's changes feed (preview lane)" : "The changes feed"
  }

  /**
   * Ends the request under way, and every round from now on queues nothing:
   * the publisher stops it before it closes the job store the round writes to.
   */
  stop(): void {
    this.stopping.abort()
  }

  /** One round. After each wait it checks for a stop: a round asking when the publisher began to stop writes nothing. */
  async poll(): Promise<PollOutcome> {
    const { store, queue, log } = this.options
    // A queued job has not started: it will read every change made until it does.
    if (store.nextQueued()) return { kind: "skipped", why: "a build is queued" }
    if (this.offsetMs === undefined) {
      const probe = await this.ask(this.now())
      if (probe.kind !== "changes") return this.settle(probe)
    }
    const cursor = store.getState(CURSOR_KEY)
    const since = Math.max(cursor ? Date.parse(cursor) : Number.NEGATIVE_INFINITY, this.catalogueTime(store.lastStartedAt("live")))
    // Nothing live and no cursor: a publisher that never published; it follows the feed from now on.
    const answer = await this.ask(Number.isFinite(since) ? since : undefined)
    if (answer.kind !== "changes") return this.settle(answer)
    const count = answer.changes.changed.length + answer.changes.deleted.length
    if (this.stopping.signal.aborted) return { kind: "stopped" }
    if (count === 0) {
      store.setState(CURSOR_KEY, answer.changes.now)
      return { kind: "nothing changed" }
    }
    // A build under way may hold them already (a webhook queued it); if it fails, the next round asks again from the last live one.
    const building = this.catalogueTime(store.lastStartedAt("building"))
    if (building > since) {
      const sinceBuilding = await this.ask(building)
      if (sinceBuilding.kind === "changes" && sinceBuilding.changes.changed.length + sinceBuilding.changes.deleted.length === 0) {
        return { kind: "skipped", why: "the build under way holds them" }
      }
    }
    if (this.stopping.signal.aborted) return { kind: "stopped" }
    const jobId = queue.queueBuild("changes feed")
    log.info(`${this.feed} names ${count} change(s) no live build holds: job ${jobId} builds them`)
    return { kind: "queued", jobId, changes: count }
  }

  /** A time of the publisher's clock on the catalogue's, a little early; -Infinity for none. */
  private catalogueTime(localMs: number | undefined): number {
    if (localMs === undefined || this.offsetMs === undefined) return Number.NEGATIVE_INFINITY
    return localMs + this.offsetMs - CLOCK_MARGIN_MS
  }

  private settle(answer: Exclude<FeedAnswer, { kind: "changes" }>): PollOutcome {
    if (this.stopping.signal.aborted) return { kind: "stopped" }
    if (answer.kind === "off") return { kind: "feed off" }
    if (answer.kind === "failed") {
      this.options.log.warn(`Asking ${this.feed.toLowerCase()} failed (${answer.why}); asking again at the next round`)
      return { kind: "failed", why: answer.why }
    }
    // 410: the feed no longer reaches back that far; the build reads the whole catalogue as it sees fit.
    const jobId = this.options.queue.queueBuild("changes feed")
    this.options.log.info(`${this.feed} no longer reaches back to the last change built: job ${jobId} builds the site`)
    return { kind: "queued", jobId, changes: 0 }
  }

  /** GET /changes?since= on the catalogue's clock (`undefined`: the publisher's now, before the offset is known). */
  private async ask(sinceMs: number | undefined): Promise<FeedAnswer> {
    const since = new Date(sinceMs ?? this.now() + (this.offsetMs ?? 0)).toISOString()
    try {
      const { draftViewToken } = this.options
      const response = await fetch(`${this.options.apiUrl.replace(/\/$/, "")}/changes?since=${encodeURIComponent(since)}${draftViewToken ? "&preview=1" : ""}`, {
        signal: AbortSignal.any([AbortSignal.timeout(REQUEST_TIMEOUT_MS), this.stopping.signal]),
        headers: { accept: "application/json", ...(draftViewToken ? { authorization: `Bearer ${draftViewToken}` } : {}) },
      })
      const text = await response.text()
      // A catalogue without drafts answers the draft view 401 (catalogue-api.md): the preview then follows the publish webhooks only.
      if (response.status === 404 || (draftViewToken && response.status === 401)) return { kind: "off" }
      if (response.status === 410) return { kind: "gone" }
      if (!response.ok) return { kind: "failed", why: `HTTP ${response.status}` }
      const parsed = ANSWERS.changes.safeParse(JSON.parse(text))
      if (!parsed.success || !Number.isFinite(Date.parse(parsed.data.data.now))) return { kind: "failed", why: "the answer is not the feed's { data: { now, changed, deleted } }" }
      this.offsetMs = Date.parse(parsed.data.data.now) - this.now()
      return { kind: "changes", changes: parsed.data.data }
    } catch (error) {
      return { kind: "failed", why: error instanceof Error ? error.message : String(error) }
    }
  }
}

/**
 * Polls every `intervalMs` until stopped; stops by itself when the catalogue
 * has no changes feed (404). Rounds never overlap. `stop()` resolves once
 * the round under way, if any, has ended (it queues nothing after the stop).
 */
export function startChangesPolling(poller: ChangesPoller, intervalMs: number, log: Logger): { stop(): Promise<void> } {
  let timer: NodeJS.Timeout | undefined
  let stopped = false
  let inFlight: Promise<void> = Promise.resolve()
  const round = async () => {
    const outcome = await poller.poll()
    if (outcome.kind === "feed off") {
      log.warn(`${poller.feed} is off (the catalogue answered 404, or 401 to the draft view): the publisher stops asking it and builds on webhooks only`)
      return
    }
    if (!stopped) timer = setTimeout(() => (inFlight = round()), intervalMs)
  }
  timer = setTimeout(() => (inFlight = round()), intervalMs)
  return {
    async stop() {
      stopped = true
      clearTimeout(timer)
      poller.stop()
      await inFlight
    },
  }
}
