import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { HEADERS_FILE, scanBuild } from "../../../node-kit/security/header-map"
import { HEADER_MAP_FILE, headerMapText } from "../../../node-kit/security/header-map-file"
import { hashSource } from "../../../node-kit/security/inline-code"
import { startTestPublisher, type TestPublisher } from "../helpers/harness"

const PAGE = '<!doctype html><html><body><h1>Episode</h1><script>window.pagePath="/detail/1/";</script></body></html>'

/** The map a real build's post-build step would write for these files. */
async function mapFor(files: Record<string, string>): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "publisher-map-"))
  try {
    for (const [file, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true })
      fs.writeFileSync(path.join(dir, file), text)
    }
    const { map } = await scanBuild(dir, { api: ["https://api.example.com"], player: ["https://player.vimeo.com"], images: ["https://api.example.com"] })
    return headerMapText(map)
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

describe("the publisher's security headers", () => {
  let site: TestPublisher
  beforeAll(async () => {
    const files = { "detail/1/index.html": PAGE }
    site = await startTestPublisher({ plan: { version: "v1", files: { ...files, [HEADER_MAP_FILE]: await mapFor(files), [HEADERS_FILE]: "/*\n" } } })
    await site.publisher.idle()
  })
  afterAll(async () => site.dispose())

  it("sends a live page with the CSP its release's map holds", async () => {
    const response = await fetch(`${site.url}/detail/1`)
    const policy = response.headers.get("content-security-policy")
    expect(policy).toContain(`script-src 'self' ${hashSource('window.pagePath="/detail/1/";')};`)
    expect(policy).toContain("connect-src 'self' https://api.example.com")
    expect(policy).toContain("frame-src https://player.vimeo.com")
    expect(policy).toContain("img-src 'self' https://api.example.com")
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin")
  })

  it("hashes a page its release's map does not list, and never serves the map or _headers", async () => {
    const response = await fetch(`${site.url}/series/101/`)
    expect(response.headers.get("content-security-policy")).toContain("script-src 'self';")
    for (const file of [HEADER_MAP_FILE, HEADERS_FILE]) expect((await fetch(`${site.url}/${file}`)).status).toBe(404)
  })

  it("sends its own status page with its own strict CSP, which lets in its style sheet and nothing else, and the site's other headers", async () => {
    const response = await fetch(`${site.url}/_publisher/`)
    const html = await response.text()
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1]
    expect(style).toBeDefined()
    // Not the site's policy (script-src 'self', connect-src 'self', …), which the site's onSend hook once put in its place.
    expect(response.headers.get("content-security-policy")).toBe(`default-src 'none'; style-src ${hashSource(style!)}; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`)
    expect(response.headers.get("x-frame-options")).toBe("DENY")
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin")
    expect(response.headers.get("x-content-type-options")).toBe("nosniff")
  })
})
