/**
 * What one release asks of a CDN, and the shape every CDN's adapter takes.
 *
 * Every answer the live site sends carries keys naming what it shows
 * (publisher/src/cdn/edge-cache.ts): `site` on all of them, and the URL path of the
 * file served (`/series/1/`, `/page-data/series/1/page-data.json`). The keys
 * a release purges are the URL paths of the files it added, changed or
 * removed, so `keys` and `paths` hold the same strings: CDNs with tags purge
 * the keys, those without (CloudFront) invalidate the paths.
 */
export interface PurgeRequest {
  /** Surrogate keys / cache tags, each without spaces or commas. Empty when `all`. */
  keys: string[]
  /** URL paths (starting with "/") for a CDN that purges by path. Empty when `all`. */
  paths: string[]
  /** Everything the CDN holds for the site, in one request (a code deploy, a first release). */
  all: boolean
}

/** The key every answer carries: purging it empties the CDN of the site. */
export { SITE_KEY } from "./edge-cache"

/** One CDN the publisher purges after each release. */
export interface CdnAdapter {
  /** How the status page and the log name it: "varnish", "fastly", "cloudflare", "cloudfront". */
  name: string
  /**
   * Purges what `request` names, in as many API calls as the CDN's limits
   * need. Resolves once the CDN has accepted every call; throws an Error
   * whose message names the CDN and what it answered (status and the start
   * of its body) otherwise, so the status page can show it.
   */
  purge(request: PurgeRequest, signal?: AbortSignal): Promise<void>
}

/** `fetch`, injectable so unit tests can check the requests against the CDN's documented shapes. */
export type Fetch = (input: string, init: RequestInit) => Promise<Response>

/** Splits `items` into groups of at most `size`. */
export function inGroups<T>(items: readonly T[], size: number): T[][] {
  const groups: T[][] = []
  for (let start = 0; start < items.length; start += size) groups.push(items.slice(start, start + size))
  return groups
}

/**
 * What every adapter's fetch is given: a redirect comes back as an answer
 * instead of being followed. Fetch would send a redirected request on with
 * its headers (Fastly-Key, X-Amz-Security-Token; it drops only
 * Authorization across origins) to whatever host the answer names.
 */
export const NO_REDIRECTS = { redirect: "manual" } as const satisfies RequestInit

/** Throws when `response` is a redirect (see NO_REDIRECTS): a failure of the purge, naming where it pointed. */
export async function refuseRedirect(cdn: string, what: string, response: Response): Promise<void> {
  if (response.status < 300 || response.status > 399) return
  await response.body?.cancel()
  const location = response.headers.get("location")
  throw new Error(
    `${cdn} answered ${what} with a redirect (HTTP ${response.status}${location ? ` to ${location.slice(0, 200)}` : ""}), not followed: the credentials go to the configured address only; check it`,
  )
}

/** Throws the error `CdnAdapter.purge` documents when `response` is not a success (a redirect included: refuseRedirect). */
export async function expectSuccess(cdn: string, what: string, response: Response): Promise<void> {
  if (response.ok) {
    await response.body?.cancel()
    return
  }
  await refuseRedirect(cdn, what, response)
  const body = (await response.text().catch(() => "")).replace(/\s+/g, " ").trim().slice(0, 200)
  throw new Error(`${cdn} refused ${what}: HTTP ${response.status}${body ? ` ${body}` : ""}`)
}
