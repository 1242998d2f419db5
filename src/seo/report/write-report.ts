import fs from "node:fs"
import path from "node:path"
import { renderSeoReportHtml } from "./render-report-html"
import type { SeoReport } from "./report-types"

/**
 * Writes the report for people (index.html) and for tools and
 * `npm run seo:report` (report.json) side by side. Node only.
 */
export function writeSeoReport(directory: string, report: SeoReport): { htmlPath: string; jsonPath: string } {
  fs.mkdirSync(directory, { recursive: true })
  const htmlPath = path.join(directory, "index.html")
  const jsonPath = path.join(directory, "report.json")
  // JSON first: if the HTML fails to render, the script can still tell what the build found.
  fs.writeFileSync(jsonPath, `${JSON.stringify(report, null, 2)}\n`)
  fs.writeFileSync(htmlPath, renderSeoReportHtml(report))
  return { htmlPath, jsonPath }
}
