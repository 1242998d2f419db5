import crypto from "node:crypto"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { HEADERS_FILE, headersFileText, pagePathOf, scanBuild, writeSecurityHeaders } from "../../../node-kit/security/header-map"
import { HEADER_MAP_FILE, pagePolicy, readHeaderMap } from "../../../node-kit/security/header-map-file"
import { cspMetaTag } from "../../../node-kit/security/csp-meta"
import { STRICT_TRANSPORT_SECURITY } from "../../../node-kit/security/headers"
import { hashSource } from "../../../node-kit/security/inline-code"
import { injectedPageHtml, pageHtml, SOURCES, writePage } from "./built-pages"

let build: string

const readPage = (file: string) => fs.readFileSync(path.join(build, file), "utf8")

beforeEach(() => {
  build = fs.mkdtempSync(path.join(os.tmpdir(), "security-header-map-"))
  writePage(build, "index.html", pageHtml("/"))
  writePage(build, "series/101/index.html", pageHtml("/series/101/"))
  writePage(build, "404.html", pageHtml("/404.html"))
  writePage(build, "app-0123456789abcdef0123.js", "console.log('app')")
})

afterEach(() => fs.rmSync(build, { recursive: true, force: true }))

describe("pagePathOf", () => {
  it("is the path a host serves the file at", () => {
    expect(pagePathOf("index.html")).toBe("/")
    expect(pagePathOf("series/101/index.html")).toBe("/series/101/")
    expect(pagePathOf("404.html")).toBe("/404.html")
    expect(pagePathOf("offline.html")).toBe("/offline.html")
  })
})

