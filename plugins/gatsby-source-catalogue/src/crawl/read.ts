import type { HttpClient } from "../http/client"
import type { CatalogueState } from "./state"
import type { CataloguePaths } from "../constants"
import { crawlCatalogue } from "./full"
import { applyChanges, readChanges } from "./delta"
import type { CatalogueAnswers } from "../types"

/** Where this build's catalogue came from, for the log and the publisher's status. */
export type ReadKind = { kind: "full"; reason: string } | { kind: "delta"; since: string; changed: number; deleted: number }

export interface CatalogueRead {
  answers: CatalogueAnswers
  /** After a delta read: "type id" of the entities read again or removed. Undefined after a full read. */
  touched?: Set<string>
  /** The changes feed's clock to read from next time; undefined when the backend has no feed. */
  watermark?: string
  read: ReadKind
}

/**
 * Reads the catalogue: only what changed since the last build when the
 * backend has a changes feed and the cache holds the last read of the same
 * API, else all of it.
 */
export async function readCatalogue(args: {
  client: HttpClient
  apiUrl: string
  paths: CataloguePaths
  previous: CatalogueState | undefined
  warn: (message: string) => void
  onProgress: (done: number, total: number) => void
}): Promise<CatalogueRead> {
  const { client, paths, previous, warn } = args
  const delta = previous && previous.apiUrl === args.apiUrl ? await readChanges(client, paths, previous.watermark) : undefined
  if (previous && delta?.changes) {
    const { answers, touched } = await applyChanges(previous.answers, delta.changes, { client, paths, warn })
    const { changed, deleted, now } = delta.changes
    return { answers, touched, watermark: now, read: { kind: "delta", since: previous.watermark, changed: changed.length, deleted: deleted.length } }
  }
  const reason = delta?.fallbackReason ?? (previous ? "the catalogue API changed" : "no earlier read in the cache")
  // The feed's clock before reading: an edit made during the read is then read again next time.
  const watermark = (await readChanges(client, paths, new Date().toISOString())).changes?.now
  const answers = await crawlCatalogue({ client, paths, warn, onProgress: args.onProgress })
  return { answers, watermark, read: { kind: "full", reason } }
}

/** The read in words, for the build log. */
export function describeRead(read: ReadKind): string {
  return read.kind === "delta" ? `delta read of ${read.changed} changed and ${read.deleted} deleted since ${read.since}` : `full read (${read.reason})`
}
