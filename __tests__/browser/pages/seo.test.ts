import fs from "node:fs"
import path from "node:path"
import sharp from "sharp"
import { DomUtils, parseDocument } from "htmlparser2"
import type { ApiCategory, ApiEpisode, ApiSeries, ApiSiteSettings } from "../../../contract/schemas"
import { PROJECT_ROOT } from "../../../node-kit/process/processes"
import type { SeoReport } from "../../../gatsby/seo/report/report-types"
import { useBrowser, visit } from "../harness/browser"
import { api } from "../harness/catalogue"
import { CONTENT_EDITS, harness, playerUrlOf } from "../harness/setup/harness-env"
import { PAGE_FAMILIES } from "../harness/page-families"
import { jsonLdOf, validateStructuredData } from "../harness/checks/structured-data"

const browser = useBrowser()

/** A built page's HTML as a crawler gets it: no JavaScript runs. */
async function htmlOf(pagePath: string): Promise<{ status: number; html: string }> {
  const response = await fetch(`${harness().siteUrl}${pagePath}`)
  return { status: response.status, html: await response.text() }
}

/** The head's tags as a crawler reads them. */
function headOf(html: string) {
  const document = parseDocument(html)
  const all = (tag: string) => DomUtils.getElementsByTagName(tag, document.children, true)
  const meta = (key: string) =>
    all("meta")
      .filter((m) => m.attribs.name === key || m.attribs.property === key)
      .map((m) => m.attribs.content)
  return {
    title: all("title").map((t) => DomUtils.textContent(t)),
    meta: (key: string) => meta(key),
    one: (key: string) => meta(key)[0],
    canonical: all("link")
      .filter((l) => l.attribs.rel === "canonical")
      .map((l) => l.attribs.href),
    types: jsonLdOf(html).map((object) => object["@type"]),
  }
}

const url = (pagePath: string) => `${harness().siteUrl}${pagePath}`

describe("head tags on every page family", () => {
  it.each(PAGE_FAMILIES.map((family) => [family.name, family] as const))("%s: one title, a description, Open Graph and Twitter tags", async (_name, family) => {
    const { html } = await htmlOf(family.path)
    const head = headOf(html)
    expect(head.title).toHaveLength(1)
    expect(head.title[0]).toMatch(/MoveFlix/)
    expect(head.meta("description")).toHaveLength(1)
    expect(head.one("og:title")).toBe(head.title[0])
    expect(head.one("og:site_name")).toBe("MoveFlix")
    expect(head.one("og:image")).toMatch(new RegExp(`^${url("/_gatsby/image/")}`))
    expect([head.one("og:image:width"), head.one("og:image:height")]).toEqual(["1200", "630"])
    expect(head.one("og:image:alt")).toBeTruthy()
    expect(head.one("twitter:card")).toBe("summary_large_image")
    expect(head.one("twitter:site")).toBe("@moveflix")
    expect(html).toMatch(/<html[^>]* lang="en"/)
  })

  it("canonical is the page's own absolute address with the trailing slash; search names its bare page; 404 has none", async () => {
    expect(headOf((await htmlOf("/category/2/2")).html).canonical).toEqual([url("/category/2/2/")])
    expect(headOf((await htmlOf("/series/101")).html).canonical).toEqual([url("/series/101/")])
    expect(headOf((await htmlOf("/search-results?q=yoga")).html).canonical).toEqual([url("/search-results/")])
    const missing = await htmlOf("/no-such-page")
    expect(missing.status).toBe(404)
    expect(headOf(missing.html).canonical).toEqual([])
  })

  it("structured data: WebSite and Organization at home, breadcrumbs on catalogue pages, VideoObject only on episodes; all valid", async () => {
    const expected: Record<string, string[]> = {
      home: ["WebSite", "Organization"],
      category: ["BreadcrumbList"],
      "category-page-2": ["BreadcrumbList"],
      subcategory: ["BreadcrumbList"],
      "subcategory-empty": ["BreadcrumbList"],
      series: ["BreadcrumbList"],
      "series-empty": ["BreadcrumbList"],
      episode: ["VideoObject", "BreadcrumbList"],
      "search-results": [],
      "search-nothing-found": [],
      "thank-you": [],
      "subscribe-outcome": [],
      "my-list": [],
      "not-found": [],
    }
    for (const family of PAGE_FAMILIES) {
      const html = (await htmlOf(family.path)).html
      expect([family.name, headOf(html).types]).toEqual([family.name, expected[family.name]])
      const errors = (await validateStructuredData(jsonLdOf(html))).filter((issue) => issue.severity === "ERROR")
      expect([family.name, errors]).toEqual([family.name, []])
    }
  })
})

