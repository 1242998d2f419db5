import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { writeSecurityHeaders } from "../../../node-kit/security/header-map"
import { HEADER_MAP_FILE, pagePolicy, readHeaderMap } from "../../../node-kit/security/header-map-file"
import { createHtmlHeaderLookup } from "../../../node-kit/security/html-header-lookup"
import { hashSource } from "../../../node-kit/security/inline-code"
import { injectedPageHtml, pageHtml, SOURCES, writePage } from "./built-pages"

let build: string

beforeEach(() => {
  build = fs.mkdtempSync(path.join(os.tmpdir(), "html-header-lookup-"))
  writePage(build, "index.html", pageHtml("/"))
  writePage(build, "series/101/index.html", pageHtml("/series/101/"))
  writePage(build, "404.html", pageHtml("/404.html"))
})

afterEach(() => fs.rmSync(build, { recursive: true, force: true }))

describe("createHtmlHeaderLookup", () => {
  it("answers the headers the map holds for the page", async () => {
    await writeSecurityHeaders(build, SOURCES)
    const headers = createHtmlHeaderLookup()(build, "series/101/index.html", Buffer.from("not read"))
    expect(headers["Content-Security-Policy"]).toBe(pagePolicy(readHeaderMap(build)!, readHeaderMap(build)!.pages["/series/101/"]!))
    expect(headers["X-Frame-Options"]).toBe("DENY")
  })

  it("hashes a page the map does not list as it is served, with the map's sources", async () => {
    await writeSecurityHeaders(build, SOURCES)
    const headers = createHtmlHeaderLookup()(build, "added/index.html", Buffer.from(pageHtml("/added/")))
    expect(headers["Content-Security-Policy"]).toContain(hashSource('window.pagePath="/added/";'))
    expect(headers["Content-Security-Policy"]).toContain("connect-src 'self' https://api.example.com")
  })

  it("hashes only Gatsby's scripts of a page the map does not list, as the build's step does", async () => {
    await writeSecurityHeaders(build, SOURCES)
    const headers = createHtmlHeaderLookup()(build, "added/index.html", Buffer.from(injectedPageHtml("/added/")))
    expect(headers["Content-Security-Policy"]).toContain(hashSource('/*<![CDATA[*/window.pagePath="/added/";/*]]>*/'))
    expect(headers["Content-Security-Policy"]).not.toContain(hashSource("alert(1)"))
    expect(createHtmlHeaderLookup()(build, "added/index.html", Buffer.from("<body><script>alert(1)</script></body>"))["Content-Security-Policy"]).toContain("script-src 'self';")
  })

  it("with no map at all, still sends a CSP: the page's own hashes and no outside origin", () => {
    const headers = createHtmlHeaderLookup()(build, "index.html", Buffer.from(pageHtml("/")))
    expect(headers["Content-Security-Policy"]).toContain(hashSource('window.pagePath="/";'))
    expect(headers["Content-Security-Policy"]).toContain("connect-src 'self';")
    expect(headers["Content-Security-Policy"]).toContain("frame-src 'none'")
    expect(headers["Content-Security-Policy"]).toContain("img-src 'self';")
  })

  it("sends the policy an older release's map stored for the page (version 3, kept for rollback)", () => {
    const stored = "default-src 'self'; script-src 'self' 'sha256-stored='; frame-ancestors 'none'"
    const hashes = { scripts: [hashSource('window.pagePath="/";')], styles: [], styleAttributes: [] }
    const old = { version: 3, sources: SOURCES, common: { "X-Frame-Options": "DENY" }, pages: { "/": { file: "index.html", stamp: "s", hashes, csp: stored } } }
    fs.writeFileSync(path.join(build, HEADER_MAP_FILE), JSON.stringify(old))
    expect(createHtmlHeaderLookup()(build, "index.html", Buffer.from(""))).toEqual({ "X-Frame-Options": "DENY", "Content-Security-Policy": stored })
  })

  it("reads the map again when a build rewrites it", async () => {
    const lookup = createHtmlHeaderLookup()
    await writeSecurityHeaders(build, SOURCES)
    expect(lookup(build, "index.html", Buffer.from(""))["Content-Security-Policy"]).toContain("https://player.vimeo.com")
    await writeSecurityHeaders(build, { ...SOURCES, player: ["https://player.example.net"] })
    const later = new Date(Date.now() + 5000)
    fs.utimesSync(path.join(build, HEADER_MAP_FILE), later, later)
    expect(lookup(build, "index.html", Buffer.from(""))["Content-Security-Policy"]).toContain("frame-src https://player.example.net")
  })
})
