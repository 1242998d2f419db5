import fs from "node:fs"
import path from "node:path"

/** Where a data folder keeps its releases (see releases.ts for what each holds). */
export interface ReleasePaths {
  releasesDir: string
  manifestsDir: string
  currentLink: string
}

export function releasePaths(dataDir: string): ReleasePaths {
  return {
    releasesDir: path.join(dataDir, "releases"),
    manifestsDir: path.join(dataDir, "manifests"),
    currentLink: path.join(dataDir, "current"),
  }
}

/** Ids are made here and never contain a path separator; anything else from outside is refused. */
const RELEASE_ID = /^[0-9A-Za-z][0-9A-Za-z._-]*$/

export function isReleaseId(value: string): boolean {
  return RELEASE_ID.test(value) && !value.startsWith(".")
}

/** Sortable by creation time, and says which job made it: `2025-11-23T18-15-00-123Z-job12`. */
export function newReleaseId(jobId: number, now: number): string {
  return `${new Date(now).toISOString().replace(/[:.]/g, "-")}-job${jobId}`
}

/** Every release on disk, oldest first. */
export function listReleases(dataDir: string): string[] {
  const { releasesDir } = releasePaths(dataDir)
  if (!fs.existsSync(releasesDir)) return []
  return fs
    .readdirSync(releasesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && isReleaseId(entry.name))
    .map((entry) => entry.name)
    .sort()
}

/** The id of the live release, or undefined before the first one. One readlink(2). */
export function liveReleaseId(dataDir: string): string | undefined {
  try {
    const target = fs.readlinkSync(releasePaths(dataDir).currentLink)
    return path.basename(target)
  } catch {
    return undefined
  }
}

/** The folder of a release. */
export function releaseFolder(dataDir: string, releaseId: string): string {
  return path.join(releasePaths(dataDir).releasesDir, releaseId)
}

export function manifestFile(dataDir: string, releaseId: string): string {
  return path.join(releasePaths(dataDir).manifestsDir, `${releaseId}.json`)
}
