import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import type { Reporter } from "gatsby"
import { catalogueSeo } from "../../../gatsby/seo/catalogue-page-seo"
import { fixedPageSeoInputs } from "../../../gatsby/seo/fixed-pages"
import { writeSeoOutputs, type SeoOutcome } from "../../../gatsby/seo/post-build-outputs"
import { resolveSiteSeo } from "../../../gatsby/seo/site-seo"
import { sitemapEntries } from "../../../gatsby/seo/sitemap"
import { sitemapLocations } from "../../../gatsby/seo/sitemap-check"
import type { PageHead } from "../../../src/seo/page-head"
import { NO_SETTINGS, SITE_URL, catalogueData, sourcedSeo, type CatalogueOptions } from "./catalogue-fixture"

// The post-build step on a real folder: the sitemap files, robots.txt and the
// report that marketing staff and crawlers read, from what createPages decided.

let dir: string
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "seo-outputs-"))
  fs.mkdirSync(path.join(dir, "public"))
})
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }))

const site = resolveSiteSeo(NO_SETTINGS, { siteUrl: SITE_URL, siteName: "MoveFlix", description: "The built-in description of the site.", image: null })

/** What createPages hands the step for the fixture catalogue. */
function outcome(options: CatalogueOptions = {}): SeoOutcome {
  const seo = catalogueSeo(catalogueData(options), site)
  const heads = new Map<string, PageHead>([
    ["/category/1/", seo.category("1", "/category/1/", 1)],
    ["/subcategory/11/", seo.subcategory("11", "/subcategory/11/")],
    ["/series/101/", seo.series("101", "/series/101/")],
    ["/detail/1001/", seo.episode("1001", "/detail/1001/")],
    ...fixedPageSeoInputs(seo.newestChange).map((input): [string, PageHead] => [input.path, seo.fixed(input)]),
  ])
  return { site, rows: seo.reportRows(), sitemap: sitemapEntries(heads) }
}

async function write(given: SeoOutcome) {
  const reporter = { warn: jest.fn(), info: jest.fn(), panicOnBuild: jest.fn() }
  const publicDir = path.join(dir, "public")
  await writeSeoOutputs(given, { siteDir: dir, publicDir, reportsDir: path.join(dir, "reports") }, reporter as unknown as Reporter)
  const read = (name: string) => fs.readFileSync(path.join(publicDir, name), "utf8")
  return { reporter, read, files: () => fs.readdirSync(publicDir).sort() }
}

describe("writeSeoOutputs", () => {
  it("writes a sitemap index naming one sitemap of every listed page, absolute, with the episode's video", async () => {
    const { read, files, reporter } = await write(outcome())
    expect(files()).toEqual(["robots.txt", "sitemap-0.xml", "sitemap-index.xml"])
    expect(sitemapLocations(read("sitemap-index.xml"))).toEqual([`${SITE_URL}/sitemap-0.xml`])
    expect(sitemapLocations(read("sitemap-0.xml"))).toEqual(["/", "/category/1/", "/detail/1001/", "/series/101/", "/subcategory/11/"].map((p) => `${SITE_URL}${p}`))
    expect(read("sitemap-0.xml")).toContain("<video:player_loc>https://player.video.example/video/555</video:player_loc>")
    expect(read("robots.txt")).toContain(`Sitemap: ${SITE_URL}/sitemap-index.xml`)
    expect(reporter.panicOnBuild).not.toHaveBeenCalled()
  })

  it("removes a sitemap a larger catalogue left, so the index and the files agree", async () => {
    fs.writeFileSync(path.join(dir, "public", "sitemap-1.xml"), `<urlset><url><loc>${SITE_URL}/series/999/</loc></url></urlset>`)
    const { files } = await write(outcome())
    expect(files()).not.toContain("sitemap-1.xml")
  })

  it("writes no sitemap for the preview lane (null), removing one an earlier build left, and closes robots.txt though the site is indexable", async () => {
    await write(outcome())
    expect(site.allowIndexing).toBe(true)
    const { files, read } = await write({ ...outcome(), sitemap: null })
    expect(files()).toEqual(["robots.txt"])
    expect(read("robots.txt")).toBe("# The preview site: drafts, for the site's editors only.\nUser-agent: *\nDisallow: /\n")
  })

  it("marks in the report which pages the sitemap lists, and leaves a noindex series out", async () => {
    await write(outcome({ seriesSeo: sourcedSeo({ noindex: true }) }))
    const report = JSON.parse(fs.readFileSync(path.join(dir, "reports", "seo", "report.json"), "utf8")) as { pages: { path: string; inSitemap: boolean }[] }
    const inSitemap = Object.fromEntries(report.pages.map((page) => [page.path, page.inSitemap]))
    expect(inSitemap).toMatchObject({ "/": true, "/detail/1001/": true, "/series/101/": false, "/thank-you/": false, "/404/": false })
  })
})
