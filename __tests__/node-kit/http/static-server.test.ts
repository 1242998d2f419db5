import fs from "node:fs"
import http from "node:http"
import type { AddressInfo } from "node:net"
import os from "node:os"
import path from "node:path"
import zlib from "node:zlib"
import { HEADERS_FILE, writeSecurityHeaders } from "../../../node-kit/security/header-map"
import { HEADER_MAP_FILE, pagePolicy, readHeaderMap } from "../../../node-kit/security/header-map-file"
import { createStaticHandler, serveStatic, type SiteFiles, type StaticServer } from "../../../node-kit/http/static-server"

let root: string
let server: StaticServer

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "static-server-"))
  fs.mkdirSync(path.join(root, "series", "101"), { recursive: true })
  fs.writeFileSync(path.join(root, "series", "101", "index.html"), "<h1>Sunrise Yoga</h1>")
  fs.writeFileSync(path.join(root, "404.html"), "<h1>404 PAGE NOT FOUND</h1>")
  fs.writeFileSync(path.join(root, "app-0123456789abcdef0123.js"), "console.log('app')")
  fs.writeFileSync(path.join(root, "secret.txt"), "outside")
  server = await serveStatic(path.join(root, "series"))
})

afterAll(async () => {
  await server.close()
  fs.rmSync(root, { recursive: true, force: true })
})

describe("serveStatic", () => {
  it("answers a page at its path, with or without the trailing slash, revalidated every time", async () => {
    for (const pathname of ["/101", "/101/"]) {
      const response = await fetch(`${server.origin}${pathname}`)
      expect(response.status).toBe(200)
      expect(response.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate")
      await expect(response.text()).resolves.toBe("<h1>Sunrise Yoga</h1>")
    }
  })

  it("never serves a file above its folder", async () => {
    const response = await fetch(`${server.origin}/..%2Fsecret.txt`)
    expect(response.status).toBe(404)
  })
})

describe("serveStatic over a whole build", () => {
  let build: StaticServer
  beforeAll(async () => {
    build = await serveStatic(root)
  })
  afterAll(async () => build.close())

  it("answers an unknown path with the 404 page and status 404", async () => {
    const response = await fetch(`${build.origin}/no-such-page`)
    expect(response.status).toBe(404)
    await expect(response.text()).resolves.toContain("404 PAGE NOT FOUND")
  })

  it("caches hashed assets for a year and gzips text for clients that ask", async () => {
    const response = await fetch(`${build.origin}/app-0123456789abcdef0123.js`, { headers: { "Accept-Encoding": "gzip" } })
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable")
    expect(response.headers.get("content-encoding")).toBe("gzip")
    // fetch inflates it again: the body is the file.
    await expect(response.text()).resolves.toBe("console.log('app')")
    expect(zlib.gzipSync("x").length).toBeGreaterThan(0)
  })
})

describe("serveStatic refuses what the build keeps for itself", () => {
  const buildOnly = {
    "app-0123456789abcdef0123.js.map": '{"version":3,"sourcesContent":["// a comment"]}',
    "styles.0123456789abcdef0123.css.map": '{"version":3}',
    "static/0a1b/lib.js.map": '{"version":3}',
    "webpack.stats.json": '{"namedChunkGroups":{}}',
    "chunk-map.json": '{"app":["/app-0123456789abcdef0123.js"]}',
  }
  let build: StaticServer
  beforeAll(async () => {
    for (const [file, text] of Object.entries(buildOnly)) {
      fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true })
      fs.writeFileSync(path.join(root, file), text)
    }
    build = await serveStatic(root)
  })
  afterAll(async () => {
    await build.close()
    for (const file of Object.keys(buildOnly)) fs.rmSync(path.join(root, file))
  })

  it.each(Object.keys(buildOnly))("answers /%s with the 404 page, as a file it has not got", async (file) => {
    for (const method of ["GET", "HEAD"]) {
      const response = await fetch(`${build.origin}/${file}`, { method })
      expect(response.status).toBe(404)
      expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8")
    }
    await expect((await fetch(`${build.origin}/${file}`)).text()).resolves.toContain("404 PAGE NOT FOUND")
  })

  it("still serves the chunk whose map it refuses", async () => {
    expect((await fetch(`${build.origin}/app-0123456789abcdef0123.js`)).status).toBe(200)
  })
})

