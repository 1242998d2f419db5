import type { BreadcrumbList, ListItem, Organization, VideoObject, WebSite } from "schema-dts"
import { catalogueSeo, socialImage } from "../../../gatsby/seo/catalogue-page-seo"
import { fixedPageSeoInput } from "../../../gatsby/seo/fixed-pages"
import type { PageHead, SocialImage } from "../../../src/seo/page-head"
import type { SeoReportPage } from "../../../gatsby/seo/report/report-types"
import {
  DESCRIPTION_HARD_MAX,
  DESCRIPTION_MAX,
  DESCRIPTION_MIN,
  TITLE_MAX,
  resolvePageSeo,
  warnDuplicates,
  type PageSeoInput,
  type SiteSeo,
} from "../../../gatsby/seo/resolve-page-seo"
import { resolveSiteSeo, type BuiltInSeo, type SourcedSiteSettings } from "../../../gatsby/seo/site-seo"
import { catalogueData, entityPageInput, NO_SETTINGS, seoFields } from "./catalogue-fixture"

const SITE = "https://moveflix.example"

const picture = (name: string, alt = `Picture ${name}`): SocialImage => ({ url: `${SITE}/static/${name}.jpg`, width: 1200, height: 630, alt })

/** The site as the build knows it without the CMS: configured with a trailing slash, to prove it never doubles. */
const BUILT_IN: BuiltInSeo = {
  siteUrl: `${SITE}/`,
  siteName: "MoveFlix",
  description: "Fitness, dance and entertainment videos: browse, search and watch, at home or anywhere.",
  image: picture("home-hero", "People training together"),
}

const CMS_DESCRIPTION = "Stream fitness, dance and entertainment at home, whenever you like, with new classes every single week."

const cmsSettings = (over: Partial<SourcedSiteSettings> = {}): SourcedSiteSettings => ({
  found: true,
  siteName: "MoveFlix TV",
  titleTemplate: "%s — MoveFlix TV",
  defaultDescription: CMS_DESCRIPTION,
  defaultImage: picture("cms-default", "The MoveFlix studio"),
  twitterSite: "@moveflix",
  organizationName: "MoveFlix Ltd",
  organizationLogoUrl: `${SITE}/static/logo.png`,
  organizationSameAs: ["https://www.instagram.com/moveflix"],
  allowIndexing: true,
  ...over,
})

const cmsSite = (over: Partial<SourcedSiteSettings> = {}, builtIn: Partial<BuiltInSeo> = {}) => resolveSiteSeo(cmsSettings(over), { ...BUILT_IN, ...builtIn })
const bareSite = (builtIn: Partial<BuiltInSeo> = {}) => resolveSiteSeo(NO_SETTINGS, { ...BUILT_IN, ...builtIn })

const SERIES_DESCRIPTION = "Twelve short sessions that build a strong, steady core, with a coach who explains every single move."
const EPISODE_DESCRIPTION = "Learn to hold a plank with good form: where to put your hands, how to breathe and when to rest."

/** From the home page down to series 12. */
const SERIES_TRAIL = [
  { name: "Home", path: "/" },
  { name: "Fitness", path: "/category/1/" },
  { name: "Strength", path: "/subcategory/11/" },
  { name: "Core Strength", path: "/series/12/" },
]

const seriesPage = (over: Partial<PageSeoInput> = {}): PageSeoInput =>
  entityPageInput("series", "12", "Core Strength", {
    description: SERIES_DESCRIPTION,
    image: picture("series-12", "Core Strength"),
    breadcrumbs: SERIES_TRAIL,
    updatedAt: "2024-05-01T00:00:00.000Z",
    ...over,
  })

const episodePage = (over: Partial<PageSeoInput> = {}): PageSeoInput =>
  entityPageInput("episode", "1001", "Plank Basics", {
    description: EPISODE_DESCRIPTION,
    image: picture("episode-1001", "Plank Basics"),
    breadcrumbs: [...SERIES_TRAIL, { name: "Plank Basics", path: "/detail/1001/" }],
    video: {
      embedUrl: "https://player.video.example/video/555",
      durationSeconds: 754,
      releaseTime: "2024-03-01T10:00:00.000Z",
      pictureUrl: "https://i.video.example/555_1280.jpg",
    },
    updatedAt: "2024-06-01T00:00:00.000Z",
    ...over,
  })

