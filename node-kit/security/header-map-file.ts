import fs from "node:fs"
import path from "node:path"
import { contentSecurityPolicy, type SiteSources } from "./headers"
import type { InlineHashes } from "./inline-code"

/**
 * `security-headers.json`, the security headers of every page of a build as
 * the build's post-build step wrote them (node-kit/security/header-map.ts),
 * and as this project's servers read them.
 */
export const HEADER_MAP_FILE = "security-headers.json"

/**
 * 4: a page is stored as its hashes, each an index into the map's list of
 * every hash of the build, and no policy: a server composes it from the
 * hashes and the map's sources (pagePolicy): most hashes are shared by many
 * pages, and a policy repeats the sources on every page, so the map stays a
 * tenth of the size that storing each policy gives. 3: a page's stamp is of its bytes with its CSP meta
 * in, and a page the step skips has that meta. 2: a page's hashes allow
 * Gatsby's inline scripts only (pageInlineCode); a version-1 map's allowed
 * every inline script a page held. Servers read all four (an older release
 * kept for rollback).
 */
export const MAP_VERSION = 4

/**
 * The oldest version whose pages a build may reuse: 3 and 4 differ in how
 * they are stored only. A version-2 stamp is of a page without its meta,
 * which a reused page would then lack.
 */
export const FIRST_REUSABLE_VERSION = 3

export interface PageEntry {
  /** The HTML file, relative to the build with forward slashes. */
  file: string
  /**
   * A digest of the file's bytes as the step left them, its CSP meta in: a
   * file whose bytes are unchanged is not parsed again. Not its mtime: a
   * build rewrites unchanged pages, and two builds of the same content must
   * write the same map (the publisher makes no release when no file changed).
   */
  stamp: string
  hashes: InlineHashes
  /** The page's policy as a map of versions 1–3 stored it; version 4 composes it (pagePolicy). */
  csp?: string
  /**
   * The page's inline scripts that are not Gatsby's, which its CSP does not
   * allow (pageInlineCode); kept so that every build reports them, not only
   * the one that parsed the page. Absent when there are none.
   */
  refusedScripts?: string[]
}

/** A map as a program holds it, whichever version the file is. */
export interface SecurityHeaderMap {
  version: 1 | 2 | 3 | typeof MAP_VERSION
  sources: SiteSources
  /** Sent with every HTML answer. */
  common: Record<string, string>
  /** By URL path: `/`, `/series/101/`, `/404.html`. */
  pages: Record<string, PageEntry>
}

/** A page as version 4 stores it: each of its hashes an index into StoredMap's `hashes`. */
interface StoredPage {
  file: string
  stamp: string
  scripts: number[]
  styles: number[]
  styleAttributes: number[]
  refusedScripts?: string[]
}

interface StoredMap {
  version: typeof MAP_VERSION
  sources: SiteSources
  common: Record<string, string>
  /** Every hash of the build once, in the order the pages first name them. */
  hashes: string[]
  pages: Record<string, StoredPage>
}

/** A page's Content-Security-Policy: as an older map stored it, else composed from its hashes and the map's sources. */
export function pagePolicy(map: SecurityHeaderMap, entry: PageEntry): string {
  return entry.csp ?? contentSecurityPolicy(entry.hashes, map.sources)
}

/** The text of `map` as version 4 stores it; the same map always gives the same text. */
export function headerMapText(map: Omit<SecurityHeaderMap, "version">): string {
  const hashes: string[] = []
  const indexOf = new Map<string, number>()
  const stored = (source: string) => {
    let index = indexOf.get(source)
    if (index === undefined) {
      index = hashes.push(source) - 1
      indexOf.set(source, index)
    }
    return index
  }
  const pages: Record<string, StoredPage> = {}
  for (const [pagePath, { file, stamp, hashes: own, refusedScripts }] of Object.entries(map.pages)) {
    pages[pagePath] = {
      file,
      stamp,
      scripts: own.scripts.map(stored),
      styles: own.styles.map(stored),
      styleAttributes: own.styleAttributes.map(stored),
      ...(refusedScripts?.length ? { refusedScripts } : {}),
    }
  }
  const file: StoredMap = { version: MAP_VERSION, sources: map.sources, common: map.common, hashes, pages }
  return JSON.stringify(file)
}

function fromStored(stored: StoredMap): SecurityHeaderMap {
  const pages: Record<string, PageEntry> = {}
  const at = (index: number) => stored.hashes[index]!
  for (const [pagePath, page] of Object.entries(stored.pages)) {
    const hashes: InlineHashes = { scripts: page.scripts.map(at), styles: page.styles.map(at), styleAttributes: page.styleAttributes.map(at) }
    pages[pagePath] = { file: page.file, stamp: page.stamp, hashes, ...(page.refusedScripts ? { refusedScripts: page.refusedScripts } : {}) }
  }
  return { version: MAP_VERSION, sources: stored.sources, common: stored.common, pages }
}

/** Reads the map a build wrote, or `undefined` when it has none (or an unreadable one). */
export function readHeaderMap(root: string): SecurityHeaderMap | undefined {
  try {
    const map = JSON.parse(fs.readFileSync(path.join(root, HEADER_MAP_FILE), "utf8")) as SecurityHeaderMap | StoredMap
    if (map.version === MAP_VERSION) return fromStored(map as StoredMap)
    return map.version === 1 || map.version === 2 || map.version === 3 ? map : undefined
  } catch {
    return undefined
  }
}
