import { PREVIEW_TOKEN_HEADER } from "../../../../contract/preview/draft-videos"

/** The plugin options that name where the build fetches from (this module is below types.ts, which imports the image modules). */
export interface FetchOriginOptions {
  apiUrl: string
  videoApiUrl: string
  imageOrigins: string[]
  imageService: { origins: string[]; urlTemplate: string } | null
}

/**
 * Where the build may fetch from: the catalogue API's origin, the video
 * host's, the image service's and the `imageOrigins` option's. An image URL
 * the catalogue names is data anyone with an editor's login can set, and the
 * build machine may reach what the public cannot (a cloud's metadata
 * address, services on loopback): nothing else is asked.
 */
export function allowedOrigins(options: FetchOriginOptions): Set<string> {
  const service = options.imageService
  // A template that is a URL of its own (`https://img.example/{url}?w={width}`) names the service's host.
  const serviceHost = service && /^https?:\/\//.test(service.urlTemplate) ? [service.urlTemplate.replace(/\{\w+\}/g, "x")] : []
  const urls = [options.apiUrl, options.videoApiUrl, ...options.imageOrigins, ...(service?.origins ?? []), ...serviceHost]
  return new Set(urls.map((url) => new URL(url).origin))
}

/** Says whether a URL may be fetched; a refused host is warned about once. */
export interface OriginGuard {
  allows(url: string): boolean
}

/** A guard over `origins` that warns once per refused host, naming the first URL refused there. */
export function createOriginGuard(origins: ReadonlySet<string>, warn: (message: string) => void): OriginGuard {
  const warned = new Set<string>()
  return {
    allows(url) {
      let parsed: URL
      try {
        parsed = new URL(url)
      } catch {
        return false
      }
      if ((parsed.protocol === "http:" || parsed.protocol === "https:") && origins.has(parsed.origin)) return true
      if (!warned.has(parsed.host)) {
        warned.add(parsed.host)
        warn(
          `Not fetching from ${parsed.host || url}: the build only fetches from ${[...origins].join(", ")} ` +
            `(CATALOGUE_API_URL, VIDEO_API_URL, the image service and the imageOrigins option). Skipped, first: ${url}`,
        )
      }
      return false
    },
  }
}

/** A request the limits refused: a host not allowed, too many redirects, an answer too large. A plain failure, never retried. */
export class FetchRefused extends Error {
  constructor(
    readonly limit: "origin" | "redirects" | "size",
    message: string,
  ) {
    super(message)
  }
}

const REDIRECTS = new Set([301, 302, 303, 307, 308])
const MAX_REDIRECTS = 5

/**
 * Headers that carry a credential for the origin asked (the video host's
 * token, the draft view's). Fetch drops the standard ones on a redirect to
 * another origin; following redirects by hand, so must we, and our own too:
 * two allowed origins are not one party, and the video host's token is not
 * the image CDN's to read.
 */
const CREDENTIAL_HEADERS = ["authorization", "proxy-authorization", "cookie", PREVIEW_TOKEN_HEADER]

/** `init` without its credentials. */
function withoutCredentials(init: RequestInit): RequestInit {
  const headers = new Headers(init.headers)
  for (const name of CREDENTIAL_HEADERS) headers.delete(name)
  return { ...init, headers }
}

/**
 * fetch() that follows redirects itself, each hop only to an allowed origin:
 * an allowed host could otherwise send the build anywhere. Once a hop leaves
 * the origin it came from, the credentials stay behind for the rest of the
 * way, as fetch's own redirects do. The refusal does not name where the
 * redirect pointed, since failures reach the publisher's public status page.
 */
export async function guardedFetch(url: string, init: RequestInit, guard: OriginGuard, fetchImpl: typeof fetch = fetch): Promise<Response> {
  let current = url
  let hopInit = init
  for (let hop = 0; ; hop++) {
    if (!guard.allows(current)) throw new FetchRefused("origin", hop === 0 ? "is on a host the build does not fetch from" : "redirected to a host the build does not fetch from")
    const response = await fetchImpl(current, { ...hopInit, redirect: "manual" })
    const location = response.headers.get("location")
    if (!REDIRECTS.has(response.status) || !location) return response
    await response.body?.cancel()
    if (hop >= MAX_REDIRECTS) throw new FetchRefused("redirects", `redirected more than ${MAX_REDIRECTS} times`)
    const next = new URL(location, current)
    if (next.origin !== new URL(current).origin) hopInit = withoutCredentials(hopInit)
    current = next.href
  }
}

/** "10 MiB", "512 KiB": a cap in the unit its option is likely set in. */
function describeBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`
  return bytes >= 2 ** 20 ? `${Number((bytes / 2 ** 20).toFixed(2))} MiB` : `${Number((bytes / 1024).toFixed(2))} KiB`
}

/**
 * The body, read up to `maxBytes`: a longer one (by its Content-Length or
 * as it streams) is abandoned at the cap, its connection closed.
 */
export async function readCapped(response: Response, maxBytes: number, option: string): Promise<Buffer> {
  const tooLarge = () => new FetchRefused("size", `answered more than ${describeBytes(maxBytes)} (the ${option} option)`)
  if (Number(response.headers.get("content-length") ?? 0) > maxBytes) {
    await response.body?.cancel()
    throw tooLarge()
  }
  const chunks: Uint8Array[] = []
  let total = 0
  if (!response.body) return Buffer.alloc(0)
  const reader = response.body.getReader()
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    total += chunk.value.byteLength
    if (total > maxBytes) {
      await reader.cancel()
      throw tooLarge()
    }
    chunks.push(chunk.value)
  }
  return Buffer.concat(chunks)
}
