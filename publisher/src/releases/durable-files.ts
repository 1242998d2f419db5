import { execFile } from "node:child_process"
import { randomBytes } from "node:crypto"
import fs from "node:fs"
import path from "node:path"

/** fsync(2) of a file or folder: its content (or entries) on disk, not only in the page cache. */
export function syncPath(file: string): void {
  const fd = fs.openSync(file, "r")
  try {
    fs.fsyncSync(fd)
  } finally {
    fs.closeSync(fd)
  }
}

/** Makes a rename in `folder` durable. Not every platform can fsync a folder; the rename itself is still atomic. */
export function syncFolder(folder: string): void {
  try {
    syncPath(folder)
  } catch {
    // See above.
  }
}

/** Writes a file whole or not at all: a temporary beside it, fsynced, renamed over it, the folder fsynced. */
export function writeFileDurably(file: string, content: string): void {
  const temporary = `${file}.${process.pid}-${randomBytes(4).toString("hex")}.tmp`
  try {
    fs.writeFileSync(temporary, content)
    syncPath(temporary)
    fs.renameSync(temporary, file)
  } catch (error) {
    fs.rmSync(temporary, { force: true })
    throw error
  }
  syncFolder(path.dirname(file))
}

/**
 * Puts everything written below `root` on disk. One syncfs(2) of its file
 * system (`sync -f`, coreutils) does it in a single journal commit, where an
 * fsync per folder costs a journal commit each (docs/performance.md,
 * "Figures behind the code's choices"). Where `sync -f` is missing, each file and folder is
 * fsynced, deepest first. Async, so the site keeps answering meanwhile.
 */
export async function syncTree(root: string, tree: { files: readonly string[]; folders: readonly string[] }): Promise<void> {
  const synced = await new Promise<boolean>((resolve) => execFile("sync", ["-f", root], (error) => resolve(!error)))
  if (synced) return
  for (const file of tree.files) syncPath(path.join(root, file))
  for (const folder of [...tree.folders].reverse()) syncFolder(path.join(root, folder))
  syncFolder(root)
}
