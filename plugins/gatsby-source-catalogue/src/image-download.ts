import crypto from "node:crypto"
import path from "node:path"
import type { GatsbyCache } from "gatsby"
import { CACHE_KEYS } from "./constants"
import { guardedFetch, readCapped, type OriginGuard } from "./fetch-limits"
import { exists, writeAtomically } from "./image-processing"

/** What a picture download may do: which hosts it may ask (redirects included), how many bytes it reads. */
export interface ImageDownloadLimits {
  guard: OriginGuard
  maxBytes: number
}

const IMAGE_TIMEOUT_MS = 30_000

/** What the last download of a URL said, to ask the host whether it changed. */
interface Validators {
  etag: string | null
  lastModified: string | null
}

/** A GET that failed with an HTTP status throws; a 304 answers a conditional one. */
async function ask(url: string, limits: ImageDownloadLimits, headers: Record<string, string> = {}): Promise<Response> {
  const response = await guardedFetch(url, { headers, signal: AbortSignal.timeout(IMAGE_TIMEOUT_MS) }, limits.guard)
  const unchanged = response.status === 304 && Object.keys(headers).length > 0
  if (!response.ok && !unchanged) {
    await response.body?.cancel()
    // The line imageFailureReason reads, as Gatsby's fetchRemoteFile words it.
    throw new Error(`Reason: Response code ${response.status} (${response.statusText})`)
  }
  return response
}

/** The picture's bytes, in memory: an image service's small copy. */
export async function fetchImageBytes(url: string, limits: ImageDownloadLimits): Promise<Buffer> {
  return readCapped(await ask(url, limits), limits.maxBytes, "maxImageBytes")
}

/**
 * Downloads a picture into the plugin's cache and gives its path. The file is
 * kept across builds and revalidated with ETag/Last-Modified, as Gatsby's
 * fetchRemoteFile does; unlike it, redirects go only to allowed hosts and the
 * download stops at `maxBytes`.
 */
export async function downloadImage(url: string, cache: Pick<GatsbyCache, "directory" | "get" | "set">, limits: ImageDownloadLimits): Promise<string> {
  const name = crypto.createHash("md5").update(url).digest("hex") + path.extname(new URL(url).pathname).toLowerCase()
  const file = path.join(cache.directory, "downloads", name)
  const key = `${CACHE_KEYS.imageDownload}:${url}`
  const known = (await exists(file)) ? ((await cache.get(key)) as Validators | undefined) : undefined
  const conditions: Record<string, string> = {}
  if (known?.etag) conditions["If-None-Match"] = known.etag
  if (known?.lastModified) conditions["If-Modified-Since"] = known.lastModified
  const response = await ask(url, limits, conditions)
  if (response.status === 304) {
    await response.body?.cancel()
    return file
  }
  await writeAtomically(file, await readCapped(response, limits.maxBytes, "maxImageBytes"))
  await cache.set(key, { etag: response.headers.get("etag"), lastModified: response.headers.get("last-modified") } satisfies Validators)
  return file
}