const fixed = (path: string, updatedAt: string | null = "2024-06-01T00:00:00.000Z"): PageSeoInput => {
  const input = fixedPageSeoInput(path, updatedAt)
  if (!input) throw new Error(`${path} is not a fixed page`)
  return input
}

const ofType = <T>(head: PageHead, type: string): T[] => head.structuredData.filter((object) => (object as { "@type"?: unknown })["@type"] === type) as unknown as T[]
const types = (head: PageHead) => head.structuredData.map((object) => (object as { "@type"?: unknown })["@type"])

describe("title", () => {
  it("takes seo.title over the entity's title, through the site's title template", () => {
    const { head, report } = resolvePageSeo(seriesPage({ seo: seoFields({ title: "Get a stronger core" }) }), cmsSite())
    expect(head.title).toBe("Get a stronger core — MoveFlix TV")
    expect(report.sources.title).toBe("entity SEO field")
  })

  it("falls back to the entity's title when seo is absent or its title is empty", () => {
    for (const seo of [null, seoFields(), seoFields({ title: "   " })]) {
      const { head, report } = resolvePageSeo(seriesPage({ seo }), cmsSite())
      expect(head.title).toBe("Core Strength — MoveFlix TV")
      expect(report.sources.title).toBe("entity text")
    }
  })

  it("shows the site name alone, without the template, when the page has no title of its own", () => {
    const home = resolvePageSeo(fixed("/"), cmsSite())
    expect(home.head.title).toBe("MoveFlix TV")
    expect(home.report.sources.title).toBe("site settings")

    const untitled = resolvePageSeo(seriesPage({ title: null }), bareSite())
    expect(untitled.head.title).toBe("MoveFlix")
    expect(untitled.head.title).not.toContain("%s")
    expect(untitled.report.sources.title).toBe("built-in default")
  })

  it("uses the built-in `%s | Name` when the site settings have no template, with the CMS's site name", () => {
    expect(resolvePageSeo(seriesPage(), cmsSite({ titleTemplate: null })).head.title).toBe("Core Strength | MoveFlix TV")
    expect(resolvePageSeo(seriesPage(), bareSite()).head.title).toBe("Core Strength | MoveFlix")
  })

  it("falls back to the built-in template, with a warning on the home page, for a template without exactly one %s", () => {
    for (const titleTemplate of ["MoveFlix rocks", "%s and %s | MoveFlix TV"]) {
      const site = cmsSite({ titleTemplate })
      expect(site.titleTemplate).toBe("%s | MoveFlix TV")
      expect(resolvePageSeo(seriesPage(), site).head.title).toBe("Core Strength | MoveFlix TV")
      const home = resolvePageSeo(fixed("/"), site).report
      expect(home.warnings.some((warning) => warning.includes("title_template") && warning.includes(titleTemplate))).toBe(true)
      // The site's own problems are reported once, on the home page's row.
      expect(resolvePageSeo(seriesPage(), site).report.warnings.join("\n")).not.toContain("title_template")
    }
  })

  it("keeps `$` sequences of a title as written (no replacement patterns)", () => {
    const { head } = resolvePageSeo(seriesPage({ seo: seoFields({ title: "Save $$ on $& classes $'" }) }), bareSite())
    expect(head.title).toBe("Save $$ on $& classes $' | MoveFlix")
  })
})

describe("description", () => {
  it("falls back seo.description → entity text → the site's default → the built-in default", () => {
    const seoDescription = "A core programme for busy people: twelve sessions of ten minutes, no equipment, any level."
    const fromSeo = resolvePageSeo(seriesPage({ seo: seoFields({ description: seoDescription }) }), cmsSite())
    expect([fromSeo.head.description, fromSeo.report.sources.description]).toEqual([seoDescription, "entity SEO field"])

    const fromEntity = resolvePageSeo(seriesPage({ seo: seoFields() }), cmsSite())
    expect([fromEntity.head.description, fromEntity.report.sources.description]).toEqual([SERIES_DESCRIPTION, "entity text"])

    const fromSettings = resolvePageSeo(seriesPage({ description: null }), cmsSite())
    expect([fromSettings.head.description, fromSettings.report.sources.description]).toEqual([CMS_DESCRIPTION, "site settings"])

    const fromBuiltIn = resolvePageSeo(seriesPage({ description: "  " }), bareSite())
    expect([fromBuiltIn.head.description, fromBuiltIn.report.sources.description]).toEqual([BUILT_IN.description, "built-in default"])
  })
})

