import crypto from "node:crypto"
import fs from "node:fs/promises"
import path from "node:path"
import type { Validators } from "./download"
import { writeAtomically } from "./process"
import type { PictureFacts } from "./variants"

/**
 * The image store: processed variants, and what the build needs to know of
 * each picture URL without its original (size, colour, digest, the host's
 * validators), kept outside Gatsby's cache. Gatsby clears `.cache` when
 * gatsby-node, gatsby-config or a local plugin changes (a code deploy); the
 * variants are named by the source's bytes and the encoder settings, so
 * they stay right across any code change and need not be made again.
 *
 *   <store>/variants/_gatsby/image/<picture folder>/<name>-<width>w.webp
 *   <store>/facts/<sha1 of the URL read>.json    the picture's, or its small copy's
 *   <store>/uses/<sha1 of the site folder>.json   what a site's last build used
 *
 * Several builds may share one store (the publisher's and `npm start`'s, a
 * test's): every file is written beside and renamed, and a sweep removes only
 * what no site's last build used.
 */
export interface ImageStore {
  directory: string
  /** Where the image processor keeps made files. */
  variantsDir: string
  /** `source`: the URL the facts were read from, when not the picture's own (an image service's small copy). */
  readFacts(url: string, source?: string): Promise<StoredFacts | undefined>
  writeFacts(url: string, stored: StoredFacts, source?: string): Promise<void>
}

/** A picture's facts as the last download of its URL found them. */
export interface StoredFacts {
  facts: PictureFacts & { mimeType: string; filesize: number }
  validators: Validators
}

/**
 * Default store folder: inside the site's node_modules/.cache, which
 * `gatsby clean` and Gatsby's own cache invalidation (they remove `.cache`
 * and `public/`) leave alone, as Babel's and webpack's loaders' caches do.
 */
export const DEFAULT_IMAGE_STORE = path.join("node_modules", ".cache", "catalogue-image-store")

/** The store's folder: the option (or CATALOGUE_IMAGE_STORE), relative to the site's folder, else the default. */
export function imageStoreDirectory(setting: string | null | undefined, siteDirectory: string): string {
  return path.resolve(siteDirectory, setting || DEFAULT_IMAGE_STORE)
}

const urlKey = (url: string) => crypto.createHash("sha1").update(url).digest("hex")

export function openImageStore(directory: string): ImageStore {
  const factsFile = (url: string) => path.join(directory, "facts", `${urlKey(url)}.json`)
  return {
    directory,
    variantsDir: path.join(directory, "variants"),
    async readFacts(url, source = url) {
      try {
        const stored = JSON.parse(await fs.readFile(factsFile(source), "utf8")) as StoredFacts
        // A hash collision or a hand-edited file is no picture of this URL.
        return stored.facts?.url === url && stored.facts.contentDigest ? stored : undefined
      } catch {
        return undefined
      }
    },
    writeFacts: (url, stored, source = url) => writeAtomically(factsFile(source), Buffer.from(JSON.stringify(stored))),
  }
}

/** What a build used of the store: picture folders (of variant paths) and the URLs whose facts it read or wrote. */
export interface StoreUse {
  folders: Set<string>
  urls: Set<string>
}

interface UseManifest {
  site: string
  builtAt: number
  folders: string[]
  factKeys: string[]
}

/** How long the pictures of another site's last build (a test's, a moved workspace's) are kept after it. */
export const OTHER_SITES_KEPT_MS = 14 * 24 * 3600_000

export interface SweepResult {
  /** Picture folders removed, and facts files. */
  pictures: number
  facts: number
  /** Whether the sweep ran: it is skipped when this site used just what its last build did and made nothing. */
  swept: boolean
}

async function readManifests(usesDir: string): Promise<{ file: string; manifest: UseManifest }[]> {
  const names = await fs.readdir(usesDir).catch(() => [] as string[])
  const read = await Promise.all(
    names
      .filter((name) => name.endsWith(".json"))
      .map(async (name) => {
        const file = path.join(usesDir, name)
        try {
          return [{ file, manifest: JSON.parse(await fs.readFile(file, "utf8")) as UseManifest }]
        } catch {
          return []
        }
      }),
  )
  return read.flat()
}

const sameSet = (a: Set<string>, b: readonly string[]) => a.size === b.length && b.every((item) => a.has(item))

