import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import zlib from "node:zlib"
import { HEADER_MAP_FILE, HEADERS_FILE, readHeaderMap, writeSecurityHeaders } from "../../node-kit/security-header-map"
import { serveStatic, type StaticServer } from "../../node-kit/static-server"

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

describe("serveStatic's security headers", () => {
  let build: StaticServer
  beforeAll(async () => {
    fs.writeFileSync(path.join(root, "index.html"), '<html><body><script>window.pagePath="/";</script></body></html>')
    await writeSecurityHeaders(root, { api: ["https://api.example.com"], player: [], images: [] })
    build = await serveStatic(root)
  })
  afterAll(async () => {
    await build.close()
    for (const file of ["index.html", HEADER_MAP_FILE, HEADERS_FILE]) fs.rmSync(path.join(root, file))
  })

  it("sends every HTML answer, the 404 page too, with the build's CSP and the common headers", async () => {
    const map = readHeaderMap(root)!
    for (const [pathname, pagePath] of [["/", "/"], ["/series/101", "/series/101/"], ["/no-such-page", "/404.html"]] as const) {
      const response = await fetch(`${build.origin}${pathname}`)
      expect(response.headers.get("content-security-policy")).toBe(map.pages[pagePath]!.csp)
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
