/**
 * What this process is doing with releases, so that its tasks do not undo
 * each other: the releases a release being made or flattened reads from
 * (pruning leaves them, though no manifest names them yet), and a signal
 * when a release was made that holds only what changed (the flatten task
 * waits for it). Keyed by data folder: tests run several publishers in one
 * process.
 */
const inUse = new Map<string, Map<string, number>>()
const listeners = new Map<string, Set<() => void>>()

/** Marks `releaseIds` in use until the answered function is called. */
export function useReleases(dataDir: string, releaseIds: readonly string[]): () => void {
  const counts = inUse.get(dataDir) ?? new Map<string, number>()
  inUse.set(dataDir, counts)
  for (const id of releaseIds) counts.set(id, (counts.get(id) ?? 0) + 1)
  let done = false
  return () => {
    if (done) return
    done = true
    for (const id of releaseIds) {
      const left = (counts.get(id) ?? 1) - 1
      if (left > 0) counts.set(id, left)
      else counts.delete(id)
    }
  }
}

export function releasesInUse(dataDir: string): string[] {
  return [...(inUse.get(dataDir)?.keys() ?? [])]
}

/** Calls `listener` after each release made in `dataDir` that names other releases' files. */
export function onPartialRelease(dataDir: string, listener: () => void): () => void {
  const set = listeners.get(dataDir) ?? new Set()
  listeners.set(dataDir, set)
  set.add(listener)
  return () => set.delete(listener)
}

export function announcePartialRelease(dataDir: string): void {
  for (const listener of listeners.get(dataDir) ?? []) listener()
}