/** Removes each entry of `folder` that `keep` does not name and that was not changed since `before` (a concurrent build's new files). */
async function removeUnnamed(folder: string, keep: (name: string) => boolean, before: number): Promise<number> {
  const names = await fs.readdir(folder).catch(() => [] as string[])
  let removed = 0
  for (const name of names) {
    if (keep(name) || name.endsWith(".tmp")) continue
    const entry = path.join(folder, name)
    const stat = await fs.stat(entry).catch(() => undefined)
    if (!stat || stat.mtimeMs >= before) continue
    await fs.rm(entry, { recursive: true, force: true })
    removed += 1
  }
  return removed
}

/**
 * Records what this site's build used, then removes the variants and facts
 * of pictures that no site's last build used. A site's own pictures go as
 * soon as its build no longer shows them: a release holds its own links to
 * its files (publisher/src/releases/releases.ts), so a rollback never needs the
 * store, and a picture shown again is made again. Another site's last build
 * keeps its pictures for OTHER_SITES_KEPT_MS. Files changed since
 * `startedAt` are kept: a build running beside this one may have just made
 * them and not yet recorded its use.
 */
export async function sweepImageStore(
  store: ImageStore,
  args: { siteDirectory: string; used: StoreUse; startedAt: number; madeAny: boolean; otherSitesKeptMs?: number },
): Promise<SweepResult> {
  const usesDir = path.join(store.directory, "uses")
  const site = path.resolve(args.siteDirectory)
  const own = path.join(usesDir, `${urlKey(site)}.json`)
  const manifests = await readManifests(usesDir)
  const last = manifests.find((entry) => entry.file === own)?.manifest
  const factKeys = [...args.used.urls].map(urlKey)
  const unchanged = !args.madeAny && last && sameSet(args.used.folders, last.folders) && sameSet(new Set(factKeys), last.factKeys)
  // Written every build, so another site's sweep sees this site as alive.
  const manifest: UseManifest = { site, builtAt: Date.now(), folders: [...args.used.folders], factKeys }
  await writeAtomically(own, Buffer.from(JSON.stringify(manifest)))
  if (unchanged) return { pictures: 0, facts: 0, swept: false }

  const keptSince = Date.now() - (args.otherSitesKeptMs ?? OTHER_SITES_KEPT_MS)
  const folders = new Set(args.used.folders)
  const facts = new Set(factKeys)
  for (const { file, manifest: other } of manifests) {
    if (file === own) continue
    if (other.builtAt < keptSince) {
      await fs.rm(file, { force: true })
      continue
    }
    other.folders.forEach((folder) => folders.add(folder))
    other.factKeys.forEach((key) => facts.add(key))
  }
  return {
    pictures: await removeUnnamed(path.join(store.variantsDir, "_gatsby", "image"), (name) => folders.has(name), args.startedAt),
    facts: await removeUnnamed(path.join(store.directory, "facts"), (name) => facts.has(name.replace(/\.json$/, "")), args.startedAt),
    swept: true,
  }
}

/** How much the store holds. */
export interface StoreSize {
  files: number
  bytes: number
}

async function sizeOf(folder: string): Promise<StoreSize> {
  const entries = await fs.readdir(folder, { withFileTypes: true }).catch(() => [])
  const sizes = await Promise.all(
    entries.map(async (entry): Promise<StoreSize> => {
      const file = path.join(folder, entry.name)
      if (entry.isDirectory()) return sizeOf(file)
      const stat = await fs.stat(file).catch(() => undefined)
      return stat ? { files: 1, bytes: stat.size } : { files: 0, bytes: 0 }
    }),
  )
  return sizes.reduce((total, size) => ({ files: total.files + size.files, bytes: total.bytes + size.bytes }), { files: 0, bytes: 0 })
}

/**
 * The store's files and bytes. Counted again only after a sweep ran (the
 * count is a walk of every file); otherwise the last count, kept in the store.
 */
export async function measureImageStore(store: ImageStore, counted: boolean): Promise<StoreSize> {
  const file = path.join(store.directory, "size.json")
  if (!counted) {
    const last = await fs.readFile(file, "utf8").then(
      (text) => JSON.parse(text) as StoreSize,
      () => undefined,
    )
    if (last) return last
  }
  const size = await sizeOf(store.directory)
  await writeAtomically(file, Buffer.from(JSON.stringify(size)))
  return size
}

/** "1234 files, 56.7 MB". */
export const describeStoreSize = (size: StoreSize) => `${size.files} files, ${(size.bytes / 1e6).toFixed(1)} MB`
