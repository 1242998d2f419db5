import crypto from "node:crypto"
import fs from "node:fs"
import http from "node:http"
import path from "node:path"
import { promisify } from "node:util"
import zlib from "node:zlib"
import type { AddressInfo } from "node:net"
import { HEADERS_FILE } from "../security/header-map"
import { HEADER_MAP_FILE } from "../security/header-map-file"
import { createHtmlHeaderLookup, type HtmlHeaderLookup } from "../security/html-header-lookup"

const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".webp": "image/webp",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".png": "image/png",
  ".gif": "image/gif",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".woff": "font/woff",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".webmanifest": "application/manifest+json",
}
/**
 * Files of the build no browser asks for, answered 404 like a path the build
 * has not got: the hosts' header files (as Netlify and Cloudflare Pages never
 * serve `_headers`), and what the build keeps for itself: webpack's stats and
 * Gatsby's chunk map, which Gatsby reads from disk while it renders pages
 * (cache-dir/static-entry.js; the browser gets the map inline, as
 * `window.___chunkMapping`, and loads chunks by the names in it).
 */
const BUILD_ONLY_FILES = new Set([HEADER_MAP_FILE, HEADERS_FILE, "webpack.stats.json", "chunk-map.json"])

/**
 * Whether a path of the build is one a visitor never gets: BUILD_ONLY_FILES,
 * and source maps, anywhere (webpack's `.js.map` beside every chunk), which
 * hand out the site's source with its comments and paths; only developer
 * tools ask for them.
 */
export function isBuildOnlyFile(buildPath: string): boolean {
  return BUILD_ONLY_FILES.has(buildPath) || buildPath.endsWith(".map")
}
const COMPRESSIBLE = /^(text\/|application\/(json|xml|manifest)|image\/svg)/

/** Cache-Control of files that may change under the same URL: the browser asks again every time. */
export const REVALIDATE = "public, max-age=0, must-revalidate"
/** Cache-Control of files whose URL changes with their content. */
export const IMMUTABLE = "public, max-age=31536000, immutable"

/**
 * The paths of a build a URL path may name, in order: the file itself, then
 * the page's index.html (`/series/1` and `/series/1/` both name
 * `series/1/index.html`). Relative, with forward slashes; never above the
 * build (`..` cannot climb out of the root). Throws on a malformed escape.
 */
export function buildPathsFor(urlPath: string): string[] {
  const clean = path.posix
    .normalize(decodeURIComponent(urlPath))
    .replace(/^(\.\.(\/|$))+/, "")
    .replace(/^\/+/, "")
  return [clean, path.posix.join(clean, "index.html")]
}

/**
 * One version of a site as a request reads it: which file on disk holds each
 * path of the build. A folder holds its own files (folderSite); the
 * publisher's releases answer from their manifest, so a release can hold
 * only what changed and name its earlier releases' files for the rest.
 */
export interface SiteFiles {
  /** The file on disk holding `buildPath` (relative, forward slashes), or undefined when the site has no such file. */
  fileOf(buildPath: string): string | undefined
  /** The folder whose security-headers.json is this site's map (see node-kit/security/header-map.ts). */
  headerRoot: string
}

/** A build that is a folder on disk, file for file (Gatsby's `public/`). */
export function folderSite(root: string): SiteFiles {
  return {
    headerRoot: root,
    fileOf(buildPath) {
      const file = path.join(root, buildPath)
      return file.startsWith(root) && fs.existsSync(file) && fs.statSync(file).isFile() ? file : undefined
    },
  }
}

/** The first of a URL path's build paths (buildPathsFor) that `site` has, with the file holding it. */
export function locate(site: SiteFiles, urlPath: string): { buildPath: string; file: string } | undefined {
  for (const buildPath of buildPathsFor(urlPath)) {
    const file = site.fileOf(buildPath)
    if (file !== undefined) return { buildPath, file }
  }
  return undefined
}

/** The file a URL path names in a Gatsby build: the file itself, or the page's index.html. */
export function fileFor(root: string, urlPath: string): string | undefined {
  return locate(folderSite(root), urlPath)?.file
}

/**
 * Gatsby's caching rules (gatsbyjs.com/docs/caching): pages, page-data
 * (app-data.json lives there) and sw.js keep their URL when they change, so
 * they are revalidated; webpack's content-hashed chunks and styles, and
 * everything under /static/ and /_gatsby/{image,file}/ (named by their
 * content's hash), are cached for a year. Anything else is revalidated: a
 * wrong "immutable" cannot be taken back, a wrong revalidate costs a request.
 * `relativePath` is the file's path inside the build, with forward slashes.
 */
