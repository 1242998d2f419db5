import { getCSP, NONE, SELF, UNSAFE_HASHES, type CSPDirectives } from "csp-header"
import { NO_SCRIPT_SEARCH_ORIGIN } from "../../contract/no-script-search"
import { EMPTY_STYLE_HASH, ownInlineHashes, type InlineHashes } from "./inline-code"

/**
 * The one definition of the site's security headers: the Content Security
 * Policy of each page and the headers every HTML answer carries. The build's
 * post-build step writes them for every page (node-kit/security/header-map.ts), and
 * the publisher, `npm run serve` and CDN hosts (`_headers`) send what it wrote.
 */

/** The origins outside the site a page may talk to, decided by the build's configuration. */
export interface SiteSources {
  /** The public catalogue API the browser calls for search and subscribe (connect-src). */
  api: string[]
  /** The video player's iframe (frame-src, and the features the iframe is allowed). */
  player: string[]
  /**
   * Where pictures not built into the site come from (img-src): search
   * results name the API's pictures at run time (relative paths resolve to
   * the public API), and an image service or CDN serves the pages' own.
   */
  images: string[]
  /**
   * The site's own public address (SITE_URL). On https every HTML answer
   * asks browsers to keep to https (Strict-Transport-Security); absent or
   * http (development on localhost), it never does.
   */
  site?: string
}

const orNone = (sources: string[]) => (sources.length ? sources : [NONE])

/**
 * The page's Content Security Policy. Each directive and why:
 * - default-src 'self': fonts, the manifest, prefetches and anything not named below come from the site only.
 * - script-src 'self' + the page's inline hashes: Gatsby's chunks, and its three inline scripts by hash; no
 *   'unsafe-inline', no 'unsafe-eval' (a script slipped into content never runs).
 * - style-src 'self' + the page's style hashes + the empty sheet styled-components fills; 'unsafe-hashes' so the
 *   same hashes allow the server-rendered `style` attributes (no 'unsafe-inline').
 * - img-src 'self' + the picture origins: pictures built into the site, and those search results and an image
 *   service name at their own origins.
 * - connect-src 'self' + the public API: page data, and search and subscribe from the browser.
 * - frame-src the player's origin: the episode page's iframe, and nothing else may be framed.
 * - worker-src 'self': the service worker.
 * - object-src 'none': no plugins. base-uri 'none': no `<base>` can move relative URLs.
 * - form-action 'self' + the public API + the no-script search: the search form submits to /search-results;
 *   without JavaScript, the Subscribe form posts to the catalogue's /subscribe (which answers with a
 *   redirect back to 'self') and the results page's form searches this site at DuckDuckGo.
 * - frame-ancestors 'none': no other site may frame a page (clickjacking).
 */
export function contentSecurityPolicy(hashes: InlineHashes, sources: SiteSources): string {
  const directives: Partial<CSPDirectives> = {
    "default-src": [SELF],
    "script-src": [SELF, ...(hashes.scripts as CSPDirectives["script-src"])],
    "style-src": [SELF, ...(hashes.styleAttributes.length ? [UNSAFE_HASHES] : []), EMPTY_STYLE_HASH, ...hashes.styles, ...hashes.styleAttributes] as CSPDirectives["style-src"],
    "img-src": [SELF, ...sources.images],
    "connect-src": [SELF, ...sources.api],
    "frame-src": orNone(sources.player),
    "worker-src": [SELF],
    "object-src": [NONE],
    "base-uri": [NONE],
    "form-action": [SELF, ...sources.api, NO_SCRIPT_SEARCH_ORIGIN],
    "frame-ancestors": [NONE],
  }
  // csp-header ends the policy with "; " and a lone space; the header value needs neither.
  return getCSP({ directives }).replace(/;\s*$/, "")
}

/**
 * Powerful features nobody on the site uses, off for the page and every
 * frame; autoplay, fullscreen and picture-in-picture for the site and the
 * player, which its iframe asks for (`allow="autoplay; fullscreen; picture-in-picture"`).
 * Only features Chromium knows: it logs an error for any other.
 */
export function permissionsPolicy(sources: SiteSources): string {
  const selfAndPlayer = ["self", ...sources.player.map((origin) => `"${origin}"`)].join(" ")
  const off = ["accelerometer", "camera", "geolocation", "gyroscope", "magnetometer", "microphone", "payment", "usb"]
  return [...off.map((feature) => `${feature}=()`), ...["autoplay", "fullscreen", "picture-in-picture"].map((feature) => `${feature}=(${selfAndPlayer})`)].join(", ")
}

/**
 * HSTS for a site on https: a year, what the MDN Observatory asks for. No
 * `includeSubDomains`: a site at its domain's apex would bind every other
 * host of that domain (a CMS, an API, a mail panel on http) to https, which
 * the site cannot know of. No `preload`: a browser's built-in list is not
 * taken back by a release.
 */
export const STRICT_TRANSPORT_SECURITY = "max-age=31536000"

const isHttps = (url: string | undefined) => url !== undefined && /^https:\/\//i.test(url)

/**
 * The headers every HTML answer carries beside its CSP; the same for every
 * page of a build. X-Frame-Options repeats frame-ancestors for browsers
 * that predate it. Strict-Transport-Security only when the site's address is
 * https, never for http: on localhost it would hold every port of the
 * developer's machine to https for a year.
 */
export function commonSecurityHeaders(sources: SiteSources): Record<string, string> {
  return {
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": permissionsPolicy(sources),
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    ...(isHttps(sources.site) ? { "Strict-Transport-Security": STRICT_TRANSPORT_SECURITY } : {}),
  }
}

/** Every security header of one page: the common ones and its Content-Security-Policy. */
export function pageSecurityHeaders(hashes: InlineHashes, sources: SiteSources): Record<string, string> {
  return { ...commonSecurityHeaders(sources), "Content-Security-Policy": contentSecurityPolicy(hashes, sources) }
}

/**
 * The security headers of an HTML page a server writes itself (the
 * publisher's status page): its own inline code by hash, and no origin
 * outside the server.
 */
export function ownPageSecurityHeaders(html: string): Record<string, string> {
  return pageSecurityHeaders(ownInlineHashes(html), { api: [], player: [], images: [] })
}

/** The origin of each URL, once each, in order; URLs that do not parse or are not http(s) are left out. */
export function originsOf(urls: readonly (string | null | undefined)[]): string[] {
  const origins = urls.flatMap((url) => {
    try {
      const parsed = new URL(url ?? "")
      return parsed.protocol === "http:" || parsed.protocol === "https:" ? [parsed.origin] : []
    } catch {
      return []
    }
  })
  return [...new Set(origins)]
}
