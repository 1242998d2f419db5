import { pagePathOf } from "../../../node-kit/security/header-map"
import type { FileAnswer } from "../../../node-kit/http/static-server"

/**
 * What a shared cache in front of the site (a CDN) is told, beside the
 * browser's own Cache-Control.
 *
 * Browsers keep revalidating pages, page-data and app-data.json (a purge
 * cannot reach a browser's cache). A CDN may keep them until it is purged:
 * the publisher purges, after each release, exactly the files that release
 * changed (publisher/src/cdn/). `Surrogate-Control` is what Fastly and
 * Varnish (through deploy/varnish/site.vcl) read, `CDN-Cache-Control` what
 * Cloudflare and other CDNs read (RFC 9213); both are for shared caches only
 * and never reach a browser through a CDN that honours them. Not `s-maxage`:
 * a shared cache the site cannot purge (an office proxy) would keep pages a
 * year.
 *
 * Keys name what an answer shows, so one purge reaches it: `site` on every
 * answer, and the URL path of the file served. Fastly reads them from
 * `Surrogate-Key` (space separated), Cloudflare from `Cache-Tag` (comma
 * separated), Varnish's xkey from `xkey` (the VCL copies Surrogate-Key).
 */

/** A year: until purged. */
const EDGE_MAX_AGE = 31_536_000
/** Served stale for a minute while the CDN fetches the new copy in the background. */
const STALE_WHILE_REVALIDATE = 60
/** Served stale for a week while the origin answers errors or cannot be reached. */
const STALE_IF_ERROR = 604_800

export const EDGE_CACHE_CONTROL = `max-age=${EDGE_MAX_AGE}, stale-while-revalidate=${STALE_WHILE_REVALIDATE}, stale-if-error=${STALE_IF_ERROR}`

/** The key every answer carries (publisher/src/cdn/purge-request.ts, SITE_KEY). */
export const SITE_KEY = "site"
/** The key every 404 answer carries: a release whose 404 page changed purges them all. */
export const NOT_FOUND_KEY = "/404.html"
/** A longer request path gets no key of its own (a header has limits); `site` and NOT_FOUND_KEY still reach it. */
const LONGEST_KEY = 512

/**
 * The URL path a file of the build is served at, as a key: `series/1/index.html`
 * → `/series/1/`, `index.html` → `/`, `page-data/app-data.json` → `/page-data/app-data.json`.
 */
export const edgeKeyOfFile: (buildPath: string) => string = pagePathOf

/**
 * The key of a path that found no file, as the page it would be if a later
 * release added it: `/series/9` and `/series/9/index.html` → `/series/9/`
 * (what edgeKeyOfFile gives that page's file), so that release's purge
 * reaches the 404 kept for it. Undefined for a path too long to be a key.
 */
export function edgeKeyOfMissingPath(requestPath: string): string | undefined {
  let key = requestPath.endsWith("/index.html") ? requestPath.slice(0, -"index.html".length) : requestPath
  const last = key.slice(key.lastIndexOf("/") + 1)
  if (last !== "" && !last.includes(".")) key = `${key}/`
  // A key is one token: no whitespace or commas (the headers' separators), printable ASCII only.
  return key.length <= LONGEST_KEY && /^\/[\x21-\x2b\x2d-\x7e]*$/.test(key) ? key : undefined
}

/** The headers a CDN reads on an answer it may keep until purged, with the keys naming what it shows. */
export function edgeHeaders(keys: readonly string[]): Record<string, string> {
  const all = [SITE_KEY, ...keys]
  return {
    "Surrogate-Control": EDGE_CACHE_CONTROL,
    "CDN-Cache-Control": EDGE_CACHE_CONTROL,
    "Surrogate-Key": all.join(" "),
    "Cache-Tag": all.join(","),
  }
}

/**
 * The CDN's headers of a file answer of the live site: a 200 keyed by the
 * file it shows, a 404 by NOT_FOUND_KEY and by the page a later release could
 * add at the path asked for (the static server's `edgeHeaders`).
 */
export function edgeHeadersOfAnswer({ status, requestPath, buildPath }: FileAnswer): Record<string, string> {
  const keys = status === 200 ? [edgeKeyOfFile(buildPath)] : [NOT_FOUND_KEY, edgeKeyOfMissingPath(requestPath)].filter((key) => key !== undefined)
  return edgeHeaders(keys)
}
