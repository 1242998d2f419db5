import crypto from "node:crypto"
import { getCSP, NONE, SELF, UNSAFE_HASHES, type CSPDirectives } from "csp-header"
import { DomUtils, parseDocument } from "htmlparser2"
import { SITE_INLINE_SCRIPTS } from "../contract/inline-scripts"
import { NO_SCRIPT_SEARCH_ORIGIN } from "../contract/no-script-search"

/**
 * The one definition of the site's security headers: the Content Security
 * Policy of each page and the headers every HTML answer carries. The build's
 * post-build step writes them for every page (security-header-map.ts), and
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

/** `'sha256-…'` sources of a page's inline code, what its CSP must allow. */
export interface InlineHashes {
  /** Inline scripts that run (Gatsby's page path, chunk map and compilation hash). */
  scripts: string[]
  /** `<style>` elements: styled-components' server-rendered sheet, Gatsby's inlined global CSS. */
  styles: string[]
  /** `style="…"` attributes written by React's server render (allowed through 'unsafe-hashes'). */
  styleAttributes: string[]
}

/**
 * styled-components (production, "speedy") adds one empty `<style>` to the
 * head and fills it through the CSSOM (insertRule), which CSP does not
 * govern; the empty element itself is checked as inline style, so its hash,
 * the hash of "", lets it in without 'unsafe-inline'.
 */
export const EMPTY_STYLE_HASH = "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='"

/** The CSP source of `text`'s SHA-256, as a browser computes it over the element's text. */
export function hashSource(text: string): string {
  return `'sha256-${crypto.createHash("sha256").update(text, "utf8").digest("base64")}'`
}

// Script types a browser runs; anything else (application/ld+json) is a data block CSP does not check.
const RUNNABLE_SCRIPT = /^(|module|(text|application)\/(x-)?(java|ecma)script)$/i

type Element = ReturnType<typeof DomUtils.findAll>[number]

function insideNoscript(element: Element): boolean {
  for (let parent = element.parent; parent; parent = parent.parent) {
    if ("name" in parent && parent.name === "noscript") return true
  }
  return false
}

/**
 * The window properties Gatsby's own inline scripts set, and nothing else
 * they do: the page's path (cache-dir/static-entry.js, `gatsby-script-loader`),
 * the chunk mapping and the compilation hash (the `_gatsby-scripts` slice of
 * utils/gatsby-webpack-stats-extractor.js, or static-entry.js without slices)
 * and, with `inlinePageData`, the page's data.
 */
const GATSBY_WINDOW_DATA = new Set(["pagePath", "___chunkMapping", "___webpackCompilationHash", "pageData"])
const JSON_STRING_AT_START = /^"(?:[^"\\]|\\.)*"/
const CDATA_WRAPPED = /^\/\*<!\[CDATA\[\*\/([\s\S]*)\/\*\]\]>\*\/$/

function isJson(text: string): boolean {
  try {
    JSON.parse(text)
    return true
  } catch {
    return false
  }
}

/**
 * Whether `code` only sets Gatsby's window properties to JSON values
 * (`window.pagePath="/detail/1/";`, in Gatsby's CDATA comment or not): such
 * a script can run nothing else, whoever wrote it. Its shape, not an `id`,
 * decides: CMS HTML can carry any id, and Gatsby gives the compilation hash's
 * script none.
 */
export function isGatsbyDataScript(code: string): boolean {
  let rest = code.trim()
  rest = CDATA_WRAPPED.exec(rest)?.[1] ?? rest
  if (!rest) return false
  while (rest) {
    const head = /^window\.(\w+)=/.exec(rest)
    if (!head || !GATSBY_WINDOW_DATA.has(head[1] ?? "")) return false
    rest = rest.slice(head[0].length)
    // A string ends at its closing quote; an object (the chunk map, the page data) is the last value, up to the last `;`.
    const value = JSON_STRING_AT_START.exec(rest)?.[0] ?? rest.slice(0, Math.max(0, rest.lastIndexOf(";")))
    if (!isJson(value) || rest[value.length] !== ";") return false
    rest = rest.slice(value.length + 1)
  }
  return true
}

/**
 * One of the inline scripts Gatsby writes into a page: a child of `<body>`
 * itself (Gatsby's post-body components; the page's content, CMS HTML
 * included, is inside `<div id="___gatsby">`) that only sets Gatsby's data.
 */
function isGatsbyScript(element: Element): boolean {
  const parent = element.parent
  return parent !== null && "name" in parent && parent.name === "body" && isGatsbyDataScript(DomUtils.textContent(element))
}

