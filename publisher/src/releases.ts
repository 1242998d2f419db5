import { randomBytes } from "node:crypto"
import fs from "node:fs"
import path from "node:path"
import { hashUnlessUnchanged } from "../../node-kit/file-hasher"
import { syncFolder, syncTree, writeFileDurably } from "./durable-files"

/**
 * Releases on disk, below the data folder:
 *
 *   releases/<id>/        one finished site each, never changed once named
 *   manifests/<id>.json   size and content hash of every file of that release
 *   current -> releases/<id>   the live one; replaced by rename(2), which is atomic
 *
 * A release is assembled under releases/.staging-<id>/, every file and
 * folder fsynced, and renamed into place when whole; its manifest is
 * written last (fsynced, renamed into place) and is its completeness
 * marker: a release folder without its manifest, or with a file missing or
 * of another size than the manifest says, is not intact. A crash or power
 * loss leaves at most a staging folder or a release without a manifest
 * (both removed at start), never a half release that could go live.
 */
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

/** The id of the live release, or undefined before the first one. */
export function liveReleaseId(dataDir: string): string | undefined {
  try {
    const target = fs.readlinkSync(releasePaths(dataDir).currentLink)
    return path.basename(target)
  } catch {
    return undefined
  }
}

/**
 * The live release's folder, resolved now. A request resolves it once and
 * reads every file below the answer, so a switch during the request cannot
 * mix two releases in it.
 */
export function liveReleaseRoot(dataDir: string): string | undefined {
  try {
    return fs.realpathSync(releasePaths(dataDir).currentLink)
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
 * rollback it may be older than those kept). Answers the removed ids.
 */
export function pruneReleases(dataDir: string, keep: number): string[] {
  const { releasesDir, manifestsDir } = releasePaths(dataDir)
  const live = liveReleaseId(dataDir)
  const releases = listReleases(dataDir)
  const removed = releases.slice(0, Math.max(0, releases.length - keep)).filter((id) => id !== live)
  for (const id of removed) {
    fs.rmSync(path.join(releasesDir, id), { recursive: true, force: true })
    fs.rmSync(path.join(manifestsDir, `${id}.json`), { force: true })
  }
  return removed
}

/** At start: what a crash may have left half made. */
export function removeLeftovers(dataDir: string): void {
  const { releasesDir, manifestsDir } = releasePaths(dataDir)
  for (const folder of [releasesDir, manifestsDir, dataDir]) fs.mkdirSync(folder, { recursive: true })
  for (const name of fs.readdirSync(releasesDir)) {
    if (name.startsWith(".staging-")) fs.rmSync(path.join(releasesDir, name), { recursive: true, force: true })
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
    if (id !== live && !fs.existsSync(manifestFile(dataDir, id))) fs.rmSync(path.join(releasesDir, id), { recursive: true, force: true })
  }
}

function manifestFile(dataDir: string, releaseId: string): string {
  return path.join(releasePaths(dataDir).manifestsDir, `${releaseId}.json`)
}

interface ManifestEntry {
  size: number
  /** sha256 of the content, hex. */
  hash: string
  /**
   * The workspace file's stats when it was hashed (the kit's statStamp):
   * equal stats mean the content is the one hashed, so the next release
   * skips reading every file Gatsby left alone.
   */
  source: string
}

interface Manifest {
  files: Record<string, ManifestEntry>
}

function readManifest(dataDir: string, releaseId: string | undefined): Manifest | undefined {
  if (!releaseId) return undefined
  try {
    const manifest = JSON.parse(fs.readFileSync(manifestFile(dataDir, releaseId), "utf8")) as Manifest
    return typeof manifest?.files === "object" && manifest.files !== null ? manifest : undefined
  } catch {
    return undefined
  }
}

/**
 * Whether a release can be served as made: its folder, its manifest (the
 * marker written last), and every file the manifest lists there with the
 * size it had. One stat per file: 25 000 files take well under a second.
 */
export function isIntactRelease(dataDir: string, releaseId: string): boolean {
  if (!isReleaseId(releaseId)) return false
  const root = path.join(releasePaths(dataDir).releasesDir, releaseId)
  const manifest = readManifest(dataDir, releaseId)
  if (!manifest || !fs.statSync(root, { throwIfNoEntry: false })?.isDirectory()) return false
  return Object.entries(manifest.files).every(([file, entry]) => fs.statSync(path.join(root, file), { throwIfNoEntry: false })?.size === entry.size)
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
  const { currentLink, releasesDir, manifestsDir } = releasePaths(dataDir)
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
  if (isReleaseId(live)) {
    fs.rmSync(path.join(releasesDir, live), { recursive: true, force: true })
    fs.rmSync(path.join(manifestsDir, `${live}.json`), { force: true })
  }
  return { broken: live, restored }
}

/**
 * File system work is done with synchronous calls in batches of this many,
 * yielding to the event loop between batches: a release of 25 000 files took
 * 5.2 s through the thread pool's promises and well under a second this way,
 * while the site server still answers between batches (a batch is a few ms).
 */
const BATCH = 200
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve))

