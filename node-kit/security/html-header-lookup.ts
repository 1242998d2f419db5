import fs from "node:fs"
import path from "node:path"
import { pagePathOf } from "./header-map"
import { HEADER_MAP_FILE, pagePolicy, readHeaderMap, type SecurityHeaderMap } from "./header-map-file"
import { pageSecurityHeaders } from "./headers"
import { pageInlineCode } from "./inline-code"

/** The headers of an HTML answer: where the file is in the build, and its body. */
export type HtmlHeaderLookup = (root: string, relativeFile: string, html: Buffer) => Record<string, string>

/**
 * For servers: the security headers of an HTML file of a build, from the
 * build's map (read once per build folder and version of its map file, the
 * last two folders kept: the publisher switches between the live release and
 * the one before it). A page the map does not list (a build without the
 * step, a file added by hand) is hashed as it is served, with the map's
 * sources or none, Gatsby's inline scripts only (as the build's step): never
 * an HTML answer without a CSP.
 */
export function createHtmlHeaderLookup(): HtmlHeaderLookup {
  const maps = new Map<string, { stamp: string; map: SecurityHeaderMap | undefined }>()
  const mapOf = (root: string) => {
    let stamp = "none"
    try {
      const stat = fs.statSync(path.join(root, HEADER_MAP_FILE))
      stamp = `${stat.size}:${stat.mtimeMs}`
    } catch {
      // No map: every page is hashed as served.
    }
    const cached = maps.get(root)
    if (cached?.stamp === stamp) return cached.map
    const map = stamp === "none" ? undefined : readHeaderMap(root)
    maps.delete(root)
    maps.set(root, { stamp, map })
    for (const oldest of maps.keys()) {
      if (maps.size <= 2) break
      maps.delete(oldest)
    }
    return map
  }
  return (root, relativeFile, html) => {
    const map = mapOf(root)
    const entry = map?.pages[pagePathOf(relativeFile)]
    if (map && entry) return { ...map.common, "Content-Security-Policy": pagePolicy(map, entry) }
    return pageSecurityHeaders(pageInlineCode(html.toString("utf8")).hashes, map?.sources ?? { api: [], player: [], images: [] })
  }
}