describe("social image", () => {
  const seoImage = picture("seo-12", "A coach holding a plank")

  it("falls back seo.image → entity picture → site default → built-in image", () => {
    const steps: [PageSeoInput, SiteSeo, SocialImage, string][] = [
      [seriesPage({ seo: seoFields({ image: seoImage }) }), cmsSite(), seoImage, "entity SEO field"],
      [seriesPage(), cmsSite(), seriesPage().image!, "entity picture"],
      [seriesPage({ image: null }), cmsSite(), picture("cms-default", "The MoveFlix studio"), "site settings"],
      [seriesPage({ image: null }), bareSite(), BUILT_IN.image!, "built-in default"],
    ]
    for (const [page, site, image, source] of steps) {
      const { head, report } = resolvePageSeo(page, site)
      expect(head.image).toEqual(image)
      expect(report.sources.image).toBe(source)
      expect(report.warnings.join("\n")).not.toMatch(/social image/)
    }
  })

  it("has none, with a warning, when nothing gives a picture", () => {
    const { head, report } = resolvePageSeo(seriesPage({ image: null }), bareSite({ image: null }))
    expect(head.image).toBeNull()
    expect(report.sources.image).toBe("none")
    expect(report.warnings.some((warning) => /no social image/.test(warning))).toBe(true)
    expect(report.errors).toEqual([])
  })

  it("warns about a seo.image that could not be used, naming its path, and falls back", () => {
    const { head, report } = resolvePageSeo(seriesPage({ seo: seoFields({ image: null, imageRequested: "/images/broken.txt" }) }), cmsSite())
    expect(head.image).toEqual(seriesPage().image)
    expect(report.sources.image).toBe("entity picture")
    expect(report.warnings.some((warning) => warning.includes("seo.image") && warning.includes("/images/broken.txt"))).toBe(true)
  })

  it("gives a seo.image without alt text the page's title as its alt", () => {
    const { head } = resolvePageSeo(seriesPage({ seo: seoFields({ image: { ...seoImage, alt: "" } }) }), cmsSite())
    expect(head.image?.alt).toBe("Core Strength")
  })
})

describe("canonical", () => {
  it("is the page's own absolute address with its trailing slash, whatever SITE_URL ends with", () => {
    const { head, report } = resolvePageSeo(seriesPage(), bareSite())
    expect(head.canonical).toBe(`${SITE}/series/12/`)
    expect(report.sources.canonical).toBe("page address")
    expect(resolvePageSeo(seriesPage(), bareSite({ siteUrl: SITE })).head.canonical).toBe(`${SITE}/series/12/`)
  })

  it("is seo.canonical_url when that is an absolute http(s) URL", () => {
    for (const url of ["https://partner.example/originals/core-strength", "http://partner.example/x?y=1"]) {
      const { head, report } = resolvePageSeo(seriesPage({ seo: seoFields({ canonicalUrl: url }) }), bareSite())
      expect(head.canonical).toBe(url)
      expect(report.sources.canonical).toBe("entity SEO field")
      expect(report.errors).toEqual([])
    }
  })

  it("names the bare search page for the search results, and nothing on the 404 page", () => {
    expect(resolvePageSeo(fixed("/search-results/"), bareSite()).head.canonical).toBe(`${SITE}/search-results/`)
    for (const path of ["/404/", "/404.html"]) {
      const { head, report } = resolvePageSeo(fixed(path), bareSite())
      expect(head.canonical).toBeNull()
      expect(report.sources.canonical).toBe("none")
      expect(report.errors).toEqual([])
    }
  })
})

