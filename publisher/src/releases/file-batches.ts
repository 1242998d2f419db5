import path from "node:path"
import { walkTree, type ListingMemo, type TreeListing } from "../../../node-kit/storage/tree-listing"

/**
 * File system work is done with synchronous calls in batches of this many,
 * yielding to the event loop between batches: the thread pool's promises cost
 * several times as much for a release's many small files (docs/performance.md,
 * "Figures behind the code's choices"), and the site server still answers
 * between batches (a batch is a few milliseconds).
 */
const BATCH = 200
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve))

/** Runs `work` on every item, yielding to the event loop every BATCH items; stops early once `signal` is aborted. */
export async function eachInBatches<T>(items: readonly T[], work: (item: T) => void, signal?: AbortSignal): Promise<void> {
  for (let index = 0; index < items.length; index++) {
    if (index % BATCH === BATCH - 1) {
      await breathe()
      if (signal?.aborted) return
    }
    work(items[index] as T)
  }
}

/**
 * Files below `root`, relative with forward slashes (symbolic links are
 * followed for files only), and the folders holding them, each after its
 * parent; yielding to the event loop every BATCH folders. With the memo of
 * the last listing of the same root, folders whose stats are unchanged are
 * not read again (node-kit/storage/tree-listing.ts); the answer's memo is for the next.
 */
export async function listTree(root: string, memo?: ListingMemo): Promise<TreeListing & { memo: ListingMemo }> {
  const walk = walkTree(root, { memo })
  for (let done = 0; ; done++) {
    if (done % BATCH === BATCH - 1) await breathe()
    const step = walk.next()
    if (step.done) return step.value
  }
}

/** The folders (relative, forward slashes) that hold `files`, each after its parent: what to make before writing them. */
export function foldersOf(files: readonly string[]): string[] {
  const folders = new Set<string>()
  for (const file of files) {
    for (let folder = path.posix.dirname(file); folder !== "." && !folders.has(folder); folder = path.posix.dirname(folder)) folders.add(folder)
  }
  return [...folders].sort((a, b) => a.split("/").length - b.split("/").length)
}
