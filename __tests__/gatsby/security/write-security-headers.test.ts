import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import type { CreatePagesArgs, Reporter } from "gatsby"
import { cspMetaTag } from "../../../node-kit/security/csp-meta"
import { pagePolicy, readHeaderMap } from "../../../node-kit/security/header-map-file"
import { hashSource } from "../../../node-kit/security/inline-code"
import { warnOfRefusedScripts, writeSiteSecurityHeaders } from "../../../gatsby/security/write-security-headers"

let folder: string

beforeEach(() => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), "write-security-headers-"))
})
afterEach(() => fs.rmSync(folder, { recursive: true, force: true }))

/** A plain object of jest.fn() for Gatsby's reporter. */
const fakeReporter = () => ({ info: jest.fn(), warn: jest.fn(), panicOnBuild: jest.fn() })

/** Every episode's player link, as createPages hands them over. */
const PLAYERS = ["https://player.vimeo.com/video/1", "https://player.vimeo.com/video/2"]

/** Gatsby's graphql, answering the step's one query. */
function fakeGraphql(siteUrl: string): CreatePagesArgs["graphql"] {
  const data = {
    site: { siteMetadata: { publicApiUrl: "https://api.example.com/api", siteUrl } },
    sitePlugin: { pluginOptions: {} },
  }
  return (async () => ({ data })) as unknown as CreatePagesArgs["graphql"]
}

function writePage(publicDir: string, file: string, body: string): void {
  fs.mkdirSync(path.dirname(path.join(publicDir, file)), { recursive: true })
  fs.writeFileSync(path.join(publicDir, file), `<html><head></head><body>${body}</body></html>`)
}

describe("writeSiteSecurityHeaders", () => {
  it("warns of a page whose content carries an inline script, naming the page, and leaves the script out of its CSP", async () => {
    const publicDir = path.join(folder, "public")
    writePage(publicDir, "index.html", '<div id="___gatsby"></div><script id="gatsby-script-loader">window.pagePath="/";</script>')
    writePage(publicDir, "detail/7/index.html", '<div id="___gatsby"><p>Stretch<script>alert(1)</script></p></div><script>window.pagePath="/detail/7/";</script>')
    const reporter = fakeReporter()
    await writeSiteSecurityHeaders(fakeGraphql("https://moveflix.example"), PLAYERS, { publicDir, stampsFile: path.join(folder, "stamps.json") }, reporter as unknown as Reporter)

    expect(reporter.warn).toHaveBeenCalledTimes(1)
    expect(reporter.warn.mock.calls[0]![0]).toMatch(/^Security headers: \/detail\/7\/ has 1 inline script\(s\) that Gatsby did not write.*"alert\(1\)"$/)
    const map = readHeaderMap(publicDir)!
    expect(pagePolicy(map, map.pages["/detail/7/"]!)).toContain(hashSource('window.pagePath="/detail/7/";'))
    expect(pagePolicy(map, map.pages["/detail/7/"]!)).not.toContain(hashSource("alert(1)"))
    expect(pagePolicy(map, map.pages["/detail/7/"]!)).toMatch(/frame-src[^;]* https:\/\/player\.vimeo\.com[; ]/)
    expect(fs.readFileSync(path.join(publicDir, "detail/7/index.html"), "utf8")).toContain(`<head>${cspMetaTag(pagePolicy(map, map.pages["/detail/7/"]!))}</head>`)
  })

  it("gives an https site Strict-Transport-Security, and an http one none", async () => {
    const publicDir = path.join(folder, "public")
    writePage(publicDir, "index.html", '<script>window.pagePath="/";</script>')
    const reporter = fakeReporter()
    const folders = { publicDir, stampsFile: path.join(folder, "stamps.json") }
    await writeSiteSecurityHeaders(fakeGraphql("https://moveflix.example/"), PLAYERS, folders, reporter as unknown as Reporter)
    expect(readHeaderMap(publicDir)!.common["Strict-Transport-Security"]).toBe("max-age=31536000")
    await writeSiteSecurityHeaders(fakeGraphql("http://localhost:9000"), PLAYERS, folders, reporter as unknown as Reporter)
    expect(readHeaderMap(publicDir)!.common).not.toHaveProperty("Strict-Transport-Security")
    expect(reporter.warn).not.toHaveBeenCalled()
  })
})

describe("warnOfRefusedScripts", () => {
  it("names twenty pages, then counts the rest, so that content injected everywhere does not bury the log", () => {
    const reporter = { warn: jest.fn() }
    const refused = Object.fromEntries(Array.from({ length: 25 }, (_, index) => [`/detail/${index}/`, ["alert(1)"]]))
    warnOfRefusedScripts(refused, reporter)
    expect(reporter.warn).toHaveBeenCalledTimes(21)
    expect(reporter.warn.mock.calls[20]![0]).toBe("Security headers: 5 more page(s) have inline scripts that Gatsby did not write, blocked the same way")
  })
})
