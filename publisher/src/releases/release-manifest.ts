import fs from "node:fs"
import path from "node:path"
import { HEADER_MAP_FILE } from "../../../node-kit/security/header-map-file"
import { cacheControlFor, IMMUTABLE, type SiteFiles } from "../../../node-kit/http/static-server"
import { writeFileDurably } from "./durable-files"
import { manifestFile, releaseFolder } from "./release-paths"

export interface ManifestEntry {
  size: number
  /** sha256 of the content, hex. */
  hash: string
  /**
   * The workspace file's stats when it was hashed (the kit's statStamp):
   * equal stats mean the content is the one hashed, so the next release
   * skips reading every file Gatsby left alone.
   */
  source: string
  /** The release whose folder holds the bytes, when not this one: content unchanged since that release wrote it. */
  in?: string
  /** The path there, when not this file's own path: content that moved. */
  at?: string
}

/**
 * Every file of a release, path by path: a release's whole content, even
 * when its folder holds only what changed (the rest is named in the
 * releases that hold it).
 */
export interface Manifest {
  /** The release that was live when this one was made, which its files were compared with. */
  parent?: string
  files: Record<string, ManifestEntry>
}

/** The file on disk holding `file` of release `releaseId`. */
export function fileOnDisk(dataDir: string, releaseId: string, file: string, entry: ManifestEntry): string {
  return path.join(releaseFolder(dataDir, entry.in ?? releaseId), entry.at ?? file)
}

/** The other releases whose folders hold files of this one: they must stay while it does. */
export function holdersIn(releaseId: string, manifest: Manifest): string[] {
  const holders = new Set<string>()
  for (const entry of Object.values(manifest.files)) if (entry.in !== undefined && entry.in !== releaseId) holders.add(entry.in)
  return [...holders]
}

interface Known {
  stamp: string
  holders: string[]
  /**
   * The release's content-hashed files (those served IMMUTABLE), kept for
   * every release read, parsed or not: a few hundred entries, where a later
   * release finds the files it lacks (kept-assets.ts) without parsing 25 000.
   */
  assets: Map<string, ManifestEntry>
  /** Parsed manifests are kept for the few releases read last (the live one, the one being made): 25 000 entries each. */
  manifest: Manifest | undefined
}
/** By manifest file, checked against its stats at every read: a manifest replaced by rename has a new inode. */
const known = new Map<string, Known>()
const MANIFESTS_KEPT = 3

function stampOf(file: string): string | undefined {
  const stats = fs.statSync(file, { throwIfNoEntry: false })
  return stats && `${stats.ino}:${stats.size}:${stats.mtimeMs}`
}

function contentHashed(manifest: Manifest): Map<string, ManifestEntry> {
  const assets = new Map<string, ManifestEntry>()
  for (const [file, entry] of Object.entries(manifest.files)) if (cacheControlFor(file) === IMMUTABLE) assets.set(file, entry)
  return assets
}

/** `keepParsed` false: what a lookup of holders or assets needs, without pushing the live release's parsed manifest out. */
function remember(file: string, releaseId: string, stamp: string, manifest: Manifest, keepParsed = true): void {
  known.delete(file)
  known.set(file, { stamp, manifest: keepParsed ? manifest : undefined, holders: holdersIn(releaseId, manifest), assets: contentHashed(manifest) })
  let parsed = 0
  for (const entry of [...known.values()].reverse()) if (entry.manifest && ++parsed > MANIFESTS_KEPT) entry.manifest = undefined
}

function load(dataDir: string, releaseId: string, keepParsed = true): Known | undefined {
  const file = manifestFile(dataDir, releaseId)
  const stamp = stampOf(file)
  if (!stamp) return undefined
  const cached = known.get(file)
  if (cached?.stamp === stamp && (cached.manifest || !keepParsed)) {
    if (keepParsed) {
      known.delete(file)
      known.set(file, cached)
    }
    return cached
  }
  try {
    const manifest = JSON.parse(fs.readFileSync(file, "utf8")) as Manifest
    if (typeof manifest?.files !== "object" || manifest.files === null) return undefined
    remember(file, releaseId, stamp, manifest, keepParsed)
    return known.get(file)
  } catch {
    return undefined
  }
}

/** A release's manifest, or undefined when it has none (or an unreadable one). Parsed once per version of the file: never change what it answers. */
export function readManifest(dataDir: string, releaseId: string | undefined): Manifest | undefined {
  return releaseId ? load(dataDir, releaseId)?.manifest : undefined
}

/** The releases holding files of `releaseId` (holdersIn), without parsing its manifest again while it is unchanged. */
export function holdersOf(dataDir: string, releaseId: string): string[] {
  return load(dataDir, releaseId, false)?.holders ?? []
}

/**
 * The file on disk holding the content-hashed `file` (one served IMMUTABLE)
 * of release `releaseId`, or undefined when that release has no such file:
 * one stat of its manifest, parsed once per version of it.
 */
export function assetOf(dataDir: string, releaseId: string, file: string): string | undefined {
  const entry = load(dataDir, releaseId, false)?.assets.get(file)
  return entry && fileOnDisk(dataDir, releaseId, file, entry)
}

/** Writes a manifest whole or not at all (durable-files), and keeps it parsed for the server. */
export function writeManifest(dataDir: string, releaseId: string, manifest: Manifest): void {
  const file = manifestFile(dataDir, releaseId)
  writeFileDurably(file, JSON.stringify(manifest))
  const stamp = stampOf(file)
  if (stamp) remember(file, releaseId, stamp, manifest)
}

export function removeManifest(dataDir: string, releaseId: string): void {
  const file = manifestFile(dataDir, releaseId)
  fs.rmSync(file, { force: true })
  known.delete(file)
}

/**
 * A release as the static server reads it: each path of the build is one
 * lookup in the manifest, answered by the file in whichever release folder
 * holds it. The security-header map is read from the folder holding this
 * release's `security-headers.json` (a folder whose map is that file).
 */
export function manifestSite(dataDir: string, releaseId: string, manifest: Manifest): SiteFiles {
  const mapEntry = Object.hasOwn(manifest.files, HEADER_MAP_FILE) ? manifest.files[HEADER_MAP_FILE] : undefined
  return {
    headerRoot: releaseFolder(dataDir, mapEntry && mapEntry.at === undefined ? (mapEntry.in ?? releaseId) : releaseId),
    fileOf(file) {
      const entry = Object.hasOwn(manifest.files, file) ? manifest.files[file] : undefined
      return entry && fileOnDisk(dataDir, releaseId, file, entry)
    },
  }
}
