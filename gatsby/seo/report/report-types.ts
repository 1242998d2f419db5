/**
 * The SEO report's data (reports/seo/report.json), written after every
 * build for marketing staff. One row per page the build made.
 */

/** Where a final value came from, in the words of the report. */
export type ValueSource = "entity SEO field" | "entity text" | "entity picture" | "video host" | "site settings" | "title template" | "built-in default" | "page address" | "none"

export interface ReportSocialImage {
  /** Absolute URL of the 1200×630 picture. */
  url: string
  width: number
  height: number
  alt: string
}

export type PageKind = "home" | "category" | "subcategory" | "series" | "episode" | "search" | "my-list" | "thank-you" | "subscribe-outcome" | "not-found"

export interface SeoReportPage {
  /** The page's own path, e.g. "/series/12/". */
  path: string
  kind: PageKind
  /** Which catalogue entity it shows, e.g. "series 12 (Core Strength)"; null for fixed pages. */
  entity: string | null
  /** The final <title>, template applied. */
  title: string
  description: string | null
  /** Absolute. */
  canonical: string
  /** "index, follow" or "noindex". */
  robots: string
  inSitemap: boolean
  /** Schema.org types in the page's JSON-LD, e.g. ["VideoObject", "BreadcrumbList"]. */
  structuredData: string[]
  socialImage: ReportSocialImage | null
  sources: {
    title: ValueSource
    description: ValueSource
    image: ValueSource
    canonical: ValueSource
    robots: ValueSource
  }
  /** Each names the field, e.g. "title is 72 characters; search results show about 60". */
  warnings: string[]
  /** Problems that failed the build. */
  errors: string[]
}

export interface SeoReport {
  /** ISO 8601. */
  generatedAt: string
  siteUrl: string
  siteName: string
  /** false: every page is noindex and robots.txt disallows all (a staging site). */
  allowIndexing: boolean
  pages: SeoReportPage[]
}