describe("writeSecurityHeaders", () => {
  it("writes every HTML page's CSP, each with the hash of its own inline script", async () => {
    await expect(writeSecurityHeaders(build, SOURCES)).resolves.toEqual({ pages: 3, hashed: 3, read: 3, rewritten: 3, refused: {} })
    const map = readHeaderMap(build)!
    expect(Object.keys(map.pages).sort()).toEqual(["/", "/404.html", "/series/101/"])
    expect(pagePolicy(map, map.pages["/series/101/"]!)).toContain(hashSource('window.pagePath="/series/101/";'))
    expect(pagePolicy(map, map.pages["/series/101/"]!)).not.toContain(hashSource('window.pagePath="/";'))
    expect(map.common["Referrer-Policy"]).toBe("strict-origin-when-cross-origin")
  })

  it("leaves a script injected into a page's content out of its CSP, and reports the page on every build, not only the one that parsed it", async () => {
    writePage(build, "detail/7/index.html", injectedPageHtml("/detail/7/"))
    const expected = { pages: 4, hashed: 4, read: 4, rewritten: 4, refused: { "/detail/7/": ["alert(1)"] } }
    await expect(writeSecurityHeaders(build, SOURCES)).resolves.toEqual(expected)
    const csp = pagePolicy(readHeaderMap(build)!, readHeaderMap(build)!.pages["/detail/7/"]!)
    expect(csp).toContain(hashSource('/*<![CDATA[*/window.pagePath="/detail/7/";/*]]>*/'))
    expect(csp).not.toContain(hashSource("alert(1)"))
    await expect(writeSecurityHeaders(build, SOURCES)).resolves.toEqual({ ...expected, hashed: 0, rewritten: 0 })
  })

  it("never reuses the hashes of a map written before only Gatsby's scripts were allowed (version 1), though servers still read it", async () => {
    writePage(build, "detail/7/index.html", injectedPageHtml("/detail/7/"))
    await writeSecurityHeaders(build, SOURCES)
    const map = readHeaderMap(build)!
    const injected = hashSource("alert(1)")
    // What the step wrote before: every inline script hashed, every page's policy stored.
    const withPolicies = Object.fromEntries(Object.entries(map.pages).map(([pagePath, entry]) => [pagePath, { ...entry, csp: pagePolicy(map, entry) }]))
    const old = {
      ...map,
      version: 1,
      pages: { ...withPolicies, "/detail/7/": { ...map.pages["/detail/7/"]!, hashes: { ...map.pages["/detail/7/"]!.hashes, scripts: [injected] }, csp: injected } },
    }
    fs.writeFileSync(path.join(build, HEADER_MAP_FILE), JSON.stringify(old))
    expect(readHeaderMap(build)!.version).toBe(1)

    await expect(writeSecurityHeaders(build, SOURCES)).resolves.toMatchObject({ hashed: 4, refused: { "/detail/7/": ["alert(1)"] } })
    expect(pagePolicy(readHeaderMap(build)!, readHeaderMap(build)!.pages["/detail/7/"]!)).not.toContain(injected)
    expect(readHeaderMap(build)!.version).toBe(4)
  })

  it("stores a hash many pages share once, whatever the number of pages", async () => {
    const shared = "margin:0"
    const withStyle = (pagePath: string) => pageHtml(pagePath).replace("<body>", `<body><p style="${shared}"></p>`)
    for (let id = 1; id <= 50; id++) writePage(build, `detail/${id}/index.html`, withStyle(`/detail/${id}/`))
    await writeSecurityHeaders(build, SOURCES)
    const text = fs.readFileSync(path.join(build, HEADER_MAP_FILE), "utf8")
    expect(text.split(hashSource(shared)).length - 1).toBe(1)
    const map = readHeaderMap(build)!
    expect(map.pages["/detail/50/"]!.hashes.styleAttributes).toEqual([hashSource(shared)])
    expect(pagePolicy(map, map.pages["/detail/50/"]!)).toContain(`'unsafe-hashes' 'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=' ${hashSource(shared)}`)
  })

  it("reuses the pages of a version-3 map, which stored each page's policy, without parsing them again", async () => {
    await writeSecurityHeaders(build, SOURCES)
    const map = readHeaderMap(build)!
    const withPolicies = Object.fromEntries(Object.entries(map.pages).map(([pagePath, entry]) => [pagePath, { ...entry, csp: pagePolicy(map, entry) }]))
    const current = fs.readFileSync(path.join(build, HEADER_MAP_FILE))
    fs.writeFileSync(path.join(build, HEADER_MAP_FILE), JSON.stringify({ ...map, version: 3, pages: withPolicies }))
    await expect(writeSecurityHeaders(build, SOURCES)).resolves.toEqual({ pages: 3, hashed: 0, read: 3, rewritten: 0, refused: {} })
    expect(fs.readFileSync(path.join(build, HEADER_MAP_FILE)).equals(current)).toBe(true)
  })

  it("asks browsers to keep to https only when the site's address is https", async () => {
    await writeSecurityHeaders(build, { ...SOURCES, site: "https://moveflix.example" })
    expect(readHeaderMap(build)!.common["Strict-Transport-Security"]).toBe(STRICT_TRANSPORT_SECURITY)
    expect(fs.readFileSync(path.join(build, HEADERS_FILE), "utf8")).toMatch(/^\/\*\n( {2}.*\n)* {2}Strict-Transport-Security: max-age=31536000\n/m)
    await writeSecurityHeaders(build, { ...SOURCES, site: "http://localhost:9000" })
    expect(readHeaderMap(build)!.common).not.toHaveProperty("Strict-Transport-Security")
    expect(fs.readFileSync(path.join(build, HEADERS_FILE), "utf8")).not.toContain("Strict-Transport-Security")
  })

  it("lists no file under Gatsby's own folders, which hold no page (an HTML asset in static/ is not one)", async () => {
    writePage(build, "static/embed-0123456789abcdef.html", pageHtml("/static/embed"))
    writePage(build, "page-data/series/101/index.html", pageHtml("/page-data"))
    writePage(build, "_gatsby/image/abc/index.html", pageHtml("/_gatsby"))
    writePage(build, "category/1/index.html", pageHtml("/category/1/"))
    await writeSecurityHeaders(build, SOURCES)
    expect(Object.keys(readHeaderMap(build)!.pages).sort()).toEqual(["/", "/404.html", "/category/1/", "/series/101/"])
  })

  it("after an incremental build, covers every page of the folder but parses only the changed ones", async () => {
    await writeSecurityHeaders(build, SOURCES)
    // The next build rewrites one page, adds one and deletes one; the others keep their files.
    writePage(build, "series/101/index.html", pageHtml("/series/101/?v2"))
    writePage(build, "series/102/index.html", pageHtml("/series/102/"))
    fs.rmSync(path.join(build, "404.html"))

    await expect(writeSecurityHeaders(build, SOURCES)).resolves.toEqual({ pages: 3, hashed: 2, read: 3, rewritten: 2, refused: {} })
    const map = readHeaderMap(build)!
    expect(Object.keys(map.pages).sort()).toEqual(["/", "/series/101/", "/series/102/"])
    expect(pagePolicy(map, map.pages["/series/101/"]!)).toContain(hashSource('window.pagePath="/series/101/?v2";'))
    expect(pagePolicy(map, map.pages["/"]!)).toContain(hashSource('window.pagePath="/";'))
  })

  it("writes the same map for the same bytes, though the build rewrote every file (the publisher then makes no release)", async () => {
    await writeSecurityHeaders(build, SOURCES)
    const first = fs.readFileSync(path.join(build, HEADER_MAP_FILE))
    const later = new Date(Date.now() + 5000)
    for (const file of ["index.html", "series/101/index.html", "404.html"]) {
      writePage(build, file, fs.readFileSync(path.join(build, file), "utf8"))
      fs.utimesSync(path.join(build, file), later, later)
    }
    await expect(writeSecurityHeaders(build, SOURCES)).resolves.toEqual({ pages: 3, hashed: 0, read: 3, rewritten: 0, refused: {} })
    expect(fs.readFileSync(path.join(build, HEADER_MAP_FILE)).equals(first)).toBe(true)
  })

  it("remakes every policy and every page's meta when the sources change, without parsing unchanged pages", async () => {
    await writeSecurityHeaders(build, SOURCES)
    await expect(writeSecurityHeaders(build, { ...SOURCES, player: ["https://player.example.net"] })).resolves.toEqual({ pages: 3, hashed: 0, read: 3, rewritten: 3, refused: {} })
    expect(pagePolicy(readHeaderMap(build)!, readHeaderMap(build)!.pages["/"]!)).toContain("frame-src https://player.example.net")
    expect(readPage("index.html")).toContain("content=\"default-src 'self'; script-src")
    expect(readPage("index.html").match(/http-equiv="Content-Security-Policy"/g)).toHaveLength(1)
    expect(readPage("index.html")).toContain("frame-src https://player.example.net")
  })
})