/**
 * Files below `root`, relative with forward slashes (symbolic links are
 * followed for files only), and the folders holding them, each after its parent.
 */
async function listTree(root: string): Promise<{ files: string[]; folders: string[] }> {
  const files: string[] = []
  const folders: string[] = []
  const toRead = [""]
  for (let done = 0; toRead.length > 0; done++) {
    if (done % BATCH === BATCH - 1) await breathe()
    const relative = toRead.pop() as string
    for (const entry of fs.readdirSync(path.join(root, relative), { withFileTypes: true })) {
      const child = relative ? `${relative}/${entry.name}` : entry.name
      if (entry.isDirectory()) {
        folders.push(child)
        toRead.push(child)
      } else if (entry.isFile()) files.push(child)
      else if (entry.isSymbolicLink() && fs.statSync(path.join(root, child), { throwIfNoEntry: false })?.isFile()) files.push(child)
    }
  }
  return { files: files.sort(), folders }
}

/** Runs `work` on every item, yielding to the event loop every BATCH items. */
async function eachInBatches<T>(items: readonly T[], work: (item: T) => void): Promise<void> {
  for (let index = 0; index < items.length; index++) {
    if (index % BATCH === BATCH - 1) await breathe()
    work(items[index] as T)
  }
}

/** The URL of a page's HTML file: `series/1/index.html` -> `/series/1/`; null for slices and other fragments. */
export function pageUrlOf(relativeFile: string): string | null {
  if (!relativeFile.endsWith(".html") || relativeFile.startsWith("_gatsby/")) return null
  if (relativeFile === "index.html") return "/"
  if (relativeFile.endsWith("/index.html")) return `/${relativeFile.slice(0, -"index.html".length)}`
  return `/${relativeFile}`
}

export interface CreatedRelease {
  /** The new release; when `unchanged`, the live one, which stays. */
  releaseId: string
  /** True when the build's output is the live release's, file for file: no release was made. */
  unchanged: boolean
  /** Pages whose HTML is new or different from the live release's. */
  changedUrls: string[]
  /** Pages the live release had and this one has not. */
  removedUrls: string[]
  files: number
  /** Files hard-linked to the live release's copy (unchanged content). */
  linked: number
  copied: number
}

interface LiveRelease {
  id: string
  root: string
  manifest: Manifest
  /** A file of the live release for each content hash, to link moved content. */
  byHash: Map<string, string>
}

function liveRelease(dataDir: string): LiveRelease | undefined {
  const id = liveReleaseId(dataDir)
  const root = liveReleaseRoot(dataDir)
  const manifest = root ? readManifest(dataDir, id) : undefined
  if (!id || !root || !manifest) return undefined
  const byHash = new Map<string, string>()
  for (const [file, entry] of Object.entries(manifest.files)) {
    if (!byHash.has(entry.hash)) byHash.set(entry.hash, file)
  }
  return { id, root, manifest, byHash }
}

/** Size and sha256 of every file of `publicDir`, each read only if its stats differ from the live release's record. */
async function manifestOf(publicDir: string, files: readonly string[], live: LiveRelease | undefined): Promise<Manifest> {
  const manifest: Manifest = { files: {} }
  await eachInBatches(files, (file) => {
    const known = live?.manifest.files[file]
    const { stamp: source, hash, size } = hashUnlessUnchanged(path.join(publicDir, file), known && { stamp: known.source, hash: known.hash })
    manifest.files[file] = { size, hash, source }
  })
  return manifest
}

