import fs from "node:fs"
import http from "node:http"
import path from "node:path"
import type { AddressInfo } from "node:net"
import { fileFor, type StaticServer } from "../../../node-kit/http/static-server"

const TYPES: Record<string, string> = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css", ".json": "application/json", ".svg": "image/svg+xml" }

/**
 * Serves a build as an object store does: each file with a Content-Type by
 * its extension (no charset) and no other header, so no CSP but what the
 * pages carry themselves; 404 for a path the build has not got.
 */
export function serveBare(root: string): Promise<StaticServer> {
  const server = http.createServer((request, response) => {
    const file = fileFor(root, new URL(request.url ?? "/", "http://localhost").pathname)
    if (!file) {
      response.writeHead(404).end()
      return
    }
    response.writeHead(200, { "Content-Type": TYPES[path.extname(file)] ?? "application/octet-stream" }).end(fs.readFileSync(file))
  })
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo
      resolve({
        origin: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done())
            server.closeAllConnections()
          }),
      })
    })
  })
}
