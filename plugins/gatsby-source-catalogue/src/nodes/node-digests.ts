import fsSync from "node:fs"
import fs from "node:fs/promises"
import path from "node:path"
import { writeMemoFile } from "../../../../node-kit/storage/memo-file"

/**
 * Each catalogue node's content digest by node id, as the last successful
 * build left it: what lets a build create only the nodes whose content
 * changed.
 *
 * Gatsby keeps the nodes (LMDB, under .cache) and these files (the plugin's
 * cache folder, under .cache too) together, and clears both at once. Node
 * writes reach LMDB as they are made, but Gatsby's own record of which
 * queries a changed node made dirty is saved only later in the build. So a
 * build that stops after writing nodes leaves nodes that Gatsby will find
 * "unchanged" next time, and the pages showing them would never be built
 * again. A marker file says that node writes began and the build has not
 * finished; the next build then checks every node against LMDB and writes
 * again, deleting first, each one the stopped build changed.
 */
export type NodeDigests = Map<string, string>

export interface LastNodeWrites {
  /** The digests of the last successful build; undefined when there are none (a first build, a cleared cache). */
  digests: NodeDigests | undefined
  /** Whether a build began writing nodes since then and did not finish. */
  interrupted: boolean
}

const DIGESTS = "node-digests.json"
const MARKER = "node-writes-unfinished"

export async function readLastNodeWrites(cacheDirectory: string): Promise<LastNodeWrites> {
  const interrupted = await fs.access(path.join(cacheDirectory, MARKER)).then(
    () => true,
    () => false,
  )
  try {
    const entries = JSON.parse(await fs.readFile(path.join(cacheDirectory, DIGESTS), "utf8")) as [string, string][]
    return { digests: new Map(entries), interrupted }
  } catch {
    return { digests: undefined, interrupted }
  }
}

/** Written before the first node write of a build. */
export async function markNodeWritesStarted(cacheDirectory: string): Promise<void> {
  await fs.mkdir(cacheDirectory, { recursive: true })
  await fs.writeFile(path.join(cacheDirectory, MARKER), new Date().toISOString())
}

/** This build's digests, from sourceNodes until the build process ends. */
let pending: { cacheDirectory: string; digests: NodeDigests } | undefined

/**
 * Keeps this build's digests until the build process exits, and commits
 * them then only if it exits with 0. Not in onPostBuild: the site's own
 * onPostBuild runs later and may still fail the build (an SEO check), and
 * Gatsby saves its state after that; digests committed before would call
 * nodes unchanged that Gatsby's saved state has never seen.
 */
export function holdNodeDigests(cacheDirectory: string, digests: NodeDigests): void {
  if (!pending) process.once("exit", (code) => code === 0 && commitQuietly())
  pending = { cacheDirectory, digests }
}

/** An exit handler must not throw; digests not committed only make the next build check every node. */
function commitQuietly(): void {
  try {
    commitHeldNodeDigests()
  } catch {
    pending = undefined
  }
}

/**
 * The end of a successful build: the digests are written (to a temporary
 * file, renamed), then the marker goes. Synchronous: it runs in the
 * process's exit handler.
 */
export function commitHeldNodeDigests(): void {
  if (!pending) return
  const { cacheDirectory, digests } = pending
  writeMemoFile(path.join(cacheDirectory, DIGESTS), [...digests])
  fsSync.rmSync(path.join(cacheDirectory, MARKER), { force: true })
  pending = undefined
}
