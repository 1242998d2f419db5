import type { PageKind, SeoReport, SeoReportPage } from "./report-types"

/**
 * The figures and ordering the HTML report and `npm run seo:report` share,
 * so the page and the terminal never disagree about a count.
 */

/** Shown in the HTML banner and by the script: a staging site must not be mistaken for the live one. */
export const INDEXING_OFF_MESSAGE = "Indexing is switched off in the site settings: every page is noindex and robots.txt disallows all"

export type PageStatus = "error" | "warning" | "ok"

export interface SeoReportSummary {
  pages: number
  indexablePages: number
  pagesInSitemap: number
  pagesWithWarnings: number
  warnings: number
  pagesWithErrors: number
  errors: number
  /** Every kind, zeros included: a kind with no pages (no home page?) is itself worth seeing. */
  pagesByKind: Record<PageKind, number>
}

const noPagesOfAnyKind = (): Record<PageKind, number> => ({
  home: 0,
  category: 0,
  subcategory: 0,
  series: 0,
  episode: 0,
  search: 0,
  "my-list": 0,
  "thank-you": 0,
  "subscribe-outcome": 0,
  "not-found": 0,
})

/** "none" is the robots shorthand for "noindex, nofollow", so it counts too. */
export const isNoindex = (robots: string): boolean => /\b(noindex|none)\b/i.test(robots)

/**
 * robots.txt disallowing everything keeps a page out of the index whatever
 * its own robots meta says, so the site switch wins over the page.
 */
export const isIndexable = (report: SeoReport, page: SeoReportPage): boolean => report.allowIndexing && !isNoindex(page.robots)

export const statusOf = (page: SeoReportPage): PageStatus => (page.errors.length > 0 ? "error" : page.warnings.length > 0 ? "warning" : "ok")

const STATUS_RANK: Record<PageStatus, number> = { error: 0, warning: 1, ok: 2 }

/**
 * Errors first, then warnings, then the rest: the reader came for what needs
 * fixing. The sort is stable, so each group keeps the build's order.
 */
export const orderForReading = (pages: readonly SeoReportPage[]): SeoReportPage[] => [...pages].sort((a, b) => STATUS_RANK[statusOf(a)] - STATUS_RANK[statusOf(b)])

export function summariseReport(report: SeoReport): SeoReportSummary {
  const { pages } = report
  const pagesByKind = noPagesOfAnyKind()
  // `?? 0`: report.json is read back from disk, where a kind this code does not know can appear.
  for (const page of pages) pagesByKind[page.kind] = (pagesByKind[page.kind] ?? 0) + 1
  return {
    pages: pages.length,
    indexablePages: pages.filter((page) => isIndexable(report, page)).length,
    pagesInSitemap: pages.filter((page) => page.inSitemap).length,
    pagesWithWarnings: pages.filter((page) => page.warnings.length > 0).length,
    warnings: pages.reduce((sum, page) => sum + page.warnings.length, 0),
    pagesWithErrors: pages.filter((page) => page.errors.length > 0).length,
    errors: pages.reduce((sum, page) => sum + page.errors.length, 0),
    pagesByKind,
  }
}
