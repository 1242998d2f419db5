import fs from "node:fs"
import path from "node:path"
import type { Logger } from "../../../node-kit/process/logger"
import { syncTree } from "./durable-files"
import { eachInBatches, foldersOf } from "./file-batches"
import { fileOnDisk, holdersIn, readManifest, writeManifest, type Manifest } from "./release-manifest"
import { listReleases, liveReleaseId, manifestFile, releaseFolder } from "./release-paths"
import { onPartialRelease, useReleases } from "./release-use"

/** One flatten at a time in a process: two would link the same files. */
let flattening: Promise<unknown> = Promise.resolve()

/** A hard link at `to` to `from`, replacing what an interrupted flatten left there; a copy where a link cannot be made. */
function linkInto(from: string, to: string): void {
  try {
    fs.linkSync(from, to)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") {
      fs.copyFileSync(from, to)
      return
    }
    // Left by a flatten that was cut short: the same file, or one no manifest names here yet (nobody reads it).
    const [source, there] = [fs.statSync(from), fs.statSync(to)]
    if (source.ino === there.ino && source.dev === there.dev) return
    fs.rmSync(to, { force: true })
    fs.linkSync(from, to)
  }
}

async function linkHeldFiles(dataDir: string, releaseId: string, manifest: Manifest, signal?: AbortSignal): Promise<number | undefined> {
  const root = releaseFolder(dataDir, releaseId)
  const held = Object.entries(manifest.files).filter(([, entry]) => entry.in !== undefined && entry.in !== releaseId)
  const files = held.map(([file]) => file)
  const folders = foldersOf(files)
  await eachInBatches(folders, (folder) => fs.mkdirSync(path.join(root, folder), { recursive: true }), signal)
  await eachInBatches(held, ([file, entry]) => linkInto(fileOnDisk(dataDir, releaseId, file, entry), path.join(root, file)), signal)
  if (signal?.aborted) return undefined
  await syncTree(root, { files, folders })
  return held.length
}

/**
 * Makes a release's folder hold every file of it: hard links to the files
 * its manifest names in other releases' folders, put on disk, and then the
 * manifest rewritten (durably, renamed into place) to name its own folder
 * for all of them. What each path of the release serves never changes: a
 * reader that resolved the old manifest reads the same bytes where they
 * were, which stay until the next prune, which now finds nothing of this
 * release in them. Interrupted (a crash, `signal`), it leaves links no
 * manifest names, which the next flatten replaces. Answers the links made,
 * or undefined when there was nothing to do.
 */
export function flattenRelease(dataDir: string, releaseId: string, signal?: AbortSignal): Promise<number | undefined> {
  const run = async () => {
    const manifest = readManifest(dataDir, releaseId)
    if (!manifest || holdersIn(releaseId, manifest).length === 0 || signal?.aborted) return undefined
    const done = useReleases(dataDir, [releaseId, ...holdersIn(releaseId, manifest)])
    try {
      const linked = await linkHeldFiles(dataDir, releaseId, manifest, signal)
      // Pruned meanwhile (it was older than those kept): nothing to rewrite.
      if (linked === undefined || !fs.existsSync(manifestFile(dataDir, releaseId))) return undefined
      const files = Object.fromEntries(Object.entries(manifest.files).map(([file, { size, hash, source }]) => [file, { size, hash, source }]))
      writeManifest(dataDir, releaseId, { ...manifest, files })
      return linked
    } finally {
      done()
    }
  }
  const result = flattening.then(run, run)
  flattening = result.catch(() => undefined)
  return result
}

/** Flattens the newest `keep` releases and the live one, newest first (the live one's folder first, often); answers those flattened. */
export async function flattenReleases(dataDir: string, options: { keep: number; signal?: AbortSignal }): Promise<string[]> {
  const releases = listReleases(dataDir)
  const live = liveReleaseId(dataDir)
  const kept = new Set(releases.slice(Math.max(0, releases.length - options.keep)))
  if (live !== undefined && releases.includes(live)) kept.add(live)
  const flattened: string[] = []
  for (const id of [...kept].sort().reverse()) {
    if (options.signal?.aborted) break
    if ((await flattenRelease(dataDir, id, options.signal)) !== undefined) flattened.push(id)
  }
  return flattened
}

/** How long the flatten task waits for a build to end before it looks again. */
const RETRY_MS = 1000

/**
 * The flatten task: after each release that names other releases' files
 * (and once at start, for what a restart interrupted), once no build runs
 * or waits, flattens the kept releases and then prunes (`prune`), which
 * can now remove the releases nothing kept names any more. Off the edit's
 * path: the release is live before any of this.
 */
export function startFlattening(deps: { dataDir: string; keep: number; canRun: () => boolean; prune: () => string[]; log: Logger }): { stop(): void } {
  const { dataDir, keep, canRun, prune, log } = deps
  const controller = new AbortController()
  let wanted = true
  let running = false
  let timer: NodeJS.Timeout | undefined
  const schedule = (delayMs: number) => {
    if (timer || controller.signal.aborted) return
    timer = setTimeout(() => void run(), delayMs)
    timer.unref()
  }
  const run = async () => {
    timer = undefined
    if (running || !wanted || controller.signal.aborted) return
    if (!canRun()) return schedule(RETRY_MS)
    running = true
    wanted = false
    // A build that starts meanwhile gets the machine: this run stops between two batches, and the next one goes on from there.
    const thisRun = new AbortController()
    const watch = setInterval(() => (controller.signal.aborted || !canRun()) && thisRun.abort(), 100)
    try {
      const flattened = await flattenReleases(dataDir, { keep, signal: thisRun.signal })
      if (flattened.length > 0 && !controller.signal.aborted) {
        const removed = prune()
        log.info(`Flattened release(s) ${flattened.join(", ")}${removed.length > 0 ? `; pruned ${removed.join(", ")}` : ""}`)
      }
    } catch (error) {
      if (!controller.signal.aborted) log.warn(`Flattening releases failed: ${(error as Error).message}`)
    } finally {
      clearInterval(watch)
      running = false
      if (thisRun.signal.aborted) wanted = true
      if (wanted) schedule(thisRun.signal.aborted ? RETRY_MS : 0)
    }
  }
  const unsubscribe = onPartialRelease(dataDir, () => {
    wanted = true
    schedule(0)
  })
  schedule(0)
  return {
    stop() {
      controller.abort()
      unsubscribe()
      if (timer) clearTimeout(timer)
    },
  }
}
