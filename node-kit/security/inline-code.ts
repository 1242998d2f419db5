import crypto from "node:crypto"
import { DomUtils, parseDocument } from "htmlparser2"
import { SITE_INLINE_SCRIPTS } from "../../contract/inline-scripts"

/**
 * A page's inline code as its Content Security Policy must name it: the
 * hashes of the inline scripts and styles a page may run (node-kit/security/headers.ts
 * turns them into the policy), and which inline scripts are the site's own.
 */

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

const isRunnableInlineScript = (element: Element) => element.name === "script" && !("src" in element.attribs) && RUNNABLE_SCRIPT.test((element.attribs.type ?? "").trim())

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