describe("robots and the sitemap", () => {
  it("indexes a page by default and lists it with its content's date", () => {
    const { head, report } = resolvePageSeo(seriesPage(), cmsSite())
    expect(head.noindex).toBe(false)
    expect(report.robots).toBe("index, follow")
    expect(head.sitemap).toEqual({ listed: true, lastmod: "2024-05-01T00:00:00.000Z" })
  })

  it("makes a page noindex, and leaves it out of the sitemap, when its entity says so", () => {
    const { head, report } = resolvePageSeo(seriesPage({ seo: seoFields({ noindex: true }) }), cmsSite())
    expect(head.noindex).toBe(true)
    expect(head.sitemap.listed).toBe(false)
    expect(report.robots).toBe("noindex")
    expect(report.inSitemap).toBe(false)
    expect(report.sources.robots).toBe("entity SEO field")
  })

  it("makes every page noindex when the site settings switch indexing off", () => {
    const site = cmsSite({ allowIndexing: false })
    for (const input of [fixed("/"), seriesPage(), episodePage()]) {
      const { head, report } = resolvePageSeo(input, site)
      expect(head.noindex).toBe(true)
      expect(head.sitemap.listed).toBe(false)
      expect(report.sources.robots).toBe("site settings")
    }
  })

  it("lists the home page but not search results, thank-you or 404, which stay indexable", () => {
    expect(resolvePageSeo(fixed("/"), cmsSite()).head.sitemap.listed).toBe(true)
    for (const path of ["/search-results/", "/thank-you/", "/404/", "/404.html"]) {
      const { head } = resolvePageSeo(fixed(path), cmsSite())
      expect({ path, listed: head.sitemap.listed, noindex: head.noindex }).toEqual({ path, listed: false, noindex: false })
    }
  })
})

describe("Open Graph and Twitter", () => {
  it("says video.episode on episodes and website everywhere else", () => {
    expect(resolvePageSeo(episodePage(), cmsSite()).head.ogType).toBe("video.episode")
    for (const input of [fixed("/"), seriesPage(), seriesPage({ kind: "category", path: "/category/1/" }), fixed("/search-results/")]) {
      expect(resolvePageSeo(input, cmsSite()).head.ogType).toBe("website")
    }
  })

  it("carries the site name and a valid twitter:site handle, and drops one that is not a handle", () => {
    const { head } = resolvePageSeo(seriesPage(), cmsSite())
    expect([head.siteName, head.twitterSite]).toEqual(["MoveFlix TV", "@moveflix"])
    const site = cmsSite({ twitterSite: "https://x.com/moveflix" })
    expect(resolvePageSeo(seriesPage(), site).head.twitterSite).toBeNull()
    expect(site.warnings.some((warning) => warning.includes("twitter_site"))).toBe(true)
  })
})

describe("VideoObject", () => {
  it("describes the episode's video: name, thumbnails, upload date, ISO duration, embed URL and page", () => {
    const { head, report } = resolvePageSeo(episodePage({ seo: seoFields({ title: "How to plank" }) }), cmsSite())
    const [video, ...more] = ofType<VideoObject>(head, "VideoObject")
    expect(more).toHaveLength(0)
    expect(video).toMatchObject({
      "@context": "https://schema.org",
      name: "How to plank",
      description: EPISODE_DESCRIPTION,
      uploadDate: "2024-03-01T10:00:00.000Z",
      duration: "PT12M34S",
      embedUrl: "https://player.video.example/video/555",
      url: `${SITE}/detail/1001/`,
    })
    expect(video!.thumbnailUrl).toEqual([`${SITE}/static/episode-1001.jpg`, "https://i.video.example/555_1280.jpg"])
    expect(report.structuredData).toContain("VideoObject")
    expect(report.errors).toEqual([])
  })

  it("takes the upload date from the episode's update when the video host gives no release time", () => {
    const page = episodePage()
    const { head } = resolvePageSeo({ ...page, video: { ...page.video!, releaseTime: null } }, cmsSite())
    expect(ofType<VideoObject>(head, "VideoObject")[0]!.uploadDate).toBe("2024-06-01T00:00:00.000Z")
  })

  it("leaves out duration and embedUrl it does not know, and thumbnails that are not absolute", () => {
    const page = episodePage()
    const { head } = resolvePageSeo({ ...page, video: { embedUrl: null, durationSeconds: null, releaseTime: null, pictureUrl: "555.jpg" } }, cmsSite())
    const video = ofType<VideoObject>(head, "VideoObject")[0]!
    expect(video).not.toHaveProperty("duration")
    expect(video).not.toHaveProperty("embedUrl")
    expect(video.thumbnailUrl).toEqual([`${SITE}/static/episode-1001.jpg`])
  })

  it("is on no page but an episode's", () => {
    const video = episodePage().video
    for (const input of [fixed("/"), seriesPage({ video }), seriesPage({ kind: "category", path: "/category/1/", video }), fixed("/search-results/")]) {
      expect(types(resolvePageSeo(input, cmsSite()).head)).not.toContain("VideoObject")
    }
  })
})