/** One of the site's own inline scripts (contract/inline-scripts.ts), by its exact text, in the page's `<head>`. */
function isSiteScript(element: Element): boolean {
  const parent = element.parent
  return parent !== null && "name" in parent && parent.name === "head" && SITE_INLINE_SCRIPTS.includes(DomUtils.textContent(element))
}

const isRunnableInlineScript = (element: Element) =>
  element.name === "script" && !("src" in element.attribs) && RUNNABLE_SCRIPT.test((element.attribs.type ?? "").trim())

/** The elements of a page that apply with scripting on: `<noscript>` content is left out, a browser never applies it. */
function liveElements(html: string): Element[] {
  return DomUtils.findAll(() => true, parseDocument(html).children).filter((element) => !insideNoscript(element))
}

/**
 * The hashes of `scripts` and of the page's style elements and style
 * attributes, each listed once. Script and style text is hashed raw, as the
 * browser reads it; attribute values decoded, as the browser reads them.
 */
function hashesOf(elements: Element[], scripts: Element[]): InlineHashes {
  const unique = (texts: string[]) => [...new Set(texts.map(hashSource))]
  return {
    scripts: unique(scripts.map((element) => DomUtils.textContent(element))),
    styles: unique(elements.filter((element) => element.name === "style").map((element) => DomUtils.textContent(element))),
    styleAttributes: unique(elements.flatMap((element) => (element.attribs.style === undefined ? [] : [element.attribs.style]))),
  }
}

/** What a built page's CSP allows of its inline code, and the inline scripts it does not. */
export interface PageInlineCode {
  hashes: InlineHashes
  /**
   * Inline scripts that would run but are neither Gatsby's nor the site's (each trimmed and cut
   * to 80 characters, once each): left out of the CSP, so the browser blocks
   * them. A script in CMS content that got past the sanitiser is one.
   */
  refusedScripts: string[]
}

/**
 * The inline code of a page of a build: its styles, and of its inline
 * scripts only Gatsby's own (isGatsbyScript) and the site's, by their exact
 * text (isSiteScript). A page's body holds CMS HTML,
 * so hashing every script found would allow an injected one by the page's
 * own policy. Styles are all hashed: styled-components' sheet and the pages'
 * `style` attributes have no marker that CMS HTML could not copy.
 */
export function pageInlineCode(html: string): PageInlineCode {
  const elements = liveElements(html)
  const allowed: Element[] = []
  const refused: Element[] = []
  for (const script of elements.filter(isRunnableInlineScript)) (isGatsbyScript(script) || isSiteScript(script) ? allowed : refused).push(script)
  return {
    hashes: hashesOf(elements, allowed),
    refusedScripts: [...new Set(refused.map((element) => DomUtils.textContent(element).trim().slice(0, 80)))],
  }
}

/**
 * The hashes of every inline script and style of HTML a server of this
 * project writes itself, through the escaping `html` tag (the publisher's
 * status page): all of it is the server's own. Never for a build's pages
 * (pageInlineCode).
 */
export function ownInlineHashes(html: string): InlineHashes {
  const elements = liveElements(html)
  return hashesOf(elements, elements.filter(isRunnableInlineScript))
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
 * Directives a policy in `<meta http-equiv>` cannot carry: browsers ignore
 * them there (CSP 3, "Delivery via meta element"), so only a header sends them.
 */
const HEADER_ONLY_DIRECTIVES = new Set(["frame-ancestors", "report-uri", "report-to", "sandbox"])

const isHeaderOnly = (directive: string) => HEADER_ONLY_DIRECTIVES.has(directive.split(/\s/, 1)[0]!.toLowerCase())
const directivesOf = (policy: string) => policy.split(";").map((directive) => directive.trim()).filter(Boolean)

/** `csp` as a page's `<meta http-equiv>` carries it: without the directives a meta cannot carry (a browser warns of each). */
export function metaPolicy(csp: string): string {
  return directivesOf(csp).filter((directive) => !isHeaderOnly(directive)).join("; ")
}

/**
 * The part of the site's CSP only a header can send (frame-ancestors 'none'),
 * the same for every page: what a host that sends one header set for every
 * page adds to the policy each page carries in its meta.
 */
export function headerOnlyPolicy(sources: SiteSources): string {
  return directivesOf(contentSecurityPolicy({ scripts: [], styles: [], styleAttributes: [] }, sources)).filter(isHeaderOnly).join("; ")
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
