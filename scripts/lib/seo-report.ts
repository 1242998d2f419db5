import fs from "node:fs"
import type { SeoReport, SeoReportPage } from "../../src/seo/report/report-types"
import { INDEXING_OFF_MESSAGE, orderForReading, summariseReport } from "../../src/seo/report/summarise-report"

/** The testable part of `npm run seo:report`: reading report.json and the text it prints. */

export type ReadReportResult = { ok: true; report: SeoReport } | { ok: false; message: string }

/** Enough of the shape that describing the report cannot crash; the build wrote the rest. */
function looksLikeReport(value: unknown): value is SeoReport {
  if (typeof value !== "object" || value === null) return false
  const report = value as Partial<Record<keyof SeoReport, unknown>>
  return (
    typeof report.siteName === "string" &&
    typeof report.siteUrl === "string" &&
    typeof report.generatedAt === "string" &&
    typeof report.allowIndexing === "boolean" &&
    Array.isArray(report.pages) &&
    report.pages.every(looksLikePage)
  )
}

function looksLikePage(value: unknown): value is SeoReportPage {
  if (typeof value !== "object" || value === null) return false
  const page = value as Partial<Record<keyof SeoReportPage, unknown>>
  return (
    typeof page.path === "string" &&
    typeof page.robots === "string" &&
    Array.isArray(page.warnings) &&
    Array.isArray(page.errors)
  )
}

export function readSeoReport(jsonPath: string): ReadReportResult {
  if (!fs.existsSync(jsonPath)) {
    return { ok: false, message: `No SEO report at ${jsonPath}: run \`npm run build\` first, which writes it.` }
  }
  try {
    const parsed: unknown = JSON.parse(fs.readFileSync(jsonPath, "utf8"))
    if (looksLikeReport(parsed)) return { ok: true, report: parsed }
    return { ok: false, message: `${jsonPath} is not an SEO report: run \`npm run build\` again.` }
  } catch (error) {
    return { ok: false, message: `Cannot read ${jsonPath} (${(error as Error).message}): run \`npm run build\` again.` }
  }
}

/**
 * CMS text goes to a terminal here, where escape sequences could recolour,
 * retitle or rewrite the output; control characters are shown, not sent.
 */
export const printable = (text: string): string =>
  String(text).replace(/[\u0000-\u001f\u007f-\u009f]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`)

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`

function problemLines(report: SeoReport): string[] {
  return orderForReading(report.pages).flatMap((page) => [
    ...page.errors.map((message) => `  error    ${printable(page.path)}: ${printable(message)}`),
    ...page.warnings.map((message) => `  warning  ${printable(page.path)}: ${printable(message)}`),
  ])
}

/** What the script prints: summary, then every error and warning by page, then where the full report is. */
export function describeSeoReport(report: SeoReport, htmlPath: string): string {
  const summary = summariseReport(report)
  const lines = [
    `SEO report for ${printable(report.siteName)} (${printable(report.siteUrl)}), generated ${printable(report.generatedAt)}`,
    `${plural(summary.pages, "page")}: ${summary.indexablePages} indexable, ${summary.pagesInSitemap} in the sitemap`,
    `${plural(summary.warnings, "warning")} on ${plural(summary.pagesWithWarnings, "page")}, ` +
      `${plural(summary.errors, "error")} on ${plural(summary.pagesWithErrors, "page")}`,
  ]
  if (!report.allowIndexing) lines.push("", `!! ${INDEXING_OFF_MESSAGE}`)
  const problems = problemLines(report)
  lines.push("", problems.length > 0 ? "Pages with errors or warnings:" : "No page has errors or warnings.", ...problems)
  lines.push("", `Full report: ${htmlPath}`)
  return lines.join("\n")
}
