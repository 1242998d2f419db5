import crypto from "node:crypto"
import fs from "node:fs"
import path from "node:path"
import { statStamp } from "../storage/file-hasher"
import { readMemoFile } from "../storage/memo-file"
import { listTreeSync, type ListingMemo } from "../storage/tree-listing"
import { headerOnlyPolicy, withCspMeta } from "./csp-meta"
import { FIRST_REUSABLE_VERSION, HEADER_MAP_FILE, headerMapText, pagePolicy, readHeaderMap, type PageEntry, type SecurityHeaderMap } from "./header-map-file"
import { commonSecurityHeaders, contentSecurityPolicy, type SiteSources } from "./headers"
import { pageInlineCode } from "./inline-code"

/**
 * The security headers of every page of a build, written into the build by
 * its post-build step: `security-headers.json` for the servers of this
 * project (the publisher, `npm run serve`), `_headers` for CDN hosts that
 * read that format (Netlify, Cloudflare Pages). Both travel with the build,
 * so a release and its headers switch together. Each page also carries its
 * CSP in a meta (node-kit/security/csp-meta.ts), so `_headers` is one rule for every page.
 */
export const HEADERS_FILE = "_headers"

/** The URL path at which a host serves an HTML file of the build: `series/1/index.html` is `/series/1/`. */
export function pagePathOf(relativeFile: string): string {
  const file = relativeFile.split(path.sep).join("/").replace(/^\/+/, "")
  return file === "index.html" ? "/" : `/${file.replace(/(^|\/)index\.html$/, "$1")}`
}

function digestOf(bytes: Buffer | string): string {
  return crypto.createHash("sha256").update(bytes).digest("base64url")
}

/**
 * Gatsby's own folders at the top of public/, which hold no page: page data,
 * content-hashed assets and processed pictures (no page of the site can have a
 * path under them; Gatsby's page-data URLs would shadow one). They hold most
 * of public/'s entries, each one a listing would have to read.
 */
const FOLDERS_WITHOUT_PAGES = new Set(["page-data", "static", "_gatsby"])

/** Every `.html` file below `root`, relative with forward slashes, sorted; synchronous, as the stats below: a large catalogue's thousands of awaited calls would each wait for the event loop. */
function htmlFiles(root: string, memo: ListingMemo | undefined): { files: string[]; memo: ListingMemo } {
  const listing = listTreeSync(root, { memo, skipTop: FOLDERS_WITHOUT_PAGES })
  return { files: listing.files.filter((file) => file.endsWith(".html")), memo: listing.memo }
}

/**
 * Each page file's digest with the stats it was taken at: a file whose stats
 * are unchanged is not read again; and the listing's memo of the folders.
 */
interface PageStamps {
  pages: Record<string, { stat: string; stamp: string }>
  folders: ListingMemo
}

/**
 * The map of every HTML page now in `publicDir`, each page given its CSP
 * meta (withCspMeta; a page is written only when that changes its bytes).
 * An incremental build rewrites only the pages that changed, so the map is
 * made of the whole folder, not of what this build wrote; a page whose bytes
 * have the digest `previous` recorded, or would have once given the meta
 * `previous` recorded (Gatsby wrote it again as it was), keeps its hashes
 * without being parsed again. A change of `sources` changes every page's
 * policy, so it rewrites every page's meta.
 *
 * With `stampsFile` (kept outside the build: it records stats, which differ
 * between two builds of the same bytes), a page whose inode, size, mtime and
 * ctime are those of the last scan is not even read: an edit rewrites a
 * dozen pages, and reading and digesting all of a large catalogue's would
 * cost every publish seconds. A folder whose stats are those of the last
 * scan is not listed again either (tree-listing.ts).
 */
