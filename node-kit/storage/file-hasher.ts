import { createHash } from "node:crypto"
import fs from "node:fs"

/**
 * A file's inode, size, mtime and ctime in one string. Any write to a file
 * changes its ctime (which no program can set back), so an equal stamp means
 * the content is the one hashed before: the file need not be read again, as
 * git's index does.
 */
export function statStamp(stats: fs.Stats): string {
  return `${stats.ino}:${stats.size}:${stats.mtimeMs}:${stats.ctimeMs}`
}

/** sha256 of a file's content, hex. */
export function hashFile(file: string): string {
  return createHash("sha256").update(fs.readFileSync(file)).digest("hex")
}

/** What a hash was taken at: compare `stamp` with the file's next one. */
export interface HashedFile {
  stamp: string
  hash: string
  size: number
}

/**
 * The file's content hash, read again only when its stats changed since
 * `known` was taken. Callers keep `known` in their own records (a release
 * manifest, a build's memo) under their own field names.
 */
export function hashUnlessUnchanged(file: string, known: { stamp: string; hash: string } | undefined): HashedFile {
  const stats = fs.statSync(file)
  const stamp = statStamp(stats)
  const hash = known && known.stamp === stamp ? known.hash : hashFile(file)
  return { stamp, hash, size: stats.size }
}
