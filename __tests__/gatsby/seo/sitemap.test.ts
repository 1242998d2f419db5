import { catalogueSeo } from "../../../gatsby/seo/catalogue-page-seo"
import { fixedPageSeoInput } from "../../../gatsby/seo/fixed-pages"
import type { PageHead } from "../../../src/seo/page-head"
import { robotsTxt } from "../../../gatsby/seo/robots-txt"
import { resolveSiteSeo } from "../../../gatsby/seo/site-seo"
import { durationSeconds, sitemapEntries, sitemapEntry } from "../../../gatsby/seo/sitemap"
import { noindexPagesListed, sitemapLocations } from "../../../gatsby/seo/sitemap-check"
import { isoDuration } from "../../../gatsby/seo/structured-data"
import { EPISODE_DESCRIPTION, SITE_URL, catalogueData, sourcedSeo, type CatalogueOptions, NO_SETTINGS } from "./catalogue-fixture"

const site = resolveSiteSeo(NO_SETTINGS, { siteUrl: SITE_URL, siteName: "MoveFlix", description: "The built-in description of the site.", image: null })

/** The heads the build gives the pages of the fixture catalogue, by path. */
function sitePages(options: CatalogueOptions = {}): Map<string, PageHead> {
  const seo = catalogueSeo(catalogueData(options), site)
  return new Map<string, PageHead>([
    ["/", seo.fixed(fixedPageSeoInput("/", seo.newestChange)!)],
    ["/category/1/", seo.category("1", "/category/1/", 1)],
    ["/subcategory/11/", seo.subcategory("11", "/subcategory/11/")],
    ["/series/101/", seo.series("101", "/series/101/")],
    ["/detail/1001/", seo.episode("1001", "/detail/1001/")],
    ["/search-results/", seo.fixed(fixedPageSeoInput("/search-results/", null)!)],
    ["/thank-you/", seo.fixed(fixedPageSeoInput("/thank-you/", null)!)],
    ["/404/", seo.fixed(fixedPageSeoInput("/404/", null)!)],
  ])
}
const entryAt = (heads: Map<string, PageHead>, path: string) => sitemapEntry(path, heads.get(path)!)

describe("sitemapEntries", () => {
  it("keeps the pages whose head says listed", () => {
    expect(sitemapEntries(sitePages()).map((entry) => entry.url)).toEqual(["/", "/category/1/", "/detail/1001/", "/series/101/", "/subcategory/11/"])
  })

  it("lists the pages by path, whatever order they were made in, so the same catalogue gives the same sitemap", () => {
    const heads = sitePages()
    expect(sitemapEntries(new Map([...heads].reverse()))).toEqual(sitemapEntries(heads))
  })

  it("leaves out a series the CMS marks noindex", () => {
    expect(sitemapEntries(sitePages({ seriesSeo: sourcedSeo({ noindex: true }) })).map((entry) => entry.url)).not.toContain("/series/101/")
  })
})

describe("sitemapEntry", () => {
  it("gives an episode its content's lastmod and its video, read from the page's VideoObject", () => {
    const entry = entryAt(sitePages(), "/detail/1001/")
    expect(entry).toEqual({
      url: "/detail/1001/",
      lastmod: "2024-04-10T00:00:00.000Z",
      video: [
        {
          thumbnail_loc: `${SITE_URL}/static/episode-1001.jpg`,
          title: "Plank Basics",
          description: EPISODE_DESCRIPTION,
          player_loc: "https://player.video.example/video/555",
          duration: 754,
        },
      ],
    })
  })

  it("dates a series by its newest episode, not by the build", () => {
    expect(entryAt(sitePages(), "/series/101/").lastmod).toBe("2024-04-10T00:00:00.000Z")
    expect(entryAt(sitePages(), "/").lastmod).toBe("2024-04-10T00:00:00.000Z")
  })

  it("cuts a video title to Google's 100 characters", () => {
    const title = "Plank ".repeat(30).trim()
    const [video] = entryAt(sitePages({ episodeSeo: sourcedSeo({ title }) }), "/detail/1001/").video!
    expect(video!.title).toHaveLength(100)
    expect(title.startsWith(video!.title)).toBe(true)
  })

  it("leaves out a duration beyond Google's 8 hours, and a video without a player", () => {
    const long = entryAt(sitePages({ episode: { videoDurationSeconds: 8 * 3600 + 1 } }), "/detail/1001/")
    expect(long.video![0]).not.toHaveProperty("duration")
    const eightHours = entryAt(sitePages({ episode: { videoDurationSeconds: 8 * 3600 } }), "/detail/1001/")
    expect(eightHours.video![0]!.duration).toBe(28_800)
    const noPlayer = entryAt(sitePages({ episode: { playerEmbedUrl: null } }), "/detail/1001/")
    expect(noPlayer).not.toHaveProperty("video")
  })

  it("gives no video to a page that is not one video's", () => {
    const heads = sitePages()
    for (const path of ["/", "/category/1/", "/subcategory/11/", "/series/101/"]) expect(entryAt(heads, path)).not.toHaveProperty("video")
  })

  it("gives no lastmod to a page whose content has no date", () => {
    expect(entryAt(sitePages(), "/search-results/")).toEqual({ url: "/search-results/" })
  })
})