describe("BreadcrumbList, WebSite and Organization", () => {
  const catalogue = () => catalogueSeo(catalogueData(), cmsSite())

  const crumbsOf = (head: PageHead) => {
    const lists = ofType<BreadcrumbList>(head, "BreadcrumbList")
    expect(lists).toHaveLength(1)
    return (lists[0]!.itemListElement as ListItem[]).map((item) => [item.position, item.name, item.item])
  }

  it("walks from the home page to the page, numbered from 1, with absolute addresses", () => {
    const seo = catalogue()
    const home = [1, "Home", `${SITE}/`]
    const fitness = [2, "Fitness", `${SITE}/category/1/`]
    const strength = [3, "Strength", `${SITE}/subcategory/11/`]
    const core = [4, "Core Strength", `${SITE}/series/101/`]
    expect(crumbsOf(seo.category("1", "/category/1/", 1))).toEqual([home, fitness])
    expect(crumbsOf(seo.subcategory("11", "/subcategory/11/"))).toEqual([home, fitness, strength])
    expect(crumbsOf(seo.series("101", "/series/101/"))).toEqual([home, fitness, strength, core])
    expect(crumbsOf(seo.episode("1001", "/detail/1001/"))).toEqual([home, fitness, strength, core, [5, "Plank Basics", `${SITE}/detail/1001/`]])
  })

  it("puts WebSite and Organization on the home page only, and no breadcrumbs there", () => {
    const seo = catalogue()
    const home = seo.fixed(fixed("/"))
    expect(types(home)).toEqual(["WebSite", "Organization"])
    expect(ofType<WebSite>(home, "WebSite")[0]).toMatchObject({ name: "MoveFlix TV", url: `${SITE}/` })
    expect(ofType<Organization>(home, "Organization")[0]).toMatchObject({
      name: "MoveFlix Ltd",
      url: `${SITE}/`,
      logo: `${SITE}/static/logo.png`,
      sameAs: ["https://www.instagram.com/moveflix"],
    })
    for (const head of [seo.category("1", "/category/1/", 1), seo.series("101", "/series/101/"), seo.episode("1001", "/detail/1001/")]) {
      expect(types(head)).not.toContain("WebSite")
      expect(types(head)).not.toContain("Organization")
    }
  })

  it("names the organization after the site when the settings do not, and leaves out a same_as that is not a URL", () => {
    const site = cmsSite({ organizationName: null, organizationSameAs: ["instagram.com/moveflix", "https://www.youtube.com/@moveflix"] })
    const organization = ofType<Organization>(resolvePageSeo(fixed("/"), site).head, "Organization")[0]
    expect(organization).toMatchObject({ name: "MoveFlix TV", sameAs: ["https://www.youtube.com/@moveflix"] })
    expect(site.warnings.some((warning) => warning.includes("same_as") && warning.includes("instagram.com/moveflix"))).toBe(true)
  })
})

