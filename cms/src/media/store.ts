import fs from "node:fs/promises"
import path from "node:path"
import { DEFAULT_MEDIA_LIMITS, JobGate, type MediaLimits } from "./jobs"
import { mediaFile, variantFile, writeVariant, type ResizeRequest } from "./pictures"

/** A picture's file, or a refusal because the server is making as many as it may. */
export type MediaAnswer = { file: string } | { busy: true; retryAfterSeconds: number }

/**
 * The pictures under `/media/`, drawn and resized on request within limits.
 * Concurrent requests for one file share one job (single-flight); jobs run
 * through one JobGate, so a crawler walking every width and format of every
 * picture gets 503s rather than a server that resizes nothing else; and the
 * variants kept are bounded, least recently served removed first.
 *
 * Over the limit a request first waits (a page's pictures arrive together,
 * and the build's client fires several at once: a short wait absorbs that),
 * then is refused with 503 and Retry-After, which the build's client and any
 * CDN in front honour: an unbounded queue would only turn a flood into memory.
 */
export class MediaStore {
  /** Requests taken and jobs run so far, for tests and logs: concurrent requests for one file make one job. */
  readonly counts = { asked: 0, drawn: 0, resized: 0, refused: 0 }
  readonly gate: JobGate
  private readonly inFlight = new Map<string, Promise<string>>()
  /** Variant files on disk, least recently served first (a Map keeps insertion order). */
  private kept: Map<string, true> | undefined
  private scanning: Promise<void> | undefined

  /**
   * @param dir the server's own picture folder: the resized variants, and the drawings unless `drawingsDir` is given.
   * @param drawingsDir where drawn originals are kept. A drawing depends on its name alone, so servers may share
   *   this folder (writes are atomic: pictures.ts), as the test suite's servers do; variants are never shared,
   *   because each server evicts its own.
   */
  constructor(
    readonly dir: string,
    readonly limits: MediaLimits = DEFAULT_MEDIA_LIMITS,
    readonly drawingsDir: string = dir,
  ) {
    this.gate = new JobGate(limits.concurrency, limits.queue)
  }

  /** The drawn original of `name`. */
  original(name: string): Promise<MediaAnswer> {
    this.counts.asked++
    const file = path.join(this.drawingsDir, name)
    return this.once(file, async () => {
      this.counts.drawn++
      return mediaFile(this.drawingsDir, name)
    })
  }

  /** The variant of `name` at `request`'s width and format, drawn from its artwork when not kept. */
  async variant(name: string, request: ResizeRequest): Promise<MediaAnswer> {
    this.counts.asked++
    await (this.scanning ??= this.scanKept())
    const file = variantFile(this.dir, name, request)
    const answer = await this.once(file, async () => {
      this.counts.resized++
      await writeVariant(name, file, request)
      return file
    })
    if ("file" in answer) await this.keep(file)
    return answer
  }

  /**
   * `file` when it is on disk; else the job already making it; else a new
   * job through the gate, which the next requests for `file` join.
   */
  private async once(file: string, make: () => Promise<string>): Promise<MediaAnswer> {
    const running = this.inFlight.get(file)
    if (running) return { file: await running }
    if (await exists(file)) return { file }
    // Checked again: another request may have started the job while this one looked at the disk.
    const started = this.inFlight.get(file) ?? this.gate.tryRun(make)
    if (!started) {
      this.counts.refused++
      return { busy: true, retryAfterSeconds: 1 }
    }
    if (!this.inFlight.has(file)) {
      this.inFlight.set(file, started)
      // Forgotten once settled, success or not: the next request looks at the disk or tries again.
      void started.then(
        () => this.inFlight.delete(file),
        () => this.inFlight.delete(file),
      )
    }
    return { file: await started }
  }

  /**
   * Marks `file` as just served and removes the least recently served
   * variants over the limit. The file just served is the newest, so it
   * outlives the moment between this answer and the route opening it.
   */
  private async keep(file: string): Promise<void> {
    const kept = this.kept!
    kept.delete(file)
    kept.set(file, true)
    const over = kept.size - this.limits.keptVariants
    if (over <= 0) return
    const oldest = [...kept.keys()].slice(0, over)
    for (const old of oldest) kept.delete(old)
    await Promise.all(oldest.map((old) => fs.rm(old, { force: true })))
  }

  /** The variants a previous run left, oldest first by modification time, so the limit counts them too. */
  private async scanKept(): Promise<void> {
    const folder = path.join(this.dir, "resized")
    const names = await fs.readdir(folder).catch(() => [] as string[])
    const files = await Promise.all(
      names
        .filter((name) => !name.endsWith(".tmp"))
        .map(async (name) => {
          const file = path.join(folder, name)
          const stat = await fs.stat(file).catch(() => undefined)
          return { file, time: stat?.mtimeMs ?? 0 }
        }),
    )
    this.kept = new Map(files.sort((a, b) => a.time - b.time).map(({ file }) => [file, true]))
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    await fs.access(file)
    return true
  } catch {
    return false
  }
}
