import fs from "node:fs/promises"
import path from "node:path"

/**
 * Each catalogue node's content digest as Gatsby holds it, by node id: what
 * lets a build create only the nodes whose content changed.
 *
 * Gatsby keeps the nodes (LMDB, under .cache) and this file (the plugin's
 * cache folder, under .cache too) together, and clears both at once. The
 * file is taken away as a build starts to write nodes and written again
 * only once the build has succeeded, so a build that fails or is stopped
 * halfway (its node writes may be partly done) leaves none: the next build
 * creates every node again, as a first build does.
 */
export type NodeDigests = Map<string, string>

const FILE = "node-digests.json"

/** The last successful build's digests, removed from disk; undefined when there are none. */
export async function takeNodeDigests(cacheDirectory: string): Promise<NodeDigests | undefined> {
  const file = path.join(cacheDirectory, FILE)
  try {
    const entries = JSON.parse(await fs.readFile(file, "utf8")) as [string, string][]
    await fs.rm(file, { force: true })
    return new Map(entries)
  } catch {
    await fs.rm(file, { force: true })
    return undefined
  }
}

/** Written to a temporary file and renamed: a reader finds the whole map or none. */
export async function saveNodeDigests(cacheDirectory: string, digests: NodeDigests): Promise<void> {
  await fs.mkdir(cacheDirectory, { recursive: true })
  const target = path.join(cacheDirectory, FILE)
  const temporary = `${target}.${process.pid}.tmp`
  await fs.writeFile(temporary, JSON.stringify([...digests]))
  await fs.rename(temporary, target)
}

/** This build's digests, from sourceNodes until onPostBuild writes them. */
let pending: { cacheDirectory: string; digests: NodeDigests } | undefined

/** Keeps this build's digests until the build has succeeded. */
export function holdNodeDigests(cacheDirectory: string, digests: NodeDigests): void {
  pending = { cacheDirectory, digests }
}

/** Called at the end of a successful build (onPostBuild): the next build may trust them. */
export async function saveHeldNodeDigests(): Promise<void> {
  if (!pending) return
  await saveNodeDigests(pending.cacheDirectory, pending.digests)
  pending = undefined
}