describe("an episode as search engines and link previews see it", () => {
  it("has an og:type of video.episode, a real 1200×630 JPEG social image and a complete VideoObject", async () => {
    const episode = await api<ApiEpisode>("/episodes/1002")
    const series = await api<ApiSeries>(`/series/${episode.series_id}`)
    const { html } = await htmlOf("/detail/1002")
    const head = headOf(html)
    expect(head.title).toEqual([`${episode.title} | MoveFlix`])
    expect(head.one("og:type")).toBe("video.episode")
    expect(head.one("og:url")).toBe(url("/detail/1002/"))

    const image = await fetch(head.one("og:image")!)
    expect(image.headers.get("content-type")).toMatch(/^image\/jpeg/)
    const metadata = await sharp(Buffer.from(await image.arrayBuffer())).metadata()
    expect([metadata.format, metadata.width, metadata.height]).toEqual(["jpeg", 1200, 630])

    const video = jsonLdOf(html).find((object) => object["@type"] === "VideoObject")!
    const host = (await (await fetch(`${harness().cmsOrigin}/video-host/videos/${episode.path}`, { headers: { Authorization: `Bearer ${harness().videoApiToken}` } })).json()) as {
      duration: number
      release_time: string
      player_embed_url: string
      pictures: { base_link: string }
    }
    expect(video).toMatchObject({
      name: episode.title,
      uploadDate: host.release_time,
      embedUrl: host.player_embed_url,
      thumbnailUrl: [head.one("og:image"), host.pictures.base_link],
      url: url("/detail/1002/"),
    })
    const minutes = Math.floor(host.duration / 60)
    expect(video.duration).toBe(`PT${minutes ? `${minutes}M` : ""}${host.duration % 60 ? `${host.duration % 60}S` : ""}`)
    const crumbs = jsonLdOf(html).find((object) => object["@type"] === "BreadcrumbList")!.itemListElement as { name: string; item: string }[]
    expect(crumbs.map((crumb) => crumb.name).slice(-2)).toEqual([series.title, episode.title])
    expect(crumbs.at(-1)!.item).toBe(url("/detail/1002/"))
  })

  it("shows the CMS's SEO fields where an entity has them, and falls back where it does not", async () => {
    const wellness = await api<ApiCategory>("/categories/4")
    expect(headOf((await htmlOf("/category/4")).html).title).toEqual([`${wellness.seo!.title} | MoveFlix`])
    const dance = await api<ApiCategory>("/categories/2")
    expect(dance.seo).toBeUndefined()
    expect(headOf((await htmlOf("/category/2")).html).title).toEqual([`${dance.title} | MoveFlix`])

    const calm = await api<ApiEpisode>("/episodes/1094")
    const head = headOf((await htmlOf("/detail/1094")).html)
    expect(head.one("description")).toBe(calm.seo!.description)
    expect(head.one("og:image:alt")).toBe(calm.seo!.image!.alt)
    // The CMS's picture, cropped to 1200 × 630 under its own name.
    expect(head.one("og:image")).toContain(`${path.basename(calm.seo!.image!.path!, ".jpg")}-1200x630.jpg`)
  })

  it("a noindex series says so and leaves the sitemap", async () => {
    const series = await api<ApiSeries>("/series/127")
    expect(series.seo?.noindex).toBe(true)
    const { html } = await htmlOf("/series/127")
    expect(headOf(html).meta("robots")).toEqual(["noindex"])
    expect(headOf((await htmlOf("/series/101")).html).meta("robots")).toEqual([])
    expect(await sitemapUrls()).not.toContain(url("/series/127/"))
  })

  it("renders hostile SEO values harmless, and the build names what it changed", async () => {
    const [, id] = CONTENT_EDITS.hostileSeoEpisode.path.split("/")
    const { html } = await htmlOf(`/detail/${id}`)
    const head = headOf(html)
    expect(head.title).toEqual(["Stretch Daily | MoveFlix"])
    expect(head.one("description")!.length).toBeLessThanOrEqual(320)
    // The JSON "picture" was refused; the episode's own picture stands in.
    expect(head.one("og:image")).toContain(`episode-${id}`)
    const { page } = await visit(browser(), `/detail/${id}`)
    await expect(page.evaluate(() => (window as unknown as { __hostile?: string }).__hostile)).resolves.toBeUndefined()
    await expect(page.title()).resolves.toBe("Stretch Daily | MoveFlix")

    const log = fs
      .readFileSync(harness().buildLog, "utf8")
      // eslint-disable-next-line no-control-regex -- strips the terminal's escape sequences, which start with ESC
      .replace(/\u001b\[[0-9;]*[A-Za-z]/g, "")
      .replace(/\s+/g, " ")
    expect(log).toContain(`of episode ${id} (seo.image) could not be used`)
    const report = readReport().pages.find((row) => row.path === `/detail/${id}/`)!
    expect(report.warnings.join("\n")).toMatch(/seo\.title contains HTML markup/)
    expect(report.warnings.join("\n")).toMatch(/description is 5\d{3} characters; it was cut to 320/)
    expect(report.warnings.join("\n")).toMatch(/seo\.image "\/api\/site-settings" could not be used/)
  })
})

async function sitemapUrls(): Promise<string[]> {
  const locs = (xml: string) => DomUtils.getElementsByTagName("loc", parseDocument(xml, { xmlMode: true }).children, true).map((l) => DomUtils.textContent(l))
  const index = await (await fetch(url("/sitemap-index.xml"))).text()
  const sitemaps = locs(index)
  expect(sitemaps.length).toBeGreaterThan(0)
  const listed: string[] = []
  for (const sitemap of sitemaps) listed.push(...locs(await (await fetch(sitemap)).text()))
  return listed
}

describe("sitemap and robots.txt", () => {
  it("lists every indexable page once, and leaves out search, thank-you, 404 and noindex pages", async () => {
    const listed = await sitemapUrls()
    expect(new Set(listed).size).toBe(listed.length)
    for (const pagePath of ["/", "/category/2/", "/category/2/2/", "/subcategory/13/", "/series/101/", "/detail/1002/"]) expect(listed).toContain(url(pagePath))
    for (const pagePath of ["/search-results/", "/thank-you/", "/404/", "/404.html", "/series/127/"]) expect(listed).not.toContain(url(pagePath))
    const report = readReport()
    expect(listed.length).toBe(report.pages.filter((row) => row.inSitemap).length)
  })

  it("gives each page its content's updated_at, and each episode its video", async () => {
    const episode = await api<ApiEpisode>("/episodes/1002")
    const index = await (await fetch(url("/sitemap-index.xml"))).text()
    const first = DomUtils.textContent(DomUtils.getElementsByTagName("loc", parseDocument(index, { xmlMode: true }).children, true)[0]!)
    const xml = parseDocument(await (await fetch(first)).text(), { xmlMode: true })
    const entry = DomUtils.getElementsByTagName("url", xml.children, true).find(
      (element) => DomUtils.textContent(DomUtils.getElementsByTagName("loc", [element], true)[0]!) === url("/detail/1002/"),
    )!
    const field = (name: string) => DomUtils.textContent(DomUtils.getElementsByTagName(name, [entry], true)[0]!)
    expect(new Date(field("lastmod")).toISOString()).toBe(new Date(episode.updated_at).toISOString())
    expect(field("video:title")).toBe(episode.title)
    expect(field("video:thumbnail_loc")).toMatch(new RegExp(`^${url("/_gatsby/image/")}`))
    expect(field("video:player_loc")).toBe(playerUrlOf(1002))
    expect(Number(field("video:duration"))).toBeGreaterThan(0)
    expect(field("video:description").length).toBeGreaterThan(0)
  })

  it("robots.txt allows crawling and names the sitemap index", async () => {
    const settings = await api<ApiSiteSettings>("/site-settings")
    expect(settings.allow_indexing).toBe(true)
    const robots = await (await fetch(url("/robots.txt"))).text()
    expect(robots).toMatch(/^User-agent: \*$/m)
    expect(robots).not.toMatch(/^Disallow: \/$/m)
    expect(robots).toContain(`Sitemap: ${url("/sitemap-index.xml")}`)
  })
})

const REPORT_DIR = path.join(PROJECT_ROOT, "reports", "seo")
const readReport = () => JSON.parse(fs.readFileSync(path.join(REPORT_DIR, "report.json"), "utf8")) as SeoReport

describe("the SEO report for marketing staff", () => {
  it("has a row per built page, and shows an episode's previews and a noindex page", async () => {
    const report = readReport()
    expect(report.siteUrl).toBe(harness().siteUrl)
    for (const pagePath of ["/", "/detail/1002/", "/series/127/", "/thank-you/", "/search-results/"]) {
      expect(report.pages.map((row) => row.path)).toContain(pagePath)
    }
    const episode = await api<ApiEpisode>("/episodes/1002")
    const page = await browser().newPage({ viewport: { width: 1280, height: 900 } })
    try {
      await page.goto(`file://${path.join(REPORT_DIR, "index.html")}`)
      await page.screenshot({ path: path.join(REPORT_DIR, "summary.png") })
      const card = page.locator("article").filter({ has: page.getByRole("link", { name: "/detail/1002/", exact: true }) })
      await expect(card.getByText(`${episode.title} | MoveFlix`).first().isVisible()).resolves.toBe(true)
      await expect(card.getByText("VideoObject, BreadcrumbList").isVisible()).resolves.toBe(true)
      await card.screenshot({ path: path.join(REPORT_DIR, "episode-card.png") })
      const noindex = page.locator("article").filter({ has: page.getByRole("link", { name: "/series/127/", exact: true }) })
      await expect(noindex.getByText("noindex").first().isVisible()).resolves.toBe(true)
    } finally {
      await page.close()
    }
  })
})
