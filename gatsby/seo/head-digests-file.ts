import fs from "node:fs"
import path from "node:path"
import { readMemoFile, writeMemoFile } from "../../node-kit/storage/memo-file"
import type { HeadDigests } from "./page-heads"

/**
 * The head digests of the last build that ended (page-heads.ts), in the
 * site's cache folder, which Gatsby clears with its data layer. createPages
 * takes the file (reads and removes it) before it writes any node, and the
 * digests go back only at the end of onPostBuild: a build stopped or failed
 * in between leaves none, and the next build compares every head node.
 */
const fileIn = (cacheDirectory: string) => path.join(cacheDirectory, "page-head-digests.json")

export function takeHeadDigests(cacheDirectory: string): HeadDigests | undefined {
  const file = fileIn(cacheDirectory)
  const digests = readMemoFile<HeadDigests>(file)
  fs.rmSync(file, { force: true })
  return digests
}

export function keepHeadDigests(cacheDirectory: string, digests: HeadDigests): void {
  writeMemoFile(fileIn(cacheDirectory), digests)
}