describe("writeSecurityHeaders with a stamps file", () => {
  let stamps: string
  beforeEach(() => {
    stamps = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "security-header-stamps-")), "stamps.json")
  })
  afterEach(() => fs.rmSync(path.dirname(stamps), { recursive: true, force: true }))

  it("reads only the pages written since the last scan, and writes the map it would have written reading all", async () => {
    await expect(writeSecurityHeaders(build, SOURCES, stamps)).resolves.toEqual({ pages: 3, hashed: 3, read: 3, rewritten: 3, refused: {} })
    writePage(build, "series/101/index.html", pageHtml("/series/101/?v2"))
    writePage(build, "series/102/index.html", pageHtml("/series/102/"))
    await expect(writeSecurityHeaders(build, SOURCES, stamps)).resolves.toEqual({ pages: 4, hashed: 2, read: 2, rewritten: 2, refused: {} })
    const withStamps = fs.readFileSync(path.join(build, HEADER_MAP_FILE))
    expect(pagePolicy(readHeaderMap(build)!, readHeaderMap(build)!.pages["/series/101/"]!)).toContain(hashSource('window.pagePath="/series/101/?v2";'))

    await expect(writeSecurityHeaders(build, SOURCES)).resolves.toEqual({ pages: 4, hashed: 0, read: 4, rewritten: 0, refused: {} })
    expect(fs.readFileSync(path.join(build, HEADER_MAP_FILE)).equals(withStamps)).toBe(true)
  })

  it("reads a page again whose bytes were rewritten in place with the same size and times put back", async () => {
    await writeSecurityHeaders(build, SOURCES, stamps)
    const file = path.join(build, "index.html")
    const { atime, mtime } = fs.statSync(file)
    fs.writeFileSync(file, pageHtml("/").replace('"/"', '"!"'))
    fs.utimesSync(file, atime, mtime)
    // The ctime moved (no program can set it back), so the page is read and parsed again.
    await expect(writeSecurityHeaders(build, SOURCES, stamps)).resolves.toEqual({ pages: 3, hashed: 1, read: 1, rewritten: 1, refused: {} })
    expect(pagePolicy(readHeaderMap(build)!, readHeaderMap(build)!.pages["/"]!)).toContain(hashSource('window.pagePath="!";'))
  })
})

describe("headersFileText", () => {
  /** The rules of a `_headers` text: each a pattern line and its indented header lines. */
  const rulesOf = (text: string) =>
    text
      .trimEnd()
      .split(/\n(?=\S)/)
      .filter((rule) => !rule.startsWith("#"))

  // It held a rule per page, each page's CSP on its path, until the CSP went into each page's meta.
  it("is one rule, /*, with the common headers and the part of the CSP a meta cannot carry", async () => {
    const { map } = await scanBuild(build, SOURCES)
    const rules = rulesOf(headersFileText(map))
    expect(rules).toHaveLength(1)
    expect(rules[0]).toMatch(/^\/\*\n {2}Referrer-Policy: strict-origin-when-cross-origin\n/)
    expect(rules[0]).toContain("\n  X-Content-Type-Options: nosniff")
    expect(rules[0]).toContain("\n  X-Frame-Options: DENY")
    // No page's hashes: a host sends this to every page, and each page's own policy is in its meta.
    expect(rules[0]).toMatch(/\n {2}Content-Security-Policy: frame-ancestors 'none'$/)
  })

  it("does not grow with the number of pages", async () => {
    await writeSecurityHeaders(build, SOURCES)
    const few = fs.readFileSync(path.join(build, HEADERS_FILE), "utf8")
    for (let id = 1; id <= 200; id++) writePage(build, `detail/${id}/index.html`, pageHtml(`/detail/${id}/`))
    await expect(writeSecurityHeaders(build, SOURCES)).resolves.toMatchObject({ pages: 203 })
    expect(fs.readFileSync(path.join(build, HEADERS_FILE), "utf8")).toBe(few)
  })

  it("is written beside the map", async () => {
    await writeSecurityHeaders(build, SOURCES)
    expect(fs.readFileSync(path.join(build, HEADERS_FILE), "utf8")).toBe(headersFileText(readHeaderMap(build)!))
    expect(fs.existsSync(path.join(build, HEADER_MAP_FILE))).toBe(true)
  })
})

