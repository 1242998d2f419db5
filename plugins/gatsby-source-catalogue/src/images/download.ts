import crypto from "node:crypto"
import path from "node:path"
import type { GatsbyCache } from "gatsby"
import { CACHE_KEYS } from "../constants"
import { guardedFetch, readCapped, type OriginGuard } from "../http/fetch-limits"
import { exists, writeAtomically } from "./process"

/** What a picture download may do: which hosts it may ask (redirects included), how many bytes it reads, what it may show whom. */
export interface ImageDownloadLimits {
  guard: OriginGuard
  maxBytes: number
  /**
   * Headers sent with the pictures asked of `origin` and of no other host
   * (nor past a redirect to one): a preview build's draft-view token, to
   * the catalogue's own origin, which serves a draft's pictures only with it.
   */
  credentials?: { origin: string; headers: Record<string, string> }
}

/** The credentials `url` is sent with: those of its own origin, else none. */
const credentialsFor = (url: string, limits: ImageDownloadLimits): Record<string, string> =>
  limits.credentials && new URL(url).origin === limits.credentials.origin ? limits.credentials.headers : {}

const IMAGE_TIMEOUT_MS = 30_000

/** What the last download of a URL said, to ask the host whether it changed (or not to ask). */
export interface Validators {
  etag: string | null
  lastModified: string | null
  /**
   * Until when (ms since 1970) the answer is fresh by its Cache-Control
   * max-age (RFC 9111 4.2): the picture may be taken as unchanged without
   * asking. Null: no max-age, or no-cache/no-store.
   */
  freshUntil?: number | null
}

/** The validators and freshness of an answer, as it came. */
export function validatorsOf(response: Response, now = Date.now()): Validators {
  const cacheControl = response.headers.get("cache-control") ?? ""
  const maxAge = /(?:^|[\s,])max-age=(\d+)/i.exec(cacheControl)?.[1]
  const revalidateAlways = /no-cache|no-store/i.test(cacheControl)
  return {
    etag: response.headers.get("etag"),
    lastModified: response.headers.get("last-modified"),
    freshUntil: maxAge !== undefined && !revalidateAlways ? now + Number(maxAge) * 1000 : null,
  }
}

/** Originals downloaded by this process (a build): the benchmark reads it from the build's log. */
export const downloadCounter = { count: 0 }

/** A GET that failed with an HTTP status throws; a 304 answers a conditional one. */
async function ask(url: string, limits: ImageDownloadLimits, headers: Record<string, string> = {}): Promise<Response> {
  const init = { headers: { ...credentialsFor(url, limits), ...headers }, signal: AbortSignal.timeout(IMAGE_TIMEOUT_MS) }
  const response = await guardedFetch(url, init, limits.guard)
  const unchanged = response.status === 304 && Object.keys(headers).length > 0
  if (!response.ok && !unchanged) {
    await response.body?.cancel()
    // The line imageFailureReason reads, as Gatsby's fetchRemoteFile words it.
    throw new Error(`Reason: Response code ${response.status} (${response.statusText})`)
  }
  return response
}

/**
 * An image service's small copy of a picture, in memory, asked as
 * `revalidate` asks: nothing while the last answer is fresh, else a
 * conditional request; "unchanged", or the new bytes and what the service
 * said of them.
 */
export async function fetchSmallCopy(url: string, known: Validators | undefined, limits: ImageDownloadLimits): Promise<"unchanged" | { bytes: Buffer; validators: Validators }> {
  const answer = await askUnlessFresh(url, known, limits)
  if (answer === "unchanged") return answer
  return { bytes: await readCapped(answer, limits.maxBytes, "maxImageBytes"), validators: validatorsOf(answer) }
}

/** Where a URL's original is kept in the plugin's cache folder (whether or not it is there now). */
export function originalFileOf(url: string, cacheDirectory: string): string {
  const name = crypto.createHash("md5").update(url).digest("hex") + path.extname(new URL(url).pathname).toLowerCase()
  return path.join(cacheDirectory, "downloads", name)
}

type DownloadCache = Pick<GatsbyCache, "directory" | "get" | "set">

/** Writes a 200's body as the URL's original, with its validators for the next conditional request. */
async function keepOriginal(url: string, response: Response, cache: DownloadCache, limits: ImageDownloadLimits): Promise<{ file: string; validators: Validators }> {
  const file = originalFileOf(url, cache.directory)
  const validators = validatorsOf(response)
  await writeAtomically(file, await readCapped(response, limits.maxBytes, "maxImageBytes"))
  await cache.set(`${CACHE_KEYS.imageDownload}:${url}`, validators)
  downloadCounter.count += 1
  return { file, validators }
}

/**
 * Downloads a picture into the plugin's cache and gives its path and what the
 * host said of it. The file is kept across builds and revalidated with
 * ETag/Last-Modified, as Gatsby's fetchRemoteFile does; unlike it, redirects
 * go only to allowed hosts and the download stops at `maxBytes`.
 */
export async function fetchOriginal(url: string, cache: DownloadCache, limits: ImageDownloadLimits): Promise<{ file: string; validators: Validators }> {
  const file = originalFileOf(url, cache.directory)
  const known = (await exists(file)) ? ((await cache.get(`${CACHE_KEYS.imageDownload}:${url}`)) as Validators | undefined) : undefined
  const response = await ask(url, limits, conditionsOf(known))
  if (response.status === 304) {
    await response.body?.cancel()
    return { file, validators: { ...known!, freshUntil: validatorsOf(response).freshUntil } }
  }
  return keepOriginal(url, response, cache, limits)
}

/** Downloads a picture into the plugin's cache (or finds it there, unchanged) and gives its path. */
export async function downloadImage(url: string, cache: DownloadCache, limits: ImageDownloadLimits): Promise<string> {
  return (await fetchOriginal(url, cache, limits)).file
}

const conditionsOf = (known: Validators | undefined): Record<string, string> => ({
  ...(known?.etag ? { "If-None-Match": known.etag } : {}),
  ...(known?.lastModified ? { "If-Modified-Since": known.lastModified } : {}),
})

/**
 * Whether the picture at `url` is still the one an earlier download
 * described, with as little as the host allows: nothing asked while that
 * answer is fresh, else a conditional request. A picture that changed, or
 * that no validator can vouch for, is downloaded as `fetchOriginal` does.
 */
export async function revalidate(
  url: string,
  known: Validators,
  cache: DownloadCache,
  limits: ImageDownloadLimits,
): Promise<"unchanged" | { file: string; validators: Validators }> {
  const answer = await askUnlessFresh(url, known, limits)
  return answer === "unchanged" ? answer : keepOriginal(url, answer, cache, limits)
}

/** "unchanged" while `known` is fresh (nothing asked) or the host answers a conditional request 304; else the host's answer. */
async function askUnlessFresh(url: string, known: Validators | undefined, limits: ImageDownloadLimits): Promise<"unchanged" | Response> {
  if (known?.freshUntil && known.freshUntil > Date.now()) return "unchanged"
  const response = await ask(url, limits, conditionsOf(known))
  if (response.status !== 304) return response
  await response.body?.cancel()
  return "unchanged"
}
