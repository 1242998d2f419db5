/**
 * @jest-environment jsdom
 */
// jsdom's parser is the HTML standard's, so what it builds is what a browser
// would build from the report: the honest witness for the escaping tests.
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { characterCount, httpUrl, renderSeoReportHtml, TITLE_PREVIEW_LENGTH, truncateForSnippet } from "../../../gatsby/seo/report/render-report-html"
import type { SeoReport } from "../../../gatsby/seo/report/report-types"
import { INDEXING_OFF_MESSAGE } from "../../../gatsby/seo/report/summarise-report"
import { writeReportPageIfStale, writeSeoReport } from "../../../gatsby/seo/report/write-report"
import { HOSTILE, LONG_TITLE, samplePage, sampleReport } from "../../helpers/seo-report-sample"

const parse = (report: SeoReport) => new DOMParser().parseFromString(renderSeoReportHtml(report), "text/html")
const text = (element: Element | null | undefined) => (element?.textContent ?? "").replace(/\s+/g, " ").trim()

function cardOf(document: Document, pagePath: string): Element {
  const card = [...document.querySelectorAll("article.page")].find((article) => text(article.querySelector("h3")) === pagePath)
  if (!card) throw new Error(`No card for ${pagePath}`)
  return card
}

function figures(document: Document): Record<string, number> {
  return Object.fromEntries([...document.querySelectorAll(".figures > div")].map((figure) => [text(figure.querySelector("dt")), Number(text(figure.querySelector("dd")))]))
}

function detailRow(card: Element, field: string): Element {
  const row = [...card.querySelectorAll(".details tbody tr")].find((candidate) => text(candidate.querySelector("th")) === field)
  if (!row) throw new Error(`No ${field} row`)
  return row
}

