import fs from "node:fs"
import path from "node:path"
import { renderSeoReportHtml } from "./render-report-html"
import type { SeoReport } from "./report-types"

export interface SeoReportFiles {
  htmlPath: string
  jsonPath: string
}

const reportFiles = (directory: string): SeoReportFiles => ({ htmlPath: path.join(directory, "index.html"), jsonPath: path.join(directory, "report.json") })

/**
 * Writes the report for tools and `npm run seo:report` (report.json) and,
 * unless `html` is false, the page for people (index.html) beside it. Node only.
 *
 * The page is most of the cost (several times the JSON's, docs/performance.md,
 * "Figures behind the code's choices"), and the publisher's builds, whose
 * report no one opens from its workspace, skip it (SEO_REPORT_HTML=off): an
 * older page is then removed, so no page shows another build's findings, and
 * `npm run seo:report` renders it from the JSON when asked (writeReportPageIfStale).
 */
export function writeSeoReport(directory: string, report: SeoReport, options: { html?: boolean } = {}): SeoReportFiles {
  fs.mkdirSync(directory, { recursive: true })
  const files = reportFiles(directory)
  // JSON first: if the HTML fails to render, the script can still tell what the build found. Compact, as every
  // publish writes it for programs to read (a row per page); people read the page, or `jq .` the file.
  fs.writeFileSync(files.jsonPath, `${JSON.stringify(report)}\n`)
  if (options.html === false) fs.rmSync(files.htmlPath, { force: true })
  else fs.writeFileSync(files.htmlPath, renderSeoReportHtml(report))
  return files
}

/** The report's page, rendered from its JSON when the page is missing or older than the JSON; whether it was. */
export function writeReportPageIfStale(directory: string, report: SeoReport): boolean {
  const { htmlPath, jsonPath } = reportFiles(directory)
  const page = fs.statSync(htmlPath, { throwIfNoEntry: false })
  if (page && page.mtimeMs >= fs.statSync(jsonPath).mtimeMs) return false
  fs.writeFileSync(htmlPath, renderSeoReportHtml(report))
  return true
}
