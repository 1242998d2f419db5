import fs from "node:fs"
import path from "node:path"

/** Files below a root, relative with forward slashes, sorted; and the folders holding them, each after its parent. */
export interface TreeListing {
  files: string[]
  folders: string[]
}

/** What a folder held when it was read, with its stats then (inode, mtime, ctime). */
interface FolderEntries {
  stamp: string
  files: string[]
  folders: string[]
}

/** Each folder's entries by relative path ("" the root), as a listing read them: hand it to the next listing of the same root. */
export type ListingMemo = Record<string, FolderEntries>

/**
 * File system timestamps advance by a clock tick (a few milliseconds), so a
 * folder changed again within the tick it was read in keeps its stats. A
 * folder whose ctime is this close to its reading is read again next time,
 * as git's index treats "racily clean" entries.
 */
const RACY_MS = 1000

const folderStamp = (stats: fs.Stats) => `${stats.ino}:${stats.mtimeMs}:${stats.ctimeMs}`

export interface ListingOptions {
  /** The last listing's memo of this root: a folder whose stats are unchanged is not read again. */
  memo?: ListingMemo
  /** Top-level folders left out, with all they hold. */
  skipTop?: ReadonlySet<string>
}

/**
 * Walks `root`, one step per folder (a generator, so a caller that serves
 * requests can yield between steps; listTree and listTreeSync below). A
 * folder gains or loses an entry only by a change of its own mtime and
 * ctime, so one whose stats the memo records is taken from the memo, at the
 * cost of a stat instead of reading it: most of a large build's folders (a
 * page each) are untouched by an edit. Symbolic links are followed for
 * files only; a folder holding one is always read, as its target can change
 * without the folder. Returns the listing and the memo for the next one.
 */
export function* walkTree(root: string, options: ListingOptions = {}): Generator<void, TreeListing & { memo: ListingMemo }> {
  const memo: ListingMemo = {}
  const files: string[] = []
  const folders: string[] = []
  const toRead = [""]
  while (toRead.length > 0) {
    const relative = toRead.pop() as string
    const entries = folderEntries(root, relative, options.memo?.[relative])
    if (entries.stamp) memo[relative] = entries
    for (const name of entries.files) files.push(relative ? `${relative}/${name}` : name)
    for (const name of entries.folders) {
      if (!relative && options.skipTop?.has(name)) continue
      const child = relative ? `${relative}/${name}` : name
      folders.push(child)
      toRead.push(child)
    }
    yield
  }
  return { files: files.sort(), folders, memo }
}

/** A folder's files and subfolders, from `known` when its stats are those recorded; `stamp` empty when the next listing must read it. */
function folderEntries(root: string, relative: string, known: FolderEntries | undefined): FolderEntries {
  const full = path.join(root, relative)
  const stats = fs.statSync(full)
  const stamp = folderStamp(stats)
  if (known && known.stamp === stamp) return known
  const readAt = Date.now()
  const entries: FolderEntries = { stamp: readAt - stats.ctimeMs > RACY_MS ? stamp : "", files: [], folders: [] }
  for (const entry of fs.readdirSync(full, { withFileTypes: true })) {
    if (entry.isDirectory()) entries.folders.push(entry.name)
    else if (entry.isFile()) entries.files.push(entry.name)
    else if (entry.isSymbolicLink()) {
      entries.stamp = ""
      if (fs.statSync(path.join(full, entry.name), { throwIfNoEntry: false })?.isFile()) entries.files.push(entry.name)
    }
  }
  return entries
}

/** walkTree at once. */
export function listTreeSync(root: string, options?: ListingOptions): TreeListing & { memo: ListingMemo } {
  const walk = walkTree(root, options)
  for (;;) {
    const step = walk.next()
    if (step.done) return step.value
  }
}
