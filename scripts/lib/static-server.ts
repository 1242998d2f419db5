import fs from "node:fs"
import http from "node:http"
import path from "node:path"
import zlib from "node:zlib"
import type { AddressInfo } from "node:net"

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
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".webmanifest": "application/manifest+json",
}
const COMPRESSIBLE = /^(text\/|application\/(json|xml|manifest)|image\/svg)/

/** The file a URL path names in a Gatsby build: the file itself, or the page's index.html. */
export function fileFor(root: string, urlPath: string): string | undefined {
  const clean = path.posix.normalize(decodeURIComponent(urlPath)).replace(/^(\.\.(\/|$))+/, "")
  const candidates = [path.join(root, clean), path.join(root, clean, "index.html")]
  return candidates.find((file) => file.startsWith(root) && fs.existsSync(file) && fs.statSync(file).isFile())
}

export interface StaticServer {
  origin: string
  close(): Promise<void>
}

/**
 * Serves a Gatsby build (`public/`) on loopback as a production host would:
 * pages at their paths, gzip for text, hashed assets cached for a year, and
 * the 404 page with status 404. For the benchmarks and budgets, which must
 * measure what visitors get, not a development server.
 */
export function serveStatic(root: string, port = 0): Promise<StaticServer> {
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://localhost")
    const file = fileFor(root, url.pathname)
    const status = file ? 200 : 404
    const served = file ?? fileFor(root, "/404.html")
    if (!served) {
      response.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" }).end("Not found")
      return
    }
    const type = CONTENT_TYPES[path.extname(served)] ?? "application/octet-stream"
    const hashed = /-[0-9a-f]{16,}\.(js|css)$/.test(served) || served.includes(`${path.sep}static${path.sep}`)
    response.setHeader("Content-Type", type)
    response.setHeader("Cache-Control", hashed ? "public, max-age=31536000, immutable" : "public, max-age=0, must-revalidate")
    let body = fs.readFileSync(served)
    if (COMPRESSIBLE.test(type) && /\bgzip\b/.test(String(request.headers["accept-encoding"]))) {
      body = zlib.gzipSync(body)
      response.setHeader("Content-Encoding", "gzip")
    }
    response.writeHead(status).end(request.method === "HEAD" ? undefined : body)
  })
  return new Promise((resolve) => {
    server.listen(port, "127.0.0.1", () => {
      const { port: listening } = server.address() as AddressInfo
      resolve({
        origin: `http://127.0.0.1:${listening}`,
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
