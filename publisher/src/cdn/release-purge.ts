import { edgeKeyOfFile } from "./edge-cache"
import { cacheControlFor, IMMUTABLE, isBuildOnlyFile } from "../../../node-kit/http/static-server"
import type { PurgeRequest } from "./purge-request"

/**
 * More keys than this in one release (a category renamed across thousands
 * of pages) purge everything in one request instead: cheaper for the CDN
 * and the API than thousands of keys, and the edge refills from the origin.
 */
export const MOST_KEYS = 1000

/** Everything the CDN holds for the site. */
export const EVERYTHING: PurgeRequest = Object.freeze({ keys: [], paths: [], all: true })

/** What a release changed, file by file (releases/create-release.ts). */
export interface ReleaseChange {
  /** Build paths the new release added, changed or removed; null for a first release (nothing to compare). */
  changedFiles: readonly string[] | null
}

/** Webpack's compilation hash lives here: when it changes, every page names new scripts (a code deploy). */
const APP_DATA = "page-data/app-data.json"

/**
 * What the CDN must forget after a release: the URL path of each file it
 * changed that a CDN keeps until purged. Content-hashed files never change
 * under their URL and build-only files are never served, so neither is
 * named. A code deploy (app-data.json changed), a first release, or a change
 * bigger than MOST_KEYS purges everything.
 */
export function purgeRequestFor(change: ReleaseChange): PurgeRequest {
  if (change.changedFiles === null || change.changedFiles.includes(APP_DATA)) return EVERYTHING
  const keys = [...new Set(change.changedFiles.filter((file) => cacheControlFor(file) !== IMMUTABLE && !isBuildOnlyFile(file)).map(edgeKeyOfFile))].sort()
  if (keys.length > MOST_KEYS) return EVERYTHING
  return { keys, paths: keys, all: false }
}

/** Two requests as one: what is still owed to a CDN, and a newer release's. */
export function mergePurges(a: PurgeRequest, b: PurgeRequest): PurgeRequest {
  if (a.all || b.all) return EVERYTHING
  const keys = [...new Set([...a.keys, ...b.keys])].sort()
  return keys.length > MOST_KEYS ? EVERYTHING : { keys, paths: keys, all: false }
}
