import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { edgeHeadersOfAnswer, edgeKeyOfFile, edgeKeyOfMissingPath } from "../../../publisher/src/cdn/edge-cache"
import { serveStatic, type StaticServer } from "../../../node-kit/http/static-server"

describe("edge keys", () => {
  it.each([
    ["index.html", "/"],
    ["series/1/index.html", "/series/1/"],
    ["404.html", "/404.html"],
    ["page-data/series/1/page-data.json", "/page-data/series/1/page-data.json"],
    ["page-data/app-data.json", "/page-data/app-data.json"],
  ])("names %s by the URL it is served at, %s", (file, key) => {
    expect(edgeKeyOfFile(file)).toBe(key)
  })

  it.each([
    ["/series/9", "/series/9/"],
    ["/series/9/", "/series/9/"],
    ["/series/9/index.html", "/series/9/"],
    ["/nothing.txt", "/nothing.txt"],
  ])("names a path with no file, %s, as the page a later release could add there, %s", (requestPath, key) => {
    expect(edgeKeyOfMissingPath(requestPath)).toBe(key)
  })

  it("gives no key to a path that could not be one header token", () => {
    expect(edgeKeyOfMissingPath(`/${"a".repeat(600)}`)).toBeUndefined()
    expect(edgeKeyOfMissingPath("/a,b")).toBeUndefined()
    expect(edgeKeyOfMissingPath("/caf\u00e9")).toBeUndefined()
  })
})

describe("a static server told its answers may be kept by a CDN", () => {
  let dir: string
  let server: StaticServer
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "edge-"))
    fs.mkdirSync(path.join(dir, "series", "1"), { recursive: true })
    fs.writeFileSync(path.join(dir, "series", "1", "index.html"), "<!doctype html><title>Series</title>")
    fs.writeFileSync(path.join(dir, "404.html"), "<!doctype html><title>Not found</title>")
    fs.writeFileSync(path.join(dir, "app-0123456789abcdef0123.js"), "console.log(1)")
    server = await serveStatic(dir, 0, { edgeHeaders: edgeHeadersOfAnswer })
  })
  afterAll(async () => {
    await server.close()
    fs.rmSync(dir, { recursive: true, force: true })
  })

  it("keeps a page until purged at the edge, revalidated in the browser, keyed by its URL", async () => {
    const response = await fetch(`${server.origin}/series/1`)
    expect(response.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate")
    expect(response.headers.get("surrogate-control")).toMatch(/^max-age=31536000, stale-while-revalidate=\d+, stale-if-error=\d+$/)
    expect(response.headers.get("cdn-cache-control")).toBe(response.headers.get("surrogate-control"))
    expect(response.headers.get("surrogate-key")).toBe("site /series/1/")
    expect(response.headers.get("cache-tag")).toBe("site,/series/1/")
  })

  it("keys a 404 by the 404 page and by the page a release could add at its path", async () => {
    const response = await fetch(`${server.origin}/series/2`)
    expect(response.status).toBe(404)
    expect(response.headers.get("surrogate-key")).toBe("site /404.html /series/2/")
  })

  it("keys a content-hashed file too, so purging the site empties the edge of it", async () => {
    const response = await fetch(`${server.origin}/app-0123456789abcdef0123.js`)
    expect(response.headers.get("cache-control")).toContain("immutable")
    expect(response.headers.get("surrogate-key")).toBe("site /app-0123456789abcdef0123.js")
  })
})

describe("a static server with no CDN to purge it", () => {
  it("tells no shared cache to keep anything", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "edge-"))
    fs.writeFileSync(path.join(dir, "index.html"), "<!doctype html><title>Home</title>")
    const server = await serveStatic(dir, 0)
    try {
      const response = await fetch(`${server.origin}/`)
      expect(response.status).toBe(200)
      expect([response.headers.get("surrogate-control"), response.headers.get("surrogate-key")]).toEqual([null, null])
    } finally {
      await server.close()
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})
