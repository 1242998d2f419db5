import os from "node:os"

export interface MediaLimits {
  /** Pictures drawn or resized at once. */
  concurrency: number
  /** Requests that may wait for one of those slots; any more are answered 503 with Retry-After. */
  queue: number
  /** Resized variants kept on disk, all pictures together; the least recently served go first. */
  keptVariants: number
}

/**
 * Sharp runs on libuv's threads (4 unless UV_THREADPOOL_SIZE says more), so
 * more jobs than cores or than those threads only wait inside sharp, holding
 * their memory. 64 waiting covers a page's pictures or the build's parallel
 * requests. 10 000 variants of the sample artwork take at most 350 MiB
 * (35 KiB for the largest, a 1600-wide JPEG; 4 KiB for a 480-wide WebP).
 */
export const DEFAULT_MEDIA_LIMITS: MediaLimits = {
  concurrency: Math.max(1, Math.min(4, os.availableParallelism())),
  queue: 64,
  keptVariants: 10_000,
}

/**
 * At most `concurrency` jobs run at once and at most `queue` more wait for a
 * slot; `tryRun` refuses any job beyond that (undefined) instead of queueing
 * it, so a flood of requests costs neither unbounded memory nor answers that
 * come after their client gave up.
 */
export class JobGate {
  private running = 0
  private readonly waiting: (() => void)[] = []

  constructor(
    readonly concurrency: number,
    readonly queue: number,
  ) {}

  /** Jobs running or waiting for a slot. */
  get busy(): number {
    return this.running + this.waiting.length
  }

  /** Runs `job` when a slot is free; undefined, and `job` never runs, when the queue is full too. */
  tryRun<T>(job: () => Promise<T>): Promise<T> | undefined {
    if (this.running >= this.concurrency && this.waiting.length >= this.queue) return undefined
    return this.run(job)
  }

  private async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.running < this.concurrency) this.running++
    // A finished job hands its slot straight to the first waiter, so `running` stays as it is.
    else await new Promise<void>((resolve) => this.waiting.push(resolve))
    try {
      return await job()
    } finally {
      const next = this.waiting.shift()
      if (next) next()
      else this.running--
    }
  }
}