export function cacheControlFor(relativePath: string): string {
  const file = relativePath.replace(/^\/+/, "")
  if (file.endsWith(".html") || file.startsWith("page-data/") || file === "sw.js") return REVALIDATE
  if (/^(static|_gatsby\/image|_gatsby\/file)\//.test(file)) return IMMUTABLE
  // app-1f2e…20 hex….js, component---src-…-<hash>.js, styles.<hash>.css
  if (/[.-][0-9a-f]{16,}\.(js|css)$/.test(file)) return IMMUTABLE
  return REVALIDATE
}

export type Encoding = "br" | "gzip"

/**
 * The best of `offered` (in the server's order of preference) that an
 * Accept-Encoding header allows; q=0 refuses an encoding, `*` allows any.
 */
export function chooseEncoding(acceptEncoding: string | undefined, offered: readonly Encoding[]): Encoding | undefined {
  if (!acceptEncoding) return undefined
  const weights = new Map<string, number>()
  for (const part of acceptEncoding.toLowerCase().split(",")) {
    const [name = "", ...params] = part.trim().split(";")
    const q = params.map((param) => /^\s*q=([0-9.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined)
    weights.set(name.trim(), q === undefined ? 1 : Number(q))
  }
  return offered.find((encoding) => (weights.get(encoding) ?? weights.get("*") ?? 0) > 0)
}

const compressors: Record<Encoding, (body: Buffer) => Promise<Buffer>> = {
  gzip: (body) => promisify(zlib.gzip)(body),
  // Quality 5: on the fly, quality 11 takes a second for a large chunk;
  // 5 still beats gzip's size, and the cache below pays it once per file.
  br: (body) =>
    promisify(zlib.brotliCompress)(body, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
}

/**
 * Compressed bodies by file identity (device, inode, size, mtime). A file
 * that is rewritten gets a new mtime; the publisher's releases hard-link
 * unchanged files, so one entry serves every release that shares the file.
 * Bounded by bytes, least recently used first out.
 */
class CompressedCache {
  private entries = new Map<string, Buffer>()
  private bytes = 0
  constructor(private readonly maxBytes: number) {}

  get(key: string): Buffer | undefined {
    const body = this.entries.get(key)
    if (body) {
      this.entries.delete(key)
      this.entries.set(key, body)
    }
    return body
  }

  set(key: string, body: Buffer): void {
    if (body.length > this.maxBytes / 4) return
    this.entries.set(key, body)
    this.bytes += body.length
    for (const [oldKey, oldBody] of this.entries) {
      if (this.bytes <= this.maxBytes) break
      this.entries.delete(oldKey)
      this.bytes -= oldBody.length
    }
  }
}

export interface StaticHandlerOptions {
  /**
   * The folder to serve, or a function answering it (a folder or a
   * SiteFiles). The function is called once per request and every file of
   * that response is found through its answer, so a server whose site is
   * switched (the publisher's releases) never mixes two versions in one
   * response. `undefined`: nothing to serve yet (503).
   */
  root: string | (() => string | SiteFiles | undefined)
  /** Encodings offered, best first. Default gzip only (see serveStatic). */
  encodings?: readonly Encoding[]
  /**
   * For a site only some may see (the publisher's preview): every file is
   * `private` to the browser, never kept by a shared cache, and answers
   * `X-Robots-Tag: noindex`.
   */
  private?: boolean
  /**
   * Rewrites each HTML page before it is sent (compressed afterwards): the
   * publisher's preview puts its bar in. Given the request's path and the
   * site the page came from.
   */
  transformHtml?: (html: Buffer, page: { requestPath: string; site: SiteFiles }) => Buffer
  /**
   * Changes each HTML page's security headers (the build's) before they are
   * sent: the publisher's preview lets the CMS admin's origin frame it.
   */
  htmlSecurityHeaders?: (headers: Record<string, string>) => Record<string, string>
  /**
   * For a site a CDN may keep until purged (the publisher's live site, which
   * names what a shared cache reads and the keys of the file it shows):
   * headers added to every 200 and 404 file answer. Never with `private`.
   */
  edgeHeaders?: (answer: FileAnswer) => Record<string, string>
}

/** A file answer about to be sent: its status (200, or 404 with the build's 404 page), the path asked for and the file of the build that answers. */
export interface FileAnswer {
  status: number
  requestPath: string
  buildPath: string
}

export type StaticHandler = (request: http.IncomingMessage, response: http.ServerResponse) => Promise<void>

/** The security headers of each HTML page: the build's, changed by `change` when given. */
function htmlHeaderLookup(change: StaticHandlerOptions["htmlSecurityHeaders"]): HtmlHeaderLookup {
  const lookup = createHtmlHeaderLookup()
  return change ? (root, relativeFile, html) => change(lookup(root, relativeFile, html)) : lookup
}

/**
 * Answers GET and HEAD from a Gatsby build as a production host would:
 * pages at their paths (`/series/1` and `/series/1/` both serve its
 * index.html, as `gatsby serve` does), compression by Accept-Encoding,
 * cache headers by file type (cacheControlFor), and the build's 404.html
 * with status 404 for anything else. Every HTML answer carries the build's
 * security headers (node-kit/security/header-map.ts), what the publisher and
 * `npm run serve` send alike.
 */
export function createStaticHandler(options: StaticHandlerOptions): StaticHandler {
  const encodings = options.encodings ?? ["gzip"]
  const { root: rootOption } = options
  const resolveRoot = typeof rootOption === "string" ? () => rootOption : rootOption
  const cache = new CompressedCache(64 * 1024 * 1024)
  const securityHeadersOf = htmlHeaderLookup(options.htmlSecurityHeaders)

  return async (request, response) => {
    const resolved = resolveRoot()
    if (!resolved) {
      response
        .writeHead(503, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "Retry-After": "5" })
        .end("The site is being published for the first time; try again in a moment.")
      return
    }
    const site = typeof resolved === "string" ? folderSite(resolved) : resolved
    let found: { buildPath: string; file: string } | undefined
    try {
      found = locate(site, new URL(request.url ?? "/", "http://localhost").pathname)
    } catch {
      // decodeURIComponent refuses a malformed escape such as %E0%A4%A.
      response.writeHead(400, { "Content-Type": "text/plain; charset=utf-8" }).end("Bad request")
      return
    }
    if (found && isBuildOnlyFile(found.buildPath)) found = undefined
    const status = found ? 200 : 404
    const served = found ?? locate(site, "/404.html")
    if (!served) {
      response.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" }).end("Not found")
      return
    }
    await sendFile(request, response, { status, site, requestPath: new URL(request.url ?? "/", "http://localhost").pathname, ...served })
  }

  async function sendFile(
    request: http.IncomingMessage,
    response: http.ServerResponse,
    { status, site, requestPath, buildPath, file }: { status: number; site: SiteFiles; requestPath: string; buildPath: string; file: string },
  ): Promise<void> {
    try {
      const type = CONTENT_TYPES[path.posix.extname(buildPath)] ?? "application/octet-stream"
      const cacheControl = cacheControlFor(buildPath)
      const headers: http.OutgoingHttpHeaders = {
        "Content-Type": type,
        "Cache-Control": options.private ? cacheControl.replace(/^public\b/, "private") : cacheControl,
        "X-Content-Type-Options": "nosniff",
        ...(options.private ? { "X-Robots-Tag": "noindex, nofollow" } : {}),
      }
      if (options.edgeHeaders && !options.private) Object.assign(headers, options.edgeHeaders({ status, requestPath, buildPath }))
      const stat = await fs.promises.stat(file)
      let body: Buffer = await fs.promises.readFile(file)
      if (buildPath.endsWith(".html")) Object.assign(headers, securityHeadersOf(site.headerRoot, buildPath, body))
      // After the security headers: they are the built page's, and what is put in must keep to them.
      const transformed = buildPath.endsWith(".html") && options.transformHtml ? options.transformHtml(body, { requestPath, site }) : undefined
      if (transformed) body = transformed
      if (COMPRESSIBLE.test(type)) {
        headers.Vary = "Accept-Encoding"
        const encoding = chooseEncoding(headerText(request.headers["accept-encoding"]), encodings)
        if (encoding) {
          // A rewritten page is compressed as it came out (its bar names the path): keyed by its bytes.
          const version = transformed ? crypto.createHash("sha1").update(body).digest("base64") : `${stat.dev}:${stat.ino}:${stat.size}:${stat.mtimeMs}`
          const key = `${encoding}:${version}`
          const compressed = cache.get(key) ?? (await compressors[encoding](body))
          cache.set(key, compressed)
          body = compressed
          headers["Content-Encoding"] = encoding
        }
      }
      headers["Content-Length"] = body.length
      response.writeHead(status, headers).end(request.method === "HEAD" ? undefined : body)
    } catch {
      // The file went between stat and read (a pruned release, a rebuild of public/).
      if (response.headersSent) response.destroy()
      else response.writeHead(500, { "Content-Type": "text/plain; charset=utf-8" }).end("Could not read the file")
    }
  }
}

function headerText(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(",") : value
}

export interface StaticServer {
  origin: string
  close(): Promise<void>
}

/**
 * Serves a Gatsby build (`public/`) as a production host would, on loopback
 * unless `host` says otherwise: for the benchmarks and budgets, which must
 * measure what visitors get, not a development server, and for `npm run
 * serve`. Gzip only by default, so that the figures measured with it stay
 * comparable with the ones recorded before brotli was offered (the
 * publisher, which serves visitors, offers brotli first).
 */
export function serveStatic(root: string, port = 0, options: Omit<StaticHandlerOptions, "root"> & { host?: string } = {}): Promise<StaticServer> {
  const { host = "127.0.0.1", ...handlerOptions } = options
  const handle = createStaticHandler({ root, ...handlerOptions })
  const server = http.createServer((request, response) => void handle(request, response))
  return new Promise((resolve, reject) => {
    server.once("error", reject)
    server.listen(port, host, () => {
      const { port: listening } = server.address() as AddressInfo
      resolve({
        origin: `http://${host.includes(":") ? `[${host}]` : host}:${listening}`,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done())
            // Browsers keep connections open; the benchmark is over.
            server.closeAllConnections()
          }),
      })
    })
  })
}
