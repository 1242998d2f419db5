import fs from "node:fs"
import path from "node:path"
import type { Logger } from "../../../node-kit/process/logger"
import { writeFileDurably } from "../releases/durable-files"
import type { CdnAdapter, PurgeRequest } from "./purge-request"
import { mergePurges } from "./release-purge"

/** Waits between attempts at a purge a CDN refused: doubling from a second to a minute, then every minute until it is taken. */
export const RETRY_DELAYS_MS = [1000, 2000, 4000, 8000, 16_000, 30_000, 60_000]

/** What one CDN still owes, kept on disk so a restart does not forget it. */
interface Owed {
  request: PurgeRequest
  /** The newest release it is owed for. */
  releaseId: string
  since: number
  attempts: number
  lastError: string | null
  nextAttemptAt: number | null
  /**
   * Counts the releases added to it. A purge sent before the last one was
   * added does not cover it (the release switched after the CDN took it),
   * even when the merged request is the same, as two "everything" are.
   */
  revision?: number
}

interface Done {
  releaseId: string
  at: number
  keys: number
  all: boolean
  attempts: number
  /** From the release's switch to the CDN's acceptance. */
  tookMs: number
}

/** What `<data>/cdn-purges.json` holds. */
interface PurgeRecord {
  owed: { [cdn: string]: Owed }
  done: { [cdn: string]: Done }
}

/** One CDN as the status shows it. */
export interface CdnPurgeStatus {
  cdn: string
  /** `purged`: nothing owed; `purging`: a purge under way or waiting for its first try; `retrying`: refused, tried again at `nextAttemptAt`. */
  state: "purged" | "purging" | "retrying"
  last: { releaseId: string; at: string; keys: number; all: boolean; attempts: number; tookMs: number } | null
  owed: { releaseId: string; since: string; keys: number; all: boolean; attempts: number; lastError: string | null; nextAttemptAt: string | null } | null
}

export const PURGE_RECORD_FILE = "cdn-purges.json"

/**
 * Tells each configured CDN what each release changed, after the switch.
 * A release never waits for it: `add` returns at once and the purge runs
 * beside the queue. A refused or unanswered purge is kept (on disk, merged
 * with later releases' keys) and tried again, doubling the wait up to a
 * minute, until the CDN takes it; the status shows it meanwhile. A new
 * release is tried at once even then: a CDN that is back would otherwise
 * show the old pages for up to a minute more. Each CDN has its own account,
 * so one that is down does not hold back the others.
 */
export class CdnPurgeQueue {
  private record: PurgeRecord
  private readonly file: string
  private readonly running = new Map<string, Promise<void>>()
  private closed = false
  private readonly controller = new AbortController()
  /** Per CDN, what ends its wait before a retry. */
  private readonly wakers = new Map<string, AbortController>()

  constructor(
    private readonly adapters: readonly CdnAdapter[],
    dataDir: string,
    private readonly log: Logger,
    private readonly delaysMs: readonly number[] = RETRY_DELAYS_MS,
    private readonly now: () => number = Date.now,
  ) {
    this.file = path.join(dataDir, PURGE_RECORD_FILE)
    this.record = readRecord(this.file)
    // What a stopped publisher still owed: tried again now, not at the time its last refusal set.
    for (const owed of Object.values(this.record.owed)) owed.nextAttemptAt = null
    for (const adapter of adapters) if (this.record.owed[adapter.name]) this.kick(adapter)
  }

  get enabled(): boolean {
    return this.adapters.length > 0
  }

  /** Owes `request` to every CDN, for release `releaseId`, and starts purging. */
  add(request: PurgeRequest, releaseId: string): void {
    if (!this.enabled || this.closed || (!request.all && request.keys.length === 0)) return
    const at = this.now()
    for (const adapter of this.adapters) {
      const owed = this.record.owed[adapter.name]
      // Tried now, the count of refusals kept: a CDN still down gets its next try as late as before.
      this.record.owed[adapter.name] = owed
        ? { ...owed, request: mergePurges(owed.request, request), releaseId, nextAttemptAt: null, revision: (owed.revision ?? 0) + 1 }
        : { request, releaseId, since: at, attempts: 0, lastError: null, nextAttemptAt: null, revision: 0 }
    }
    this.save()
    for (const adapter of this.adapters) {
      this.wakers.get(adapter.name)?.abort()
      this.kick(adapter)
    }
  }

  /** Resolves once nothing is owed to any CDN (or the queue is closed). */
  async settled(): Promise<void> {
    while (this.running.size > 0) await Promise.all(this.running.values())
  }

