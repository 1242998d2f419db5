import { randomBytes } from "node:crypto"
import fs from "node:fs"
import path from "node:path"
import { folderSite, type SiteFiles } from "../../../node-kit/http/static-server"
import { syncFolder } from "./durable-files"
import { withKeptAssets } from "./kept-assets"
import { fileOnDisk, holdersOf, manifestSite, readManifest, removeManifest } from "./release-manifest"
import { isReleaseId, listReleases, liveReleaseId, manifestFile, releaseFolder, releasePaths } from "./release-paths"
import { releasesInUse } from "./release-use"

export { createRelease, pageUrlOf, type CreatedRelease } from "./create-release"
export { isReleaseId, listReleases, liveReleaseId, newReleaseId, releasePaths, type ReleasePaths } from "./release-paths"

/**
 * Releases on disk, below the data folder:
 *
 *   releases/<id>/        the files of one release: all of them (the first
 *                         release, or once flattened), or only those new or
 *                         changed since the release it was made from
 *   manifests/<id>.json   every file of that release: size, content hash, and
 *                         which release's folder holds its bytes when not its own
 *   current -> releases/<id>   the live one; replaced by rename(2), which is atomic
 *
 * A release's content never changes once named: its manifest is the whole
 * list of its files, and every file it names in another release's folder
 * is one that release never changes (flattening only adds hard links to a
 * folder, then rewrites the manifest to name them; the bytes of every path
 * stay the same). A release is assembled under releases/.staging-<id>/,
 * every file and folder put on disk, and renamed into place when whole; its
 * manifest is written last (fsynced, renamed into place) and is its
 * completeness marker: a release without its manifest, or with a file
 * missing or of another size than the manifest says (wherever it is held),
 * is not intact. A crash or power loss leaves at most a staging folder or a
 * release without a manifest (both removed at start), never a half release
 * that could go live. Pruning never removes a release whose folder holds a
 * file of a kept one.
 */

/**
 * The live release as the server reads it, resolved now: one readlink of
 * `current` and one stat of its manifest (parsed once per version, kept in
 * memory). A request resolves it once and finds every file of its answer
 * through it, so a switch during the request cannot mix two releases in it.
 * A path it lacks that is content-hashed (served immutable) is looked up,
 * on that miss only, in the other kept releases (kept-assets.ts): what a
 * page of the release before a code deploy still asks for. A live release
 * without a manifest (only before the recovery at start replaces it) is
 * served from its folder as it is.
 */
export function liveSiteFiles(dataDir: string): SiteFiles | undefined {
  const id = liveReleaseId(dataDir)
  if (id === undefined) return undefined
  const manifest = readManifest(dataDir, id)
  if (manifest) return withKeptAssets(dataDir, id, manifestSite(dataDir, id, manifest))
  try {
    return folderSite(fs.realpathSync(releasePaths(dataDir).currentLink))
  } catch {
    return undefined
  }
}

/** When `current` was last replaced: the link is made just before its rename. */
export function liveSinceFromDisk(dataDir: string): number | undefined {
  try {
    return fs.lstatSync(releasePaths(dataDir).currentLink).mtimeMs
  } catch {
    return undefined
  }
}

/**
 * Makes `releaseId` live in one step: a new link beside `current`, renamed
 * over it. rename(2) replaces the old link atomically: a reader sees the old
 * release or the new one, never none.
 */
export function switchRelease(dataDir: string, releaseId: string): void {
  const { releasesDir, currentLink } = releasePaths(dataDir)
  if (!isReleaseId(releaseId) || !fs.statSync(path.join(releasesDir, releaseId), { throwIfNoEntry: false })?.isDirectory()) {
    throw new Error(`There is no release ${releaseId}`)
  }
  const temporary = path.join(dataDir, `.current-${process.pid}-${randomBytes(4).toString("hex")}`)
  // Relative, so the data folder can be moved or mounted elsewhere.
  fs.symlinkSync(path.join("releases", releaseId), temporary)
  try {
    fs.renameSync(temporary, currentLink)
  } catch (error) {
    fs.rmSync(temporary, { force: true })
    throw error
  }
  syncFolder(dataDir)
}

/** The release made just before the live one: what a rollback without an id goes back to. */
export function previousRelease(dataDir: string): string | undefined {
  const releases = listReleases(dataDir)
  const live = liveReleaseId(dataDir)
  const index = live === undefined ? -1 : releases.indexOf(live)
  return index > 0 ? releases[index - 1] : undefined
}

/**
 * Removes all but the newest `keep` releases, never the live one (after a
 * rollback it may be older than those kept), one this process is making or
 * flattening from, nor one whose folder holds files of a release that stays
 * (until the flatten task links them into the kept release's own folder).
 * Answers the removed ids.
 */
