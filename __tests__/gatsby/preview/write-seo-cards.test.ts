import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { withCspMeta } from "../../../node-kit/security/csp-meta"
import { writeSeoCards } from "../../../gatsby/preview/write-seo-cards"
import type { SeoReport, SeoReportPage } from "../../../gatsby/seo/report/report-types"

// The preview build's SEO cards (linked from the preview bar): one page per
// page of the site, with the search result and link card marketing staff
// check before a draft goes out.

let publicDir: string
beforeEach(() => {
  publicDir = fs.mkdtempSync(path.join(os.tmpdir(), "seo-cards-"))
})
afterEach(() => fs.rmSync(publicDir, { recursive: true, force: true }))

const row = (pagePath: string, title: string, image: string | null = null): SeoReportPage => ({
  path: pagePath,
  kind: "series",
  entity: "series 101",
  title,
  description: `About ${title}`,
  canonical: `https://moveflix.example${pagePath}`,
  robots: "noindex",
  socialImage: image ? { url: image, width: 1200, height: 630, alt: "A picture" } : null,
  structuredData: [],
  inSitemap: false,
  sources: { title: "entity text", description: "entity text", image: "entity picture", canonical: "page address", robots: "site settings" },
  errors: [],
  warnings: [],
})

const report = (pages: SeoReportPage[]): SeoReport => ({
  generatedAt: "2026-11-27T12:00:00Z",
  siteUrl: "https://moveflix.example",
  siteName: "MoveFlix",
  allowIndexing: false,
  pages,
})
const read = (file: string) => fs.readFileSync(path.join(publicDir, "_preview", "seo", file), "utf8")
const cards = () => (fs.readdirSync(path.join(publicDir, "_preview", "seo"), { recursive: true }) as string[]).filter((file) => file.endsWith(".html")).sort()

describe("writeSeoCards", () => {
  it("writes each page's card at its path with its title as a search result and a link card, and the shared style sheet", async () => {
    const written = await writeSeoCards(
      publicDir,
      report([row("/", "Home"), row("/series/101/", "Core Strength (draft)", "https://moveflix.example/static/abc/core.jpg"), row("/404.html", "Not found")]),
    )
    expect(written).toBe(3)
    expect(cards()).toEqual(["index.html", "series/101/index.html"])
    const card = read("series/101/index.html")
    expect(card).toContain("<title>SEO card: /series/101/</title>")
    expect(card).toContain('<p class="serp-title">Core Strength (draft)</p>')
    expect(card).toContain('<p class="social-title">Core Strength (draft)</p>')
    expect(card).toContain('<a href="/series/101/">Back to the page</a>')
    // The picture from the preview's own origin: the card is not served at SITE_URL.
    expect(card).toContain('<img src="/static/abc/core.jpg"')
    expect(card).toContain('<link rel="stylesheet" href="/_preview/seo/card.css">')
    expect(card).not.toMatch(/<style|<script/)
    expect(read("card.css")).toContain(".serp-title")
  })

  it("leaves an unchanged card's file alone, rewrites a changed one, and removes the card of a page that is gone", async () => {
    await writeSeoCards(publicDir, report([row("/series/101/", "Core Strength"), row("/series/102/", "Gone soon")]))
    const file = path.join(publicDir, "_preview", "seo", "series", "101", "index.html")
    const past = new Date("2026-01-01T00:00:00Z")
    fs.utimesSync(file, past, past)
    expect(await writeSeoCards(publicDir, report([row("/series/101/", "Core Strength")]))).toBe(0)
    expect(fs.statSync(file).mtime).toEqual(past)
    expect(cards()).toEqual(["series/101/index.html"])
    expect(await writeSeoCards(publicDir, report([row("/series/101/", "Core Strength, renamed")]))).toBe(1)
    expect(read("series/101/index.html")).toContain("Core Strength, renamed")
  })

  it("leaves alone an unchanged card that the last build's security step gave its CSP meta (it runs after this step)", async () => {
    await writeSeoCards(publicDir, report([row("/series/101/", "Core Strength")]))
    const file = path.join(publicDir, "_preview", "seo", "series", "101", "index.html")
    const withMeta = withCspMeta(fs.readFileSync(file, "utf8"), "default-src 'self'; script-src 'self'")
    expect(withMeta).toContain('http-equiv="Content-Security-Policy"')
    fs.writeFileSync(file, withMeta)
    expect(await writeSeoCards(publicDir, report([row("/series/101/", "Core Strength")]))).toBe(0)
    expect(fs.readFileSync(file, "utf8")).toBe(withMeta)
    expect(await writeSeoCards(publicDir, report([row("/series/101/", "Core Strength, renamed")]))).toBe(1)
  })

  it("removes every card in a live build", async () => {
    await writeSeoCards(publicDir, report([row("/series/101/", "Core Strength")]))
    expect(await writeSeoCards(publicDir, null)).toBe(0)
    expect(fs.existsSync(path.join(publicDir, "_preview", "seo"))).toBe(false)
  })
})
