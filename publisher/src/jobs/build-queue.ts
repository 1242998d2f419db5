import type { ApiWebhookBody } from "../../../contract/schemas"
import type { Job, JobTrigger } from "./job"
import type { DeliveryStore, HookOutcome } from "./store/delivery-store"
import type { JobStore } from "./store/job-store"

/** Builds one job; stops early (leaving the job re-queued) when `signal` aborts. */
export type JobRunner = (job: Job, signal: AbortSignal) => Promise<void>

export interface BuildQueueOptions {
  debounceMs: number
  /**
   * However long a burst goes on, its build starts this long after its first
   * webhook at the latest. Default: 10 debounces.
   */
  maxDelayMs?: number
  now?: () => number
  /** A runner that threw: a bug, not a failed build (those the runner records itself). */
  onError?: (job: Job, error: unknown) => void
  /**
   * Asked before a job starts: false holds it queued until `schedule()` is
   * called again (the preview lane waits while the live one is busy, lanes.ts).
   */
  mayStart?: () => boolean
  /** Called whenever a job is queued or a webhook joins one (the live lane then stops a preview build). */
  onQueued?: () => void
  /** Called when nothing is left queued or building. */
  onIdle?: () => void
}

/** The abort reason of a build stopped to let another lane's build go first: its job is queued again, not failed. */
export const YIELDED = "yielded to the live site's build"

/**
 * One build at a time. Webhooks join the queued job that has not started
 * (DeliveryStore.addHook), so any number of edits during a build wait in ONE
 * pending build; a job starts only after `debounceMs` without a new webhook,
 * so a burst of edits builds once.
 */
export class BuildQueue {
  private timer: NodeJS.Timeout | undefined
  private running: Promise<void> | undefined
  private abort: AbortController | undefined
  private closed = false
  private idleWaiters: (() => void)[] = []
  private readonly now: () => number
  private readonly maxDelayMs: number

  constructor(
    private readonly records: { jobs: JobStore; deliveries: DeliveryStore },
    private readonly run: JobRunner,
    private readonly options: BuildQueueOptions,
  ) {
    this.now = options.now ?? Date.now
    this.maxDelayMs = options.maxDelayMs ?? Math.max(10 * options.debounceMs, 1000)
  }

  /** Records a verified webhook and answers at once; the build happens later. */
  addHook(eventId: string, signature: string, body: ApiWebhookBody): HookOutcome {
    const outcome = this.records.deliveries.addHook({ eventId, signature, body, now: this.now() })
    if (!outcome.duplicate) {
      this.options.onQueued?.()
      this.schedule()
    }
    return outcome
  }

  queueBuild(trigger: JobTrigger): number {
    const id = this.records.jobs.queueBuild(trigger, this.now())
    this.options.onQueued?.()
    this.schedule()
    return id
  }

  /** Stops the running build, if any, and keeps its job queued; the queue goes on when `schedule()` lets it. */
  yieldBuild(): void {
    this.abort?.abort(YIELDED)
  }

  /** True while a build runs or one is queued. */
  get busy(): boolean {
    return this.running !== undefined || this.records.jobs.nextQueued() !== undefined
  }

  /** Resolves when nothing is queued or building (or the queue is closed). */
  idle(): Promise<void> {
    if (this.closed || !this.busy) return Promise.resolve()
    return new Promise((resolve) => this.idleWaiters.push(resolve))
  }

  /** Starts the next job when its debounce is over; call after anything that may have queued one. */
  schedule(): void {
    if (this.closed || this.running) return
    clearTimeout(this.timer)
    this.timer = undefined
    const job = this.records.jobs.nextQueued()
    if (!job) {
      this.wakeIdleWaiters()
      this.options.onIdle?.()
      return
    }
    if (this.options.mayStart && !this.options.mayStart()) return
    const startAt = Math.min(job.lastHookAt + this.options.debounceMs, job.queuedAt + this.maxDelayMs)
    const wait = startAt - this.now()
    if (wait > 0) {
      this.timer = setTimeout(() => this.schedule(), wait)
      return
    }
    const abort = new AbortController()
    this.abort = abort
    this.running = this.run(job, abort.signal)
      .catch((error: unknown) => {
        // Never leave a job "building" with nothing building it.
        const current = this.records.jobs.get(job.id)
        if (current?.status === "building") {
          const message = error instanceof Error ? error.message : String(error)
          this.records.jobs.markFailed(job.id, { reason: `the publisher failed: ${message}`, logExcerpt: null, now: this.now() })
        }
        this.options.onError?.(job, error)
      })
      .finally(() => {
        this.running = undefined
        this.abort = undefined
        if (this.closed) this.wakeIdleWaiters()
        else this.schedule()
      })
  }

  /** Stops: no new build starts, a running one is stopped (its runner re-queues it for the next start). */
  async close(): Promise<void> {
    this.closed = true
    clearTimeout(this.timer)
    this.abort?.abort()
    await this.running
    this.wakeIdleWaiters()
  }

  private wakeIdleWaiters(): void {
    const waiters = this.idleWaiters
    this.idleWaiters = []
    for (const wake of waiters) wake()
  }
}