export function pruneReleases(dataDir: string, keep: number): string[] {
  const live = liveReleaseId(dataDir)
  const releases = listReleases(dataDir)
  const kept = new Set([...releases.slice(Math.max(0, releases.length - keep)), ...releasesInUse(dataDir)])
  if (live !== undefined) kept.add(live)
  const toVisit = [...kept]
  for (let id = toVisit.pop(); id !== undefined; id = toVisit.pop()) {
    for (const holder of holdersOf(dataDir, id)) {
      if (!kept.has(holder)) {
        kept.add(holder)
        toVisit.push(holder)
      }
    }
  }
  const removed = releases.filter((id) => !kept.has(id))
  for (const id of removed) removeRelease(dataDir, id)
  return removed
}

const REMOVING = ".removing-"
const removeInBackground = (folder: string) => void fs.promises.rm(folder, { recursive: true, force: true }).catch(() => undefined)

/**
 * Takes a release off disk: renamed out of the releases at once, its
 * manifest removed, and its files deleted in the background (a whole site
 * is 36 000 entries: seconds of unlink(2) that must not stop the server
 * answering). What a crash leaves of it is removed at the next start.
 */
function removeRelease(dataDir: string, releaseId: string): void {
  const doomed = path.join(releasePaths(dataDir).releasesDir, `${REMOVING}${releaseId}`)
  try {
    fs.renameSync(releaseFolder(dataDir, releaseId), doomed)
  } catch {
    // Gone already.
  }
  removeManifest(dataDir, releaseId)
  removeInBackground(doomed)
}

/** At start: what a crash may have left half made. */
export function removeLeftovers(dataDir: string): void {
  const { releasesDir, manifestsDir } = releasePaths(dataDir)
  for (const folder of [releasesDir, manifestsDir, dataDir]) fs.mkdirSync(folder, { recursive: true })
  for (const name of fs.readdirSync(releasesDir)) {
    if (name.startsWith(".staging-")) fs.rmSync(path.join(releasesDir, name), { recursive: true, force: true })
    if (name.startsWith(REMOVING)) removeInBackground(path.join(releasesDir, name))
  }
  for (const name of fs.readdirSync(dataDir)) {
    if (name.startsWith(".current-")) fs.rmSync(path.join(dataDir, name), { force: true })
  }
  const live = liveReleaseId(dataDir)
  const releases = new Set(listReleases(dataDir))
  for (const name of fs.readdirSync(manifestsDir)) {
    if (!releases.has(name.replace(/\.json$/, ""))) fs.rmSync(path.join(manifestsDir, name), { force: true })
  }
  // Renamed into place but stopped before its manifest (the marker) was written: never live, never whole.
  for (const id of releases) {
    if (id !== live && !fs.existsSync(manifestFile(dataDir, id))) removeRelease(dataDir, id)
  }
}

/**
 * Whether a release can be served as made: its folder, its manifest (the
 * marker written last), and every file the manifest lists, in the folder
 * holding it, with the size it had. One stat per file: 25 000 files take
 * well under a second.
 */
export function isIntactRelease(dataDir: string, releaseId: string): boolean {
  if (!isReleaseId(releaseId)) return false
  const manifest = readManifest(dataDir, releaseId)
  if (!manifest || !fs.statSync(releaseFolder(dataDir, releaseId), { throwIfNoEntry: false })?.isDirectory()) return false
  return Object.entries(manifest.files).every(([file, entry]) => fs.statSync(fileOnDisk(dataDir, releaseId, file, entry), { throwIfNoEntry: false })?.size === entry.size)
}

export interface Recovery {
  /** The release `current` named, missing or not intact ("" when the link itself was unreadable). */
  broken: string
  /** The newest intact release, now live; undefined when none was left (`current` was removed). */
  restored: string | undefined
}

/**
 * At start, before serving: makes sure `current` names an intact release.
 * After a power loss it can name a release that is gone or half on disk;
 * then the newest intact release goes live (or, with none, the link goes and
 * the publisher builds as on its first start) and the broken one is removed.
 * Undefined when nothing was wrong.
 */
export function recoverLiveRelease(dataDir: string): Recovery | undefined {
  const { currentLink } = releasePaths(dataDir)
  if (!fs.lstatSync(currentLink, { throwIfNoEntry: false })) return undefined
  const live = liveReleaseId(dataDir) ?? ""
  if (live && isIntactRelease(dataDir, live)) return undefined

  const restored = listReleases(dataDir)
    .filter((id) => id !== live)
    .reverse()
    .find((id) => isIntactRelease(dataDir, id))
  if (restored) switchRelease(dataDir, restored)
  else {
    fs.rmSync(currentLink, { force: true })
    syncFolder(dataDir)
  }
  if (isReleaseId(live)) removeRelease(dataDir, live)
  return { broken: live, restored }
}