describe("each page's CSP meta", () => {
  it("is written first in the page's head, with the page's policy less frame-ancestors", async () => {
    writePage(build, "index.html", `<!DOCTYPE html><html lang="en"><head><style>p{}</style></head><body><script>window.pagePath="/";</script></body></html>`)
    await writeSecurityHeaders(build, SOURCES)
    const map = readHeaderMap(build)!
    const csp = pagePolicy(map, map.pages["/"]!)
    expect(csp).toContain("frame-ancestors 'none'")
    const html = readPage("index.html")
    expect(html).toBe(`<!DOCTYPE html><html lang="en"><head>${cspMetaTag(csp)}<style>p{}</style></head><body><script>window.pagePath="/";</script></body></html>`)
    expect(html).not.toContain("frame-ancestors")
    expect(html).toContain(hashSource("p{}"))
  })

  it("leaves a page that already has it unwritten, and records the stamp of the bytes on disk", async () => {
    await writeSecurityHeaders(build, SOURCES)
    const file = path.join(build, "series/101/index.html")
    const written = fs.statSync(file)
    const stamp = readHeaderMap(build)!.pages["/series/101/"]!.stamp
    // No map to say the page is known: its bytes alone show it needs no rewrite.
    fs.rmSync(path.join(build, HEADER_MAP_FILE))
    await expect(writeSecurityHeaders(build, SOURCES)).resolves.toMatchObject({ hashed: 3, rewritten: 0 })
    expect(fs.statSync(file).mtimeMs).toBe(written.mtimeMs)
    expect(fs.statSync(file).ino).toBe(written.ino)
    expect(readHeaderMap(build)!.pages["/series/101/"]!.stamp).toBe(stamp)
  })

  it("replaces a stale meta, never adds a second one", async () => {
    await writeSecurityHeaders(build, SOURCES)
    const stale = readPage("index.html")
    // The page's script changes, its meta still the old policy's.
    writePage(build, "index.html", stale.replace('window.pagePath="/"', 'window.pagePath="/?v2"'))
    await expect(writeSecurityHeaders(build, SOURCES)).resolves.toMatchObject({ hashed: 1, rewritten: 1 })
    const html = readPage("index.html")
    expect(html.match(/http-equiv="Content-Security-Policy"/g)).toHaveLength(1)
    expect(html).toContain(hashSource('window.pagePath="/?v2";'))
    expect(html).not.toContain(hashSource('window.pagePath="/";'))
  })

  it("a page Gatsby wrote again as it was, without the meta, gets it back without being parsed, and the map is the same", async () => {
    await writeSecurityHeaders(build, SOURCES)
    const map = fs.readFileSync(path.join(build, HEADER_MAP_FILE))
    const withMeta = readPage("index.html")
    writePage(build, "index.html", pageHtml("/"))
    await expect(writeSecurityHeaders(build, SOURCES)).resolves.toEqual({ pages: 3, hashed: 0, read: 3, rewritten: 1, refused: {} })
    expect(readPage("index.html")).toBe(withMeta)
    expect(fs.readFileSync(path.join(build, HEADER_MAP_FILE)).equals(map)).toBe(true)
  })

  it("is given to every page of a folder whose map a build wrote before pages had metas (version 2)", async () => {
    await writeSecurityHeaders(build, SOURCES)
    const map = readHeaderMap(build)!
    // What the step wrote before: the pages as Gatsby wrote them, stamped as they were.
    for (const file of ["index.html", "series/101/index.html", "404.html"]) writePage(build, file, pageHtml(pagePathOf(file)))
    const unstamped = Object.fromEntries(
      Object.entries(map.pages).map(([pagePath, entry]) => [
        pagePath,
        { ...entry, csp: pagePolicy(map, entry), stamp: crypto.createHash("sha256").update(readPage(entry.file)).digest("base64url") },
      ]),
    )
    fs.writeFileSync(path.join(build, HEADER_MAP_FILE), JSON.stringify({ ...map, version: 2, pages: unstamped }))
    await expect(writeSecurityHeaders(build, SOURCES)).resolves.toMatchObject({ hashed: 3, rewritten: 3 })
    expect(readPage("404.html")).toContain(cspMetaTag(pagePolicy(readHeaderMap(build)!, readHeaderMap(build)!.pages["/404.html"]!)))
  })
})