describe("warnings", () => {
  const site = bareSite() // titles end in " | MoveFlix", 11 characters
  const titled = (length: number) => seriesPage({ title: "T".repeat(length - " | MoveFlix".length) })
  const described = (length: number) => seriesPage({ description: "d".repeat(length) })
  const titleWarnings = (report: SeoReportPage) => report.warnings.filter((warning) => warning.startsWith("title is"))
  const descriptionWarnings = (report: SeoReportPage) => report.warnings.filter((warning) => warning.startsWith("description is"))

  it(`warns for a final title over ${TITLE_MAX} characters, not at ${TITLE_MAX}`, () => {
    expect(resolvePageSeo(titled(TITLE_MAX), site).head.title).toHaveLength(TITLE_MAX)
    expect(titleWarnings(resolvePageSeo(titled(TITLE_MAX), site).report)).toEqual([])
    const [warning, ...more] = titleWarnings(resolvePageSeo(titled(TITLE_MAX + 1), site).report)
    expect(more).toEqual([])
    expect(warning).toContain(String(TITLE_MAX + 1))
  })

  it(`warns for a description outside ${DESCRIPTION_MIN}–${DESCRIPTION_MAX} characters, and keeps one up to the hard maximum whole`, () => {
    for (const length of [DESCRIPTION_MIN, DESCRIPTION_MAX]) expect(descriptionWarnings(resolvePageSeo(described(length), site).report)).toEqual([])
    for (const length of [DESCRIPTION_MIN - 1, DESCRIPTION_MAX + 1, 12]) {
      const { head, report } = resolvePageSeo(described(length), site)
      expect(descriptionWarnings(report)).toHaveLength(1)
      expect(descriptionWarnings(report)[0]).toContain(String(length))
      expect(head.description).toHaveLength(length)
    }
  })

  it("warns each page that shares a title or description with another, naming the other", () => {
    const a = resolvePageSeo(seriesPage({ path: "/series/1/" }), site).report
    const b = resolvePageSeo(seriesPage({ path: "/series/2/" }), site).report
    const c = resolvePageSeo(seriesPage({ path: "/series/3/", title: "Another", description: `${SERIES_DESCRIPTION} Again.` }), site).report
    warnDuplicates([a, b, c])
    expect(a.warnings).toEqual(expect.arrayContaining(["the same title is on /series/2/", "the same description is on /series/2/"]))
    expect(b.warnings).toEqual(expect.arrayContaining(["the same title is on /series/1/", "the same description is on /series/1/"]))
    expect(c.warnings.filter((warning) => warning.startsWith("the same"))).toEqual([])
  })

  it("says how many more share a value beyond the three it names", () => {
    const reports = [1, 2, 3, 4, 5].map((n) => resolvePageSeo(seriesPage({ path: `/series/${n}/`, description: `${SERIES_DESCRIPTION} ${n}` }), site).report)
    warnDuplicates(reports)
    expect(reports[0]!.warnings).toContain("the same title is on /series/2/, /series/3/, /series/4/ and 1 more")
  })

  it("does not count noindex pages or the 404 page as duplicates", () => {
    const listed = resolvePageSeo(seriesPage({ path: "/series/1/" }), site).report
    const hidden = resolvePageSeo(seriesPage({ path: "/series/2/", seo: seoFields({ noindex: true }) }), site).report
    const notFound = resolvePageSeo(fixed("/404/"), site).report
    const notFoundHtml = resolvePageSeo(fixed("/404.html"), site).report
    warnDuplicates([listed, hidden, notFound, notFoundHtml])
    for (const report of [listed, hidden, notFound, notFoundHtml]) expect(report.warnings.filter((warning) => warning.startsWith("the same"))).toEqual([])
  })
})

describe("errors that fail the build", () => {
  it.each(["javascript:alert(1)", "/series/12/", "partner.example/originals", "ftp://partner.example/x", "data:text/html,<script>alert(1)</script>"])(
    "rejects the canonical %p, naming seo.canonical_url, and keeps the page's own address",
    (canonicalUrl) => {
      const { head, report } = resolvePageSeo(seriesPage({ seo: seoFields({ canonicalUrl }) }), cmsSite())
      expect(report.errors).toHaveLength(1)
      expect(report.errors[0]).toContain("seo.canonical_url")
      expect(head.canonical).toBe(`${SITE}/series/12/`)
      expect(report.canonical).toBe(`${SITE}/series/12/`)
    },
  )

  it("rejects a social image and canonical made from a SITE_URL that is not an absolute URL", () => {
    const siteUrl = "moveflix.example"
    const site = bareSite({ siteUrl, image: null })
    const image = socialImage(site.siteUrl, { resize: { src: "/static/series-12.jpg", width: 1200, height: 630 } }, "Core Strength")
    const { report } = resolvePageSeo(seriesPage({ image }), site)
    expect(report.errors.some((error) => error.startsWith("social image") && error.includes("moveflix.example/static/series-12.jpg"))).toBe(true)
    expect(report.errors.some((error) => error.startsWith("canonical") && error.includes("SITE_URL"))).toBe(true)
  })

  it("rejects an episode whose VideoObject would have no upload date, and leaves the VideoObject out", () => {
    const page = episodePage({ updatedAt: null })
    const { head, report } = resolvePageSeo({ ...page, video: { ...page.video!, releaseTime: null } }, cmsSite())
    expect(types(head)).not.toContain("VideoObject")
    expect(report.errors).toHaveLength(1)
    expect(report.errors[0]).toMatch(/VideoObject.*uploadDate/)
  })

  it("rejects an episode whose VideoObject would have no picture", () => {
    const page = episodePage({ image: null })
    const { head, report } = resolvePageSeo({ ...page, video: { ...page.video!, pictureUrl: null } }, bareSite({ image: null }))
    expect(types(head)).not.toContain("VideoObject")
    expect(report.errors).toHaveLength(1)
    expect(report.errors[0]).toMatch(/VideoObject.*thumbnailUrl/)
    expect(report.errors[0]).not.toMatch(/uploadDate/)
  })

  it("has no errors for an ordinary page", () => {
    for (const input of [fixed("/"), seriesPage(), episodePage(), fixed("/thank-you/")]) expect(resolvePageSeo(input, cmsSite()).report.errors).toEqual([])
  })
})