/** The same paths with the same content: a release of it would be the live one again. */
function sameFiles(a: Manifest, b: Manifest): boolean {
  const names = Object.keys(a.files)
  if (names.length !== Object.keys(b.files).length) return false
  return names.every((file) => a.files[file]?.hash === b.files[file]?.hash && a.files[file]?.size === b.files[file]?.size)
}

/**
 * Fills `staging` from `publicDir`: unchanged content is a hard link to the
 * live release's file (at the same path, else anywhere: a moved file),
 * other content a copy; then all of it is put on disk (syncTree).
 */
async function stageRelease(staging: string, publicDir: string, tree: { files: string[]; folders: string[] }, manifest: Manifest, live: LiveRelease | undefined) {
  let linked = 0
  let copied = 0
  // Parents first, one call each: a recursive mkdir per file cost a second for 11 000 page folders.
  await eachInBatches(tree.folders, (folder) => fs.mkdirSync(path.join(staging, folder)))
  await eachInBatches(tree.files, (file) => {
    const to = path.join(staging, file)
    const { hash, size } = manifest.files[file] as ManifestEntry
    const same = live?.manifest.files[file]?.hash === hash ? file : live?.byHash.get(hash)
    if (same !== undefined && live && live.manifest.files[same]?.size === size) {
      try {
        fs.linkSync(path.join(live.root, same), to)
        linked++
        return
      } catch {
        // Another file system, a link limit, a pruned file: a copy does as well.
      }
    }
    fs.copyFileSync(path.join(publicDir, file), to)
    copied++
  })
  await syncTree(staging, tree)
  return { linked, copied }
}

/**
 * Makes an immutable release from a finished build's `public/`, unless its
 * files are the live release's, path for path and byte for byte: then no
 * release is made (`unchanged`), so the kept releases are real changes a
 * rollback can go back through. Each file is compared (size and sha256)
 * with the live release: unchanged content is a hard link to the live
 * release's file, changed or new content is copied. Copied, never linked to
 * `public/` itself: the next build rewrites files there in place, which
 * would change a release under visitors' feet. Everything is fsynced before
 * the rename that names the release, and its manifest (the completeness
 * marker) after it. In batches with the event loop free between them, so
 * the server keeps answering.
 */
export async function createRelease(options: { dataDir: string; publicDir: string; releaseId: string }): Promise<CreatedRelease> {
  const { dataDir, publicDir, releaseId } = options
  const { releasesDir } = releasePaths(dataDir)
  if (!isReleaseId(releaseId)) throw new Error(`Not a release id: ${releaseId}`)
  const finalDir = path.join(releasesDir, releaseId)
  if (fs.existsSync(finalDir)) throw new Error(`Release ${releaseId} exists already`)

  const live = liveRelease(dataDir)
  const tree = await listTree(publicDir)
  const manifest = await manifestOf(publicDir, tree.files, live)
  if (live && sameFiles(manifest, live.manifest)) {
    return { releaseId: live.id, unchanged: true, changedUrls: [], removedUrls: [], files: tree.files.length, linked: 0, copied: 0 }
  }

  const staging = path.join(releasesDir, `.staging-${releaseId}`)
  fs.rmSync(staging, { recursive: true, force: true })
  fs.mkdirSync(staging, { recursive: true })
  let counts: { linked: number; copied: number }
  try {
    counts = await stageRelease(staging, publicDir, tree, manifest, live)
    fs.renameSync(staging, finalDir)
    syncFolder(releasesDir)
    writeFileDurably(manifestFile(dataDir, releaseId), JSON.stringify(manifest))
  } catch (error) {
    fs.rmSync(staging, { recursive: true, force: true })
    fs.rmSync(finalDir, { recursive: true, force: true })
    fs.rmSync(manifestFile(dataDir, releaseId), { force: true })
    throw error
  }

  const changedUrls: string[] = []
  const removedUrls: string[] = []
  for (const [file, entry] of Object.entries(manifest.files)) {
    const url = pageUrlOf(file)
    if (url !== null && live?.manifest.files[file]?.hash !== entry.hash) changedUrls.push(url)
  }
  for (const file of Object.keys(live?.manifest.files ?? {})) {
    const url = pageUrlOf(file)
    if (url !== null && !(file in manifest.files)) removedUrls.push(url)
  }
  return { releaseId, unchanged: false, changedUrls: changedUrls.sort(), removedUrls: removedUrls.sort(), files: tree.files.length, ...counts }
}
