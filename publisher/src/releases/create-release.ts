import fs from "node:fs"
import path from "node:path"
import { hashUnlessUnchanged } from "../../../node-kit/storage/file-hasher"
import { HEADER_MAP_FILE } from "../../../node-kit/security/header-map-file"
import { syncFolder, syncTree } from "./durable-files"
import { eachInBatches, foldersOf, listTree } from "./file-batches"
import type { ListingMemo } from "../../../node-kit/storage/tree-listing"
import { holdersIn, readManifest, removeManifest, writeManifest, type Manifest } from "./release-manifest"
import { isReleaseId, liveReleaseId, releaseFolder, releasePaths } from "./release-paths"
import { announcePartialRelease, useReleases } from "./release-use"

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
  /** Every file (build path) added, changed or removed since the live release, for the CDN's purge; null when there was no live release. */
  changedFiles: string[] | null
  files: number
  /** Files whose content an earlier release holds (unchanged, or moved): named in the manifest, hard-linked when the release is flattened. */
  linked: number
  /** Files written into the new release's folder (new or changed content). */
  copied: number
}

interface LiveRelease {
  id: string
  manifest: Manifest
  /** A file of the live release for each content hash, to reuse moved content. */
  byHash: Map<string, string>
}

function liveRelease(dataDir: string): LiveRelease | undefined {
  const id = liveReleaseId(dataDir)
  const manifest = readManifest(dataDir, id)
  if (!id || !manifest || !fs.existsSync(releaseFolder(dataDir, id))) return undefined
  const byHash = new Map<string, string>()
  for (const [file, entry] of Object.entries(manifest.files)) {
    if (!byHash.has(entry.hash)) byHash.set(entry.hash, file)
  }
  return { id, manifest, byHash }
}

/**
 * The last listing of each build folder, by its path: an edit's build
 * changes a few of a large catalogue's folders, and the next release reads
 * only those (listTree). A folder moved in from elsewhere has other inodes,
 * so nothing of another tree is taken for it.
 */
const listings = new Map<string, ListingMemo>()

/** Size and sha256 of every file of `publicDir`, each read only if its stats differ from the live release's record. */
async function manifestOf(publicDir: string, files: readonly string[], live: LiveRelease | undefined): Promise<Manifest> {
  const manifest: Manifest = { parent: live?.id, files: {} }
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
 * Points each file whose content the live release has (at the same path,
 * else anywhere: moved content) at the folder holding those bytes; answers
 * the others, which the new release's folder must hold. The header map is
 * never taken from another path: the server reads it from the folder
 * holding this release's map (release-manifest.ts, manifestSite).
 */
function reuseUnchanged(manifest: Manifest, live: LiveRelease | undefined): string[] {
  const toCopy: string[] = []
  for (const [file, entry] of Object.entries(manifest.files)) {
    const atPath = live?.manifest.files[file]?.hash === entry.hash ? file : undefined
    const same = atPath ?? (file === HEADER_MAP_FILE ? undefined : live?.byHash.get(entry.hash))
    const liveEntry = same === undefined ? undefined : live?.manifest.files[same]
    if (!live || same === undefined || !liveEntry || liveEntry.size !== entry.size) {
      toCopy.push(file)
      continue
    }
    entry.in = liveEntry.in ?? live.id
    const at = liveEntry.at ?? same
    if (at !== file) entry.at = at
  }
  return toCopy
}

/**
 * Copies `files` from `publicDir` into a staging folder, puts them on disk,
 * renames it into place and writes the manifest last (the completeness
 * marker). Anything half made is removed on failure.
 */
async function writeRelease(dataDir: string, releaseId: string, publicDir: string, files: readonly string[], manifest: Manifest): Promise<void> {
  const { releasesDir } = releasePaths(dataDir)
  const finalDir = releaseFolder(dataDir, releaseId)
  const staging = path.join(releasesDir, `.staging-${releaseId}`)
  fs.rmSync(staging, { recursive: true, force: true })
  fs.mkdirSync(staging, { recursive: true })
  try {
    // Parents first, one call each: a recursive mkdir per file cost a second for 11 000 page folders.
    const folders = foldersOf(files)
    await eachInBatches(folders, (folder) => fs.mkdirSync(path.join(staging, folder)))
    await eachInBatches(files, (file) => fs.copyFileSync(path.join(publicDir, file), path.join(staging, file)))
    await syncTree(staging, { files, folders })
    fs.renameSync(staging, finalDir)
    syncFolder(releasesDir)
    writeManifest(dataDir, releaseId, manifest)
  } catch (error) {
    fs.rmSync(staging, { recursive: true, force: true })
    fs.rmSync(finalDir, { recursive: true, force: true })
    removeManifest(dataDir, releaseId)
    throw error
  }
}

function changedPages(manifest: Manifest, live: LiveRelease | undefined): { changedUrls: string[]; removedUrls: string[] } {
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
  return { changedUrls: changedUrls.sort(), removedUrls: removedUrls.sort() }
}

/**
 * Makes an immutable release from a finished build's `public/`, unless its
 * files are the live release's, path for path and byte for byte: then no
 * release is made (`unchanged`), so the kept releases are real changes a
 * rollback can go back through. Each file is compared (size and sha256,
 * read only when its stats changed) with the live release. The new
 * release's folder holds only the new and changed files, copied (never
 * linked to `public/`, whose files the next build rewrites in place); its
 * manifest lists every file and names the release folder that holds each
 * unchanged one. So the work is in proportion to what changed, apart from
 * one stat per file; the flatten task (flatten-release.ts) links the rest
 * in later, off the edit's path. In batches with the event loop free
 * between them, so the server keeps answering.
 */
export async function createRelease(options: { dataDir: string; publicDir: string; releaseId: string }): Promise<CreatedRelease> {
  const { dataDir, publicDir, releaseId } = options
  if (!isReleaseId(releaseId)) throw new Error(`Not a release id: ${releaseId}`)
  if (fs.existsSync(releaseFolder(dataDir, releaseId))) throw new Error(`Release ${releaseId} exists already`)

  const live = liveRelease(dataDir)
  // Pruning must leave the releases this one will name, before its manifest names them.
  const done = useReleases(dataDir, live ? [live.id, ...holdersIn(live.id, live.manifest)] : [])
  try {
    const tree = await listTree(publicDir, listings.get(publicDir))
    listings.set(publicDir, tree.memo)
    const manifest = await manifestOf(publicDir, tree.files, live)
    if (live && sameFiles(manifest, live.manifest)) {
      return { releaseId: live.id, unchanged: true, changedUrls: [], removedUrls: [], changedFiles: [], files: tree.files.length, linked: 0, copied: 0 }
    }
    const toCopy = reuseUnchanged(manifest, live)
    await writeRelease(dataDir, releaseId, publicDir, toCopy, manifest)
    if (toCopy.length < tree.files.length) announcePartialRelease(dataDir)
    const linked = tree.files.length - toCopy.length
    return {
      releaseId,
      unchanged: false,
      ...changedPages(manifest, live),
      changedFiles: live ? changedFiles(manifest, live.manifest) : null,
      files: tree.files.length,
      linked,
      copied: toCopy.length,
    }
  } finally {
    done()
  }
}

/** The files whose content differs between the two releases, or that only one of them has. */
function changedFiles(manifest: Manifest, live: Manifest): string[] {
  const changed = Object.keys(manifest.files).filter((file) => live.files[file]?.hash !== manifest.files[file]!.hash)
  const removed = Object.keys(live.files).filter((file) => !(file in manifest.files))
  return [...changed, ...removed].sort()
}