describe("hostile values from the CMS", () => {
  it.each([
    ['"><img src=x onerror=alert(1)>', /<img|onerror/],
    ["Core <b>Strength</b></script><script>alert(1)</script>", /<\/?script|alert|<b>/],
    ["<!-- hidden --><style>body{}</style>Core", /<!--|<style|body\{/],
  ])("turns the seo.title %p into plain text, with a warning naming seo.title", (title, forbidden) => {
    const { head, report } = resolvePageSeo(episodePage({ seo: seoFields({ title }) }), cmsSite())
    expect(head.title).not.toMatch(forbidden)
    expect(head.title).not.toMatch(/<[a-z!/]/i)
    expect(head.title.endsWith(" — MoveFlix TV")).toBe(true)
    expect(report.warnings.some((warning) => warning.startsWith("seo.title") && /HTML/.test(warning))).toBe(true)
    for (const object of head.structuredData) expect(JSON.stringify(object)).not.toMatch(forbidden)
  })

  it("falls back to the entity's title when a seo.title is nothing but a script", () => {
    const { head } = resolvePageSeo(episodePage({ seo: seoFields({ title: "</script><script>alert(1)</script>" }) }), cmsSite())
    expect(head.title).toBe("Plank Basics — MoveFlix TV")
  })

  it("cuts a 5 000-character description at a word to the hard maximum, with an ellipsis and a warning", () => {
    const words = "Stronger core every day with short classes".split(" ")
    const long = Array.from({ length: 2000 }, (_, index) => words[index % words.length])
      .join(" ")
      .slice(0, 5000)
    expect(long).toHaveLength(5000)
    const { head, report } = resolvePageSeo(seriesPage({ seo: seoFields({ description: long }) }), cmsSite())
    const description = head.description!
    expect(description.length).toBeLessThanOrEqual(DESCRIPTION_HARD_MAX)
    expect(description.length).toBeGreaterThan(DESCRIPTION_MAX)
    expect(description.endsWith("…")).toBe(true)
    const kept = description.slice(0, -1)
    expect(long.startsWith(kept)).toBe(true)
    expect(long[kept.length]).toBe(" ")
    expect(report.description).toBe(description)
    expect(report.warnings.some((warning) => warning.includes("5000") && warning.includes("cut"))).toBe(true)
  })

  it("collapses control characters and runs of white space", () => {
    const { head } = resolvePageSeo(
      seriesPage({
        seo: seoFields({
          title: "Core\u0000Strength\u0007\r\n\tPlus",
          description: `\u001b${SERIES_DESCRIPTION}\u007fNow.\n\n  \u0000Really.`,
        }),
      }),
      bareSite(),
    )
    expect(head.title).toBe("Core Strength Plus | MoveFlix")
    expect(head.description).toBe(`${SERIES_DESCRIPTION} Now. Really.`)
    // eslint-disable-next-line no-control-regex -- the text must keep no control character
    expect(`${head.title}${head.description}`).not.toMatch(/[\u0000-\u001f\u007f]/)
  })

  it("turns an HTML seo.description into its text, with a warning naming seo.description", () => {
    const { head, report } = resolvePageSeo(seriesPage({ seo: seoFields({ description: `<p>${SERIES_DESCRIPTION}</p><script>alert(1)</script>` }) }), bareSite())
    expect(head.description).toBe(SERIES_DESCRIPTION)
    expect(report.warnings.some((warning) => warning.startsWith("seo.description"))).toBe(true)
  })
})
