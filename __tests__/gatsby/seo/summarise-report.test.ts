import { isIndexable, isNoindex, orderForReading, summariseReport } from "../../../gatsby/seo/report/summarise-report"
import { samplePage, sampleReport } from "../../helpers/seo-report-sample"

describe("summariseReport", () => {
  it("counts pages, indexable pages, sitemap entries, warnings and errors", () => {
    const summary = summariseReport(sampleReport())
    expect(summary).toEqual({
      pages: 4,
      indexablePages: 3,
      pagesInSitemap: 3,
      pagesWithWarnings: 2,
      warnings: 3,
      pagesWithErrors: 1,
      errors: 1,
      pagesByKind: { home: 1, category: 0, subcategory: 0, series: 1, episode: 1, search: 1, "my-list": 0, "thank-you": 0, "subscribe-outcome": 0, "not-found": 0 },
    })
  })

  it("counts no page indexable when the site switch is off, whatever the pages say", () => {
    const report = sampleReport({ allowIndexing: false })
    expect(summariseReport(report).indexablePages).toBe(0)
    expect(isIndexable(report, samplePage())).toBe(false)
  })

  it("reads noindex and the none shorthand in any case", () => {
    expect(isNoindex("noindex, follow")).toBe(true)
    expect(isNoindex("NONE")).toBe(true)
    expect(isNoindex("index, follow")).toBe(false)
  })
})

describe("orderForReading", () => {
  it("puts errors first and warnings second, and keeps the build's order within each", () => {
    const pages = [
      samplePage({ path: "/a/" }),
      samplePage({ path: "/b/", warnings: ["w"] }),
      samplePage({ path: "/c/", errors: ["e"], warnings: ["w"] }),
      samplePage({ path: "/d/" }),
      samplePage({ path: "/e/", warnings: ["w"] }),
      samplePage({ path: "/f/", errors: ["e"] }),
    ]
    expect(orderForReading(pages).map((page) => page.path)).toEqual(["/c/", "/f/", "/b/", "/e/", "/a/", "/d/"])
    expect(pages.map((page) => page.path)).toEqual(["/a/", "/b/", "/c/", "/d/", "/e/", "/f/"])
  })
})
