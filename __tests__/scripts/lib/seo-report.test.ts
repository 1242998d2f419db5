import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { describeSeoReport, printable, readSeoReport } from "../../../scripts/lib/seo-report"
import { INDEXING_OFF_MESSAGE } from "../../../gatsby/seo/report/summarise-report"
import { samplePage, sampleReport } from "../../helpers/seo-report-sample"

describe("describeSeoReport", () => {
  it("prints the summary, every error and warning by page (errors first), and where the HTML is", () => {
    const lines = describeSeoReport(sampleReport(), "/site/reports/seo/index.html").split("\n")
    expect(lines).toEqual([
      "SEO report for Video Catalogue (https://videos.example), generated 2025-03-04T05:06:07.000Z",
      "4 pages: 3 indexable, 3 in the sitemap",
      "3 warnings on 2 pages, 1 error on 1 page",
      "",
      "Pages with errors or warnings:",
      "  error    /episode/7/: canonical points at another page",
      "  warning  /episode/7/: description is missing",
      "  warning  /episode/7/: social image is missing",
      "  warning  /series/12/: title is 84 characters; search results show about 60",
      "",
      "Full report: /site/reports/seo/index.html",
    ])
  })

  it("says when nothing needs fixing, and warns loudly when indexing is off", () => {
    const output = describeSeoReport(sampleReport({ allowIndexing: false, pages: [samplePage()] }), "index.html")
    expect(output).toContain("No page has errors or warnings.")
    expect(output).toContain(`!! ${INDEXING_OFF_MESSAGE}`)
    expect(output).toContain("1 page: 0 indexable, 1 in the sitemap")
  })

  it("shows control characters from the CMS instead of sending them to the terminal", () => {
    const report = sampleReport({ pages: [samplePage({ path: "/\u001b[2J/", warnings: ["title\u0007 is odd"] })] })
    const output = describeSeoReport(report, "index.html")
    // eslint-disable-next-line no-control-regex -- the report must print no control character
    expect(output).not.toMatch(/[\u0000-\u0009\u000b-\u001f]/)
    expect(output).toContain("  warning  /\\u001b[2J/: title\\u0007 is odd")
    expect(printable("ok\n")).toBe("ok\\u000a")
  })
})

describe("readSeoReport", () => {
  let directory: string
  beforeEach(() => {
    directory = fs.mkdtempSync(path.join(os.tmpdir(), "seo-report-read-"))
  })
  afterEach(() => fs.rmSync(directory, { recursive: true, force: true }))

  it("reads a report the build wrote", () => {
    const file = path.join(directory, "report.json")
    fs.writeFileSync(file, JSON.stringify(sampleReport(), null, 2))
    expect(readSeoReport(file)).toEqual({ ok: true, report: sampleReport() })
  })

  it("says to build first when there is no report", () => {
    const result = readSeoReport(path.join(directory, "report.json"))
    expect(result.ok).toBe(false)
    expect(!result.ok && result.message).toMatch(/run `npm run build` first/)
  })

  it("refuses a file that is not a report instead of crashing later", () => {
    const file = path.join(directory, "report.json")
    for (const content of ["{", JSON.stringify({ pages: "none" }), JSON.stringify({ ...sampleReport(), pages: [{}] })]) {
      fs.writeFileSync(file, content)
      expect(readSeoReport(file).ok).toBe(false)
    }
  })
})