describe("renderSeoReportHtml", () => {
  it("is an English document with the site in its header", () => {
    const document = parse(sampleReport())
    expect(document.documentElement.getAttribute("lang")).toBe("en")
    expect(text(document.querySelector("h1"))).toBe("SEO report: Video Catalogue")
    expect(document.querySelector(".site-meta a")?.getAttribute("href")).toBe("https://videos.example/")
    expect(document.querySelector("time")?.getAttribute("datetime")).toBe("2025-03-04T05:06:07.000Z")
    expect(text(document.querySelector(".site-meta"))).toContain("2025-03-04 05:06 UTC")
  })

  it("sums up the pages", () => {
    const document = parse(sampleReport())
    expect(figures(document)).toEqual({
      Pages: 4,
      "Indexable pages": 3,
      "Pages in the sitemap": 3,
      "Pages with warnings": 2,
      Warnings: 3,
      "Pages with errors": 1,
      Errors: 1,
    })
    const kinds = Object.fromEntries([...document.querySelectorAll(".kinds tbody tr")].map((row) => [text(row.querySelector("th")), Number(text(row.querySelector("td")))]))
    expect(kinds).toMatchObject({ home: 1, series: 1, episode: 1, search: 1, category: 0 })
  })

  it("puts pages with errors first, then warnings, then the rest in build order, and links to them", () => {
    const document = parse(sampleReport())
    const order = [...document.querySelectorAll("article.page h3")].map((heading) => text(heading))
    expect(order).toEqual(["/episode/7/", "/series/12/", "/", "/search/"])
    const attention = [...document.querySelectorAll(".attention a")]
    expect(attention.map((link) => [text(link), link.getAttribute("href")])).toEqual([
      ["/episode/7/", "#page-1"],
      ["/series/12/", "#page-2"],
    ])
    expect(document.getElementById("page-1")?.getAttribute("data-status")).toBe("error")
  })

  it("previews a long title cut with … as a search result shows it, and gives the full title with its length", () => {
    const card = cardOf(parse(sampleReport()), "/series/12/")
    const preview = text(card.querySelector(".serp-title"))
    expect(preview.endsWith("…")).toBe(true)
    expect(characterCount(preview)).toBeLessThanOrEqual(TITLE_PREVIEW_LENGTH)
    expect(LONG_TITLE.startsWith(preview.slice(0, -1))).toBe(true)
    expect(text(card.querySelector(".serp-url"))).toBe("https://videos.example › series › 12")
    const titleRow = detailRow(card, "Title")
    expect(text(titleRow.querySelector(".value"))).toContain(LONG_TITLE)
    expect(text(titleRow.querySelector(".length"))).toBe("84 characters; search results show about 60")
    expect(text(titleRow.querySelector(".source"))).toBe("title template")
    expect(text(card.querySelector(".social-title"))).toBe(LONG_TITLE)
  })

  it("shows the social card with its picture, alt text and domain in capitals", () => {
    const card = cardOf(parse(sampleReport()), "/")
    const image = card.querySelector(".social-card img")
    expect(image?.getAttribute("src")).toBe("https://videos.example/social/home.jpg")
    expect(image?.getAttribute("alt")).toBe("Dancers on a stage")
    expect(text(card.querySelector(".social-domain"))).toBe("VIDEOS.EXAMPLE")
  })

  it("shows a placeholder for a missing social image and says the description is missing", () => {
    const card = cardOf(parse(sampleReport()), "/episode/7/")
    expect(card.querySelector(".social-card img")).toBeNull()
    expect(text(card.querySelector(".social-placeholder"))).toBe("No social image")
    expect(text(card.querySelector(".serp-description"))).toMatch(/^No description/)
  })

  it("lists a page's errors and warnings apart, in words as well as colour", () => {
    const card = cardOf(parse(sampleReport()), "/episode/7/")
    expect([...card.querySelectorAll(".problems li.error")].map(text)).toEqual(["Error: canonical points at another page"])
    expect([...card.querySelectorAll(".problems li.warning")].map(text)).toEqual(["Warning: description is missing", "Warning: social image is missing"])
    expect(text(cardOf(parse(sampleReport()), "/").querySelector(".all-clear"))).toBe("No warnings or errors.")
  })

  it("shows canonical, robots, sitemap and structured data", () => {
    const card = cardOf(parse(sampleReport()), "/search/")
    expect(detailRow(card, "Canonical").querySelector("a")?.getAttribute("href")).toBe("https://videos.example/search/")
    expect(text(detailRow(card, "Robots").querySelector(".value"))).toBe("noindex")
    expect(text(detailRow(card, "In sitemap").querySelector(".value"))).toBe("no")
    expect(text(detailRow(card, "Structured data").querySelector(".value"))).toBe("none")
    expect(text(detailRow(cardOf(parse(sampleReport()), "/series/12/"), "Structured data").querySelector(".value"))).toBe("TVSeries, BreadcrumbList")
  })

  it("shows the staging banner only when indexing is switched off", () => {
    expect(parse(sampleReport()).querySelector(".banner")).toBeNull()
    expect(renderSeoReportHtml(sampleReport())).not.toContain(INDEXING_OFF_MESSAGE)
    const staging = parse(sampleReport({ allowIndexing: false }))
    expect(text(staging.querySelector(".banner"))).toBe(INDEXING_OFF_MESSAGE)
    expect(figures(staging)["Indexable pages"]).toBe(0)
  })

  describe("with hostile values from the CMS", () => {
    const hostileReport = () =>
      sampleReport({
        siteName: `<script>alert("site")</script>`,
        siteUrl: "javascript:alert('site')",
        pages: [
          samplePage({
            path: `/"><img src=x onerror=alert(0)>/`,
            title: HOSTILE.title,
            description: HOSTILE.description,
            canonical: HOSTILE.canonical,
            entity: HOSTILE.entity,
            structuredData: ["<iframe>"],
            socialImage: { url: HOSTILE.imageUrl, width: 1200, height: 630, alt: HOSTILE.alt },
            warnings: [HOSTILE.warning],
            errors: [`</li></ul><script>alert("error")</script>`],
          }),
          samplePage({ path: "/alt/", socialImage: { url: "https://videos.example/a.jpg", width: 1200, height: 630, alt: HOSTILE.alt } }),
        ],
      })

    it("builds no element, attribute or script from them", () => {
      const document = parse(hostileReport())
      expect(document.querySelectorAll("script, iframe, svg, b, object, embed, base").length).toBe(0)
      const handlers = [...document.querySelectorAll("*")].flatMap((element) =>
        [...element.attributes].filter((attribute) => attribute.name.startsWith("on")).map((attribute) => attribute.name),
      )
      expect(handlers).toEqual([])
      expect(document.querySelectorAll("article.page")).toHaveLength(2)
      // The only picture is the one with an https address; its hostile alt stays one attribute.
      const images = [...document.querySelectorAll("img")]
      expect(images.map((image) => image.getAttribute("src"))).toEqual(["https://videos.example/a.jpg"])
      expect(images[0]?.getAttribute("alt")).toBe(HOSTILE.alt)
      expect(images[0]?.getAttributeNames().sort()).toEqual(["alt", "loading", "referrerpolicy", "src"])
    })

    it("links and loads only http(s) addresses", () => {
      const document = parse(hostileReport())
      const addresses = [...document.querySelectorAll("[href], [src]")].map((element) => element.getAttribute("href") ?? element.getAttribute("src") ?? "")
      expect(addresses.length).toBeGreaterThan(0)
      for (const address of addresses) expect(address).toMatch(/^(https?:\/\/|#page-\d+$)/)
      // The raw page too: a `javascript:` in an attribute would be one a parser could pick up.
      expect(renderSeoReportHtml(hostileReport())).not.toMatch(/(href|src)\s*=\s*["']?\s*javascript:/i)
    })

    it("shows them as text, exactly as the CMS has them", () => {
      const document = parse(hostileReport())
      expect(document.title).toBe(`SEO report: <script>alert("site")</script>`)
      const card = document.querySelectorAll("article.page")[0]!
      expect(card.textContent).toContain(`/"><img src=x onerror=alert(0)>/`)
      expect(text(detailRow(card, "Title").querySelector(".value"))).toContain(HOSTILE.title)
      expect(card.textContent).toContain(HOSTILE.description)
      expect(card.textContent).toContain(HOSTILE.entity)
      expect(card.textContent).toContain(HOSTILE.warning)
      expect(card.textContent).toContain(`</li></ul><script>alert("error")</script>`)
      expect(text(detailRow(card, "Canonical").querySelector(".value"))).toContain(HOSTILE.canonical)
      expect(text(card.querySelector(".serp-url"))).toBe(HOSTILE.canonical)
      expect(text(card.querySelector(".social-placeholder"))).toMatch(/not http\(s\)/)
      expect(text(document.querySelector(".site-meta"))).toContain("javascript:alert('site')")
    })
  })
})

describe("truncateForSnippet", () => {
  it("leaves text within the limit alone, whitespace collapsed", () => {
    expect(truncateForSnippet("  Plank   Basics ", 60)).toBe("Plank Basics")
  })

  it("cuts between words when a boundary is near, and within a long word otherwise", () => {
    expect(truncateForSnippet("one two three four five six", 20)).toBe("one two three four…")
    expect(truncateForSnippet("x".repeat(80), 60)).toBe(`${"x".repeat(59)}…`)
  })

  it("never splits a character made of two UTF-16 units", () => {
    const cut = truncateForSnippet("💪".repeat(70), 60)
    expect(characterCount(cut)).toBe(60)
    expect(cut).toBe(`${"💪".repeat(59)}…`)
  })
})

describe("httpUrl", () => {
  it("accepts http(s) and nothing else", () => {
    expect(httpUrl("https://videos.example/a b")).toBe("https://videos.example/a%20b")
    expect(httpUrl("http://videos.example")).toBe("http://videos.example/")
    for (const address of ["javascript:alert(1)", " JaVaScRiPt:alert(1)", "data:text/html,<script>", "/relative/", "//videos.example/"]) {
      expect(httpUrl(address)).toBeNull()
    }
  })
})

describe("writeSeoReport", () => {
  let directory: string
  beforeEach(() => {
    directory = fs.mkdtempSync(path.join(os.tmpdir(), "seo-report-"))
  })
  afterEach(() => fs.rmSync(directory, { recursive: true, force: true }))

  it("creates the folder and writes the page and the JSON, which reads back as the same report", () => {
    const target = path.join(directory, "reports", "seo")
    const report = sampleReport({ allowIndexing: false })
    const { htmlPath, jsonPath } = writeSeoReport(target, report)
    expect(htmlPath).toBe(path.join(target, "index.html"))
    expect(jsonPath).toBe(path.join(target, "report.json"))
    expect(fs.readFileSync(htmlPath, "utf8")).toBe(renderSeoReportHtml(report))
    const json = fs.readFileSync(jsonPath, "utf8")
    // One line, no indentation: every publish writes it, a row for each page of the catalogue.
    expect(json).toBe(`${JSON.stringify(report)}\n`)
    expect(JSON.parse(json)).toEqual(report)
  })

  it("without the page (the publisher's builds) writes the JSON, removes an older page, and renders it when asked", () => {
    const target = path.join(directory, "seo")
    const older = sampleReport({ allowIndexing: true })
    writeSeoReport(target, older)
    const report = sampleReport({ allowIndexing: false })
    const { htmlPath, jsonPath } = writeSeoReport(target, report, { html: false })
    expect(JSON.parse(fs.readFileSync(jsonPath, "utf8"))).toEqual(report)
    // No page that shows another build's findings.
    expect(fs.existsSync(htmlPath)).toBe(false)

    expect(writeReportPageIfStale(target, report)).toBe(true)
    expect(fs.readFileSync(htmlPath, "utf8")).toBe(renderSeoReportHtml(report))
    // Rendered once per report.
    expect(writeReportPageIfStale(target, report)).toBe(false)
  })
})