export async function scanBuild(
  publicDir: string,
  sources: SiteSources,
  previous?: SecurityHeaderMap,
  stampsFile?: string,
): Promise<{ map: Omit<SecurityHeaderMap, "version">; hashed: number; read: number; rewritten: number; refused: Record<string, string[]> }> {
  const reusable = previous && previous.version >= FIRST_REUSABLE_VERSION ? previous : undefined
  const known = new Map(Object.values(reusable?.pages ?? {}).map((entry) => [entry.file, entry]))
  // A page's policy, and so its meta, depends on its hashes and the sources only: a page whose bytes and sources are unchanged is left as it is.
  const sameSources = reusable !== undefined && JSON.stringify(reusable.sources) === JSON.stringify(sources)
  const stamps = readMemoFile<Partial<PageStamps>>(stampsFile)
  const stampsKnown = stamps?.pages ?? {}
  const listing = htmlFiles(publicDir, stamps?.folders)
  const nextStamps: PageStamps = { pages: {}, folders: listing.memo }
  const pages: Record<string, PageEntry> = {}
  let hashed = 0
  let read = 0
  let rewritten = 0
  const readPage = (full: string) => {
    read++
    return fs.readFileSync(full)
  }
  for (const file of listing.files) {
    const full = path.join(publicDir, file)
    let stat = stampsFile ? statStamp(fs.statSync(full)) : ""
    const before = known.get(file)
    let bytes: Buffer | undefined
    let stamp = stampsFile && stampsKnown[file]?.stat === stat ? stampsKnown[file].stamp : undefined
    if (stamp === undefined) {
      bytes = readPage(full)
      stamp = digestOf(bytes)
    }
    if (before && before.stamp === stamp && sameSources) {
      nextStamps.pages[file] = { stat, stamp }
      pages[pagePathOf(file)] = before
      continue
    }
    const html = (bytes ?? readPage(full)).toString("utf8")
    // Gatsby writes a page again without the meta: given the meta it had, it is the page recorded, its hashes known.
    const unchanged = before && reusable && (before.stamp === stamp || digestOf(withCspMeta(html, pagePolicy(reusable, before))) === before.stamp)
    let code = unchanged ? { hashes: before.hashes, refusedScripts: before.refusedScripts ?? [] } : undefined
    if (!code) {
      code = pageInlineCode(html)
      hashed++
    }
    const { hashes, refusedScripts } = code
    const csp = contentSecurityPolicy(hashes, sources)
    const final = withCspMeta(html, csp)
    if (final !== html) {
      fs.writeFileSync(full, final)
      rewritten++
      stamp = digestOf(final)
      if (stampsFile) stat = statStamp(fs.statSync(full))
    }
    nextStamps.pages[file] = { stat, stamp }
    pages[pagePathOf(file)] = { file, stamp, hashes, csp, ...(refusedScripts.length ? { refusedScripts } : {}) }
  }
  if (stampsFile) {
    await fs.promises.mkdir(path.dirname(stampsFile), { recursive: true })
    await fs.promises.writeFile(stampsFile, JSON.stringify(nextStamps))
  }
  const refused = Object.fromEntries(Object.entries(pages).flatMap(([pagePath, entry]) => (entry.refusedScripts ? [[pagePath, entry.refusedScripts]] : [])))
  return { map: { sources, common: commonSecurityHeaders(sources), pages }, hashed, read, rewritten, refused }
}

/**
 * The map in the `_headers` format of Netlify and Cloudflare Pages: one rule,
 * `/*`, whatever the number of pages (Cloudflare Pages takes 100). Each page
 * carries its own CSP in its meta; the header adds only what a meta cannot
 * carry (frame-ancestors), and a browser enforces both policies.
 */
export function headersFileText(map: Pick<SecurityHeaderMap, "common" | "sources">): string {
  const headers = { ...map.common, "Content-Security-Policy": headerOnlyPolicy(map.sources) }
  return [
    "# Written by the build (node-kit/security/header-map.ts): the headers of every page; each page's CSP is in its <meta http-equiv>.",
    "/*",
    ...Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`),
    "",
  ].join("\n")
}

/**
 * Gives every page of `publicDir` its CSP meta and writes
 * `security-headers.json` and `_headers` (see scanBuild for `stampsFile`);
 * returns how many pages, how many were parsed, read and rewritten, and by
 * page path the inline scripts no policy allows (not Gatsby's: the build
 * warns of them).
 */
export async function writeSecurityHeaders(
  publicDir: string,
  sources: SiteSources,
  stampsFile?: string,
): Promise<{ pages: number; hashed: number; read: number; rewritten: number; refused: Record<string, string[]> }> {
  const { map, hashed, read, rewritten, refused } = await scanBuild(publicDir, sources, readHeaderMap(publicDir), stampsFile)
  await fs.promises.writeFile(path.join(publicDir, HEADER_MAP_FILE), headerMapText(map))
  await fs.promises.writeFile(path.join(publicDir, HEADERS_FILE), headersFileText(map))
  return { pages: Object.keys(map.pages).length, hashed, read, rewritten, refused }
}