  status(): CdnPurgeStatus[] {
    const iso = (ms: number) => new Date(ms).toISOString()
    return this.adapters.map((adapter) => {
      const owed = this.record.owed[adapter.name]
      const done = this.record.done[adapter.name]
      return {
        cdn: adapter.name,
        state: !owed ? "purged" : owed.lastError ? "retrying" : "purging",
        last: done ? { releaseId: done.releaseId, at: iso(done.at), keys: done.keys, all: done.all, attempts: done.attempts, tookMs: done.tookMs } : null,
        owed: owed
          ? {
              releaseId: owed.releaseId,
              since: iso(owed.since),
              keys: owed.request.keys.length,
              all: owed.request.all,
              attempts: owed.attempts,
              lastError: owed.lastError,
              nextAttemptAt: owed.nextAttemptAt === null ? null : iso(owed.nextAttemptAt),
            }
          : null,
      }
    })
  }

  /** Stops purging (what is owed stays on disk for the next start) and waits for the attempts under way. */
  async close(): Promise<void> {
    this.closed = true
    this.controller.abort()
    await Promise.allSettled(this.running.values())
  }

  /** One worker per CDN, while it owes something. */
  private kick(adapter: CdnAdapter): void {
    if (this.closed || this.running.has(adapter.name)) return
    this.running.set(
      adapter.name,
      this.work(adapter).finally(() => this.running.delete(adapter.name)),
    )
  }

  private async work(adapter: CdnAdapter): Promise<void> {
    for (;;) {
      const owed = this.record.owed[adapter.name]
      if (!owed || this.closed) return
      if (owed.nextAttemptAt !== null) {
        const waker = new AbortController()
        this.wakers.set(adapter.name, waker)
        await sleep(owed.nextAttemptAt - this.now(), AbortSignal.any([this.controller.signal, waker.signal]))
        this.wakers.delete(adapter.name)
      }
      if (this.closed) return
      const { request, releaseId, revision } = this.record.owed[adapter.name]!
      try {
        await adapter.purge(request, AbortSignal.any([this.controller.signal, AbortSignal.timeout(30_000)]))
      } catch (error) {
        if (this.closed) return
        this.failed(adapter, error)
        continue
      }
      this.succeeded(adapter, request, releaseId, revision)
    }
  }

  private failed(adapter: CdnAdapter, error: unknown): void {
    const owed = this.record.owed[adapter.name]!
    owed.attempts += 1
    owed.lastError = error instanceof Error ? error.message : String(error)
    const delay = this.delaysMs[Math.min(owed.attempts - 1, this.delaysMs.length - 1)]!
    owed.nextAttemptAt = this.now() + delay
    this.save()
    this.log.warn(`CDN ${adapter.name}: purge for release ${owed.releaseId} failed (attempt ${owed.attempts}): ${owed.lastError}; trying again in ${delay / 1000} s`)
  }

  private succeeded(adapter: CdnAdapter, request: PurgeRequest, releaseId: string, revision: number | undefined): void {
    const owed = this.record.owed[adapter.name]!
    const at = this.now()
    const attempts = owed.attempts + 1
    this.record.done[adapter.name] = { releaseId, at, keys: request.keys.length, all: request.all, attempts, tookMs: at - owed.since }
    if (owed.revision === revision) delete this.record.owed[adapter.name]
    else {
      // A newer release came while this purge ran: its keys are owed still, from now.
      this.record.owed[adapter.name] = { ...owed, since: at, attempts: 0, lastError: null, nextAttemptAt: null }
    }
    this.save()
    this.log.info(`CDN ${adapter.name}: purged ${request.all ? "everything" : `${request.keys.length} key(s)`} for release ${releaseId} (${attempts} attempt(s))`)
  }

  private save(): void {
    try {
      writeFileDurably(this.file, JSON.stringify(this.record))
    } catch (error) {
      // The purge still runs; only a restart before it is taken would forget it.
      this.log.warn(`CDN purges could not be recorded in ${this.file}: ${(error as Error).message}`)
    }
  }
}

function readRecord(file: string): PurgeRecord {
  try {
    const parsed = JSON.parse(fs.readFileSync(file, "utf8")) as Partial<PurgeRecord>
    return { owed: parsed.owed ?? {}, done: parsed.done ?? {} }
  } catch {
    return { owed: {}, done: {} }
  }
}

/** Waits `ms` (none if not positive), or less if `signal` aborts. */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  if (ms <= 0 || signal.aborted) return Promise.resolve()
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms)
    signal.addEventListener("abort", done, { once: true })
    function done() {
      clearTimeout(timer)
      signal.removeEventListener("abort", done)
      resolve()
    }
  })
}
