import fs from "node:fs"
import type { SeoReport, SeoReportPage } from "../../gatsby/seo/report/report-types"
import { INDEXING_OFF_MESSAGE, orderForReading, summariseReport } from "../../gatsby/seo/report/summarise-report"

/** The testable part of `npm run seo:report`: reading report.json and the text it prints. */

export type ReadReportResult = { ok: true; report: SeoReport } | { ok: false; message: string }

type FieldCheck = (field: unknown) => boolean
const isString: FieldCheck = (field) => typeof field === "string"
const isBoolean: FieldCheck = (field) => typeof field === "boolean"

/** Whether `value` is an object whose named fields each pass their check. */
function hasShape<T>(value: unknown, checks: Partial<Record<keyof T, FieldCheck>>): value is T {
  if (typeof value !== "object" || value === null) return false
  const fields = value as Record<string, unknown>
  return Object.entries(checks).every(([name, check]) => (check as FieldCheck)(fields[name]))
}

const looksLikePage = (value: unknown): value is SeoReportPage =>
  hasShape<SeoReportPage>(value, { path: isString, robots: isString, warnings: Array.isArray, errors: Array.isArray })

/** Enough of the shape that describing the report cannot crash; the build wrote the rest. */
const looksLikeReport = (value: unknown): value is SeoReport =>
  hasShape<SeoReport>(value, {
    siteName: isString,
    siteUrl: isString,
    generatedAt: isString,
    allowIndexing: isBoolean,
    pages: (pages) => Array.isArray(pages) && pages.every(looksLikePage),
  })

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
  // eslint-disable-next-line no-control-regex -- control characters are the ones escaped
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
    `${plural(summary.warnings, "warning")} on ${plural(summary.pagesWithWarnings, "page")}, ` + `${plural(summary.errors, "error")} on ${plural(summary.pagesWithErrors, "page")}`,
  ]
  if (!report.allowIndexing) lines.push("", `!! ${INDEXING_OFF_MESSAGE}`)
  const problems = problemLines(report)
  lines.push("", problems.length > 0 ? "Pages with errors or warnings:" : "No page has errors or warnings.", ...problems)
  lines.push("", `Full report: ${htmlPath}`)
  return lines.join("\n")
}