describe("serveStatic's security headers", () => {
  let build: StaticServer
  /** A copy of the build: the post-build step writes each page's CSP meta into its pages, which the other tests serve as written. */
  let own: string
  beforeAll(async () => {
    own = fs.mkdtempSync(path.join(os.tmpdir(), "static-server-headers-"))
    fs.cpSync(root, own, { recursive: true })
    fs.writeFileSync(path.join(own, "index.html"), '<html><body><script>window.pagePath="/";</script></body></html>')
    await writeSecurityHeaders(own, { api: ["https://api.example.com"], player: [], images: [] })
    build = await serveStatic(own)
  })
  afterAll(async () => {
    await build.close()
    fs.rmSync(own, { recursive: true, force: true })
  })

  it("sends every HTML answer, the 404 page too, with the build's CSP and the common headers", async () => {
    const map = readHeaderMap(own)!
    for (const [pathname, pagePath] of [
      ["/", "/"],
      ["/series/101", "/series/101/"],
      ["/no-such-page", "/404.html"],
    ] as const) {
      const response = await fetch(`${build.origin}${pathname}`)
      expect(response.headers.get("content-security-policy")).toBe(pagePolicy(map, map.pages[pagePath]!))
      expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin")
      expect(response.headers.get("x-frame-options")).toBe("DENY")
      expect(response.headers.get("permissions-policy")).toContain("camera=()")
    }
  })

  it("sends no CSP with scripts and files, and never serves the hosts' own files", async () => {
    const script = await fetch(`${build.origin}/app-0123456789abcdef0123.js`)
    expect(script.headers.get("content-security-policy")).toBeNull()
    expect(script.headers.get("x-content-type-options")).toBe("nosniff")
    for (const file of [HEADERS_FILE, HEADER_MAP_FILE]) {
      const response = await fetch(`${build.origin}/${file}`)
      expect(response.status).toBe(404)
      await expect(response.text()).resolves.toContain("404 PAGE NOT FOUND")
    }
  })
})

describe("a site found through SiteFiles (the publisher's releases)", () => {
  let build: string
  let elsewhere: string
  let servers: StaticServer[] = []
  beforeAll(async () => {
    build = fs.mkdtempSync(path.join(os.tmpdir(), "site-files-build-"))
    elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), "site-files-held-"))
    const files: Record<string, string> = {
      "index.html": '<html><body><script>window.pagePath="/";</script></body></html>',
      "series/101/index.html": "<h1>Sunrise Yoga</h1>",
      "404.html": "<h1>404 PAGE NOT FOUND</h1>",
      "app-0123456789abcdef0123.js": "console.log('app')",
      "page-data/index/page-data.json": '{"path":"/"}',
      "static/0a1b/photo.webp": "webp bytes",
    }
    for (const [file, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(build, file)), { recursive: true })
      fs.writeFileSync(path.join(build, file), text)
    }
    await writeSecurityHeaders(build, { api: ["https://api.example.com"], player: [], images: [] })
  })
  afterAll(async () => {
    for (const each of servers) await each.close()
    for (const folder of [build, elsewhere]) fs.rmSync(folder, { recursive: true, force: true })
  })

  /** The same build with every file held under another name in another folder, found by a lookup table (as a release's manifest does). */
  function tableSite(): SiteFiles {
    const table = new Map<string, string>()
    for (const file of fs.readdirSync(build, { recursive: true }) as string[]) {
      if (!fs.statSync(path.join(build, file)).isFile()) continue
      const held = path.join(elsewhere, `held-${table.size}`)
      fs.copyFileSync(path.join(build, file), held)
      table.set(file.split(path.sep).join("/"), held)
    }
    return { headerRoot: build, fileOf: (buildPath) => table.get(buildPath) }
  }

  it("answers every path exactly as the folder does: status, headers, body, index pages, the 404 page, host files refused", async () => {
    const site = tableSite()
    const fromFolder = await serveStatic(build, 0, { encodings: ["br", "gzip"] })
    servers = [fromFolder]
    // serveStatic takes a folder; the table is given through the handler's function form.
    const handle = createStaticHandler({ root: () => site, encodings: ["br", "gzip"] })
    const tableServer = http.createServer((request, response) => void handle(request, response))
    await new Promise<void>((resolve) => tableServer.listen(0, "127.0.0.1", resolve))
    const tableOrigin = `http://127.0.0.1:${(tableServer.address() as AddressInfo).port}`
    const answer = async (origin: string, pathname: string, encoding: string) => {
      const response = await fetch(`${origin}${pathname}`, { headers: { "Accept-Encoding": encoding } })
      const headers = Object.fromEntries([...response.headers].filter(([name]) => !["date", "connection", "keep-alive"].includes(name)))
      return { status: response.status, headers, body: await response.text() }
    }
    try {
      const paths = [
        "/",
        "/index.html",
        "/series/101",
        "/series/101/",
        "/series/101/index.html",
        "/series",
        "/no-such-page",
        "/404.html",
        "/app-0123456789abcdef0123.js",
        "/page-data/index/page-data.json",
        "/static/0a1b/photo.webp",
        "/security-headers.json",
        "/_headers",
        "/..%2F..%2Fetc%2Fpasswd",
        "/series//101/",
        "/./series/101/",
      ]
      for (const pathname of paths) {
        for (const encoding of ["br", "gzip", "identity"]) {
          expect({ pathname, ...(await answer(tableOrigin, pathname, encoding)) }).toEqual({ pathname, ...(await answer(fromFolder.origin, pathname, encoding)) })
        }
      }
      expect((await answer(tableOrigin, "/%E0%A4%A", "gzip")).status).toBe(400)
    } finally {
      await new Promise<void>((resolve) => tableServer.close(() => resolve()))
    }
  })
})
