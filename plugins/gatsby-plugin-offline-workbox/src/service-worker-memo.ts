import { createHash } from "node:crypto"
import fs from "node:fs"
import path from "node:path"
import type { GenerateSWOptions } from "workbox-build"
import { readMemoFile } from "../../../node-kit/storage/memo-file"

/** What generateSW said of the worker it wrote, kept for the log line of a build that reuses it. */
export interface WorkerSummary {
  count: number
  size: number
}

interface Memo extends WorkerSummary {
  key: string
}

/** Functions are written into sw.js as their source text, so their source is part of what the worker is. */
const withFunctionSource = (_key: string, value: unknown) => (typeof value === "function" ? `function:${value.toString()}` : value)

/**
 * Everything sw.js is made from: workbox's version, the options (the
 * runtime-caching functions by their source) and every precached file's
 * bytes. Equal keys make byte-identical workers.
 */
export function serviceWorkerKey(options: GenerateSWOptions, precachedFiles: string[], workboxVersion: string): string {
  const hash = createHash("sha256").update(workboxVersion).update("\0").update(JSON.stringify(options, withFunctionSource))
  for (const file of [...precachedFiles].sort()) hash.update("\0").update(path.basename(file)).update("\0").update(fs.readFileSync(file))
  return hash.digest("hex")
}

/**
 * Writes sw.js only when what it is made from changed. generateSW bundles
 * the worker with rollup and terser on every call: 2.4 s of CPU in each
 * publish, for a file that a content edit never changes (it precaches the
 * offline page only). The last worker and its key are kept in `memoDir`
 * (the plugin's Gatsby cache, cleared with it); a reused worker is copied
 * back when public/ lacks it or holds another.
 */
export async function writeServiceWorker(
  options: GenerateSWOptions & { swDest: string },
  key: string,
  memoDir: string,
  generate: (options: GenerateSWOptions) => Promise<WorkerSummary & { warnings: string[] }>,
): Promise<WorkerSummary & { warnings: string[]; reused: boolean }> {
  const memoFile = path.join(memoDir, "service-worker-memo.json")
  const keptWorker = path.join(memoDir, "sw.js")
  const memo = readMemoFile<Memo>(memoFile)
  if (memo?.key === key && fs.existsSync(keptWorker)) {
    const kept = fs.readFileSync(keptWorker)
    const current = fs.existsSync(options.swDest) ? fs.readFileSync(options.swDest) : undefined
    if (!current?.equals(kept)) fs.writeFileSync(options.swDest, kept)
    return { count: memo.count, size: memo.size, warnings: [], reused: true }
  }
  // Gone before the kept worker is replaced: a stop halfway leaves no memo, never one naming another worker.
  fs.rmSync(memoFile, { force: true })
  const result = await generate(options)
  fs.mkdirSync(memoDir, { recursive: true })
  fs.copyFileSync(options.swDest, keptWorker)
  // Written last: a memo names a kept worker only once that worker is whole.
  fs.writeFileSync(memoFile, JSON.stringify({ key, count: result.count, size: result.size } satisfies Memo))
  return { count: result.count, size: result.size, warnings: result.warnings, reused: false }
}