describe("durationSeconds", () => {
  it.each([
    ["PT12M34S", 754],
    ["PT1H", 3600],
    ["PT1H2M5S", 3725],
    ["PT59S", 59],
    ["PT0S", 0],
  ])("reads %p as %p seconds", (iso, seconds) => {
    expect(durationSeconds(iso)).toBe(seconds)
  })

  it.each([undefined, "", "12:34", "P1D", "PT12.5S", "pt12m"])("reads %p as no duration", (iso) => {
    expect(durationSeconds(iso)).toBeUndefined()
  })

  it("reads back every duration isoDuration writes", () => {
    for (const seconds of [0, 1, 59, 60, 61, 754, 3599, 3600, 3601, 3725, 28_800]) expect(durationSeconds(isoDuration(seconds))).toBe(seconds)
  })
})

describe("sitemapLocations", () => {
  it("reads each page's <loc> of a urlset, not the video's own locations", () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:video="http://www.google.com/schemas/sitemap-video/1.1">
  <url><loc>${SITE_URL}/</loc><lastmod>2024-04-10T00:00:00.000Z</lastmod></url>
  <url>
    <loc>
      ${SITE_URL}/detail/1001/
    </loc>
    <video:video>
      <video:thumbnail_loc>${SITE_URL}/static/episode-1001.jpg</video:thumbnail_loc>
      <video:title>Plank Basics</video:title>
      <video:player_loc>https://player.video.example/video/555</video:player_loc>
    </video:video>
  </url>
  <url><loc>${SITE_URL}/search?a=1&amp;b=2</loc></url>
</urlset>`
    expect(sitemapLocations(xml)).toEqual([`${SITE_URL}/`, `${SITE_URL}/detail/1001/`, `${SITE_URL}/search?a=1&b=2`])
  })

  it("reads the sitemaps a sitemap index names", () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <sitemap><loc>${SITE_URL}/sitemap-0.xml</loc></sitemap>
  <sitemap><loc>${SITE_URL}/sitemap-1.xml</loc></sitemap>
</sitemapindex>`
    expect(sitemapLocations(xml)).toEqual([`${SITE_URL}/sitemap-0.xml`, `${SITE_URL}/sitemap-1.xml`])
  })

  it("decodes what XML escapes in a location, as a parser would", () => {
    const xml = `<urlset><url><loc>${SITE_URL}/search?q=a&amp;b&#38;c&#x26;d&lt;&gt;&quot;&apos;</loc></url></urlset>`
    expect(sitemapLocations(xml)).toEqual([`${SITE_URL}/search?q=a&b&c&d<>"'`])
  })

  it("finds nothing in an empty urlset", () => {
    expect(sitemapLocations(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"></urlset>`)).toEqual([])
  })
})

describe("noindexPagesListed", () => {
  it("names each noindex page the sitemap lists, with its entity", () => {
    const listed = [`${SITE_URL}/`, `${SITE_URL}/series/127/`, `${SITE_URL}/thank-you/`]
    const messages = noindexPagesListed(listed, [
      { path: "/series/127/", url: `${SITE_URL}/series/127/`, entity: "series 127 (Hidden Gems)" },
      { path: "/series/128/", url: `${SITE_URL}/series/128/`, entity: "series 128 (Not Listed)" },
      { path: "/thank-you/", url: `${SITE_URL}/thank-you/`, entity: null },
    ])
    expect(messages).toHaveLength(2)
    expect(messages[0]).toContain("/series/127/")
    expect(messages[0]).toContain("series 127 (Hidden Gems)")
    expect(messages[1]).toContain("/thank-you/")
    expect(messages[1]).not.toContain("(")
    expect(messages.join("\n")).not.toContain("128")
  })

  it("says nothing when no noindex page is listed", () => {
    expect(noindexPagesListed([`${SITE_URL}/`], [{ path: "/series/127/", url: `${SITE_URL}/series/127/`, entity: "series 127 (Hidden Gems)" }])).toEqual([])
  })
})

describe("robotsTxt", () => {
  const rules = (text: string) =>
    text
      .split("\n")
      .map((line) => line.replace(/#.*/, "").trim())
      .filter(Boolean)
      .map((line) => [line.slice(0, line.indexOf(":")).trim(), line.slice(line.indexOf(":") + 1).trim()])

  it("opens everything and names the sitemap index when indexing is allowed", () => {
    const text = robotsTxt(SITE_URL, true)
    expect(rules(text)).toEqual([
      ["User-agent", "*"],
      ["Allow", "/"],
      ["Sitemap", `${SITE_URL}/sitemap-index.xml`],
    ])
    expect(text.endsWith("\n")).toBe(true)
  })

  it("disallows everything when the site settings switch indexing off", () => {
    const text = robotsTxt(SITE_URL, false)
    expect(rules(text)).toEqual([
      ["User-agent", "*"],
      ["Disallow", "/"],
    ])
  })
})
