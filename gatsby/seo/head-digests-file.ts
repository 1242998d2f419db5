import fs from "node:fs"
import path from "node:path"
import { readMemoFile, writeMemoFile } from "../../node-kit/storage/memo-file"
import { HEAD_NODE_IDS, type HeadDigests } from "./page-heads"

/**
 * The head digests of the last build that ended (page-heads.ts), in the
 * site's cache folder, which Gatsby clears with its data layer. createPages
 * takes the file (reads and removes it) before it writes any node, and the
 * digests go back only at the end of onPostBuild: a build stopped or failed
 * in between leaves none, and the next build compares every head node.
 * The file names how the nodes were named (HEAD_NODE_IDS): digests of nodes
 * named another way are none, as after a stopped build.
 */
const fileIn = (cacheDirectory: string) => path.join(cacheDirectory, "page-head-digests.json")

interface DigestsFile {
  nodeIds: string
  digests: HeadDigests
}

export function takeHeadDigests(cacheDirectory: string): HeadDigests | undefined {
  const file = fileIn(cacheDirectory)
  const kept = readMemoFile<Partial<DigestsFile>>(file)
  fs.rmSync(file, { force: true })
  return kept?.nodeIds === HEAD_NODE_IDS && typeof kept.digests === "object" && kept.digests !== null ? kept.digests : undefined
}

export function keepHeadDigests(cacheDirectory: string, digests: HeadDigests): void {
  writeMemoFile(fileIn(cacheDirectory), { nodeIds: HEAD_NODE_IDS, digests } satisfies DigestsFile)
}
