import type { SeoReport, SeoReportPage } from "../../gatsby/seo/report/report-types"

/** A small report for the SEO report tests: one page of each state (error, warning, clean, noindex). */

export const LONG_TITLE = "Core Strength with Maya: Twelve Weeks of Pilates for Busy Mornings | Video Catalogue"

export const HOSTILE = {
  title: `</script><script>alert(1)</script><img src=x onerror="alert(2)">"'&`,
  description: `"><iframe src="javascript:alert(3)"></iframe>`,
  canonical: "javascript:alert(4)",
  imageUrl: " JaVaScRiPt:alert(5)",
  alt: `" onerror="alert(6)`,
  entity: "<b onmouseover=alert(7)>bold</b>",
  warning: `title contains <svg onload=alert(8)>`,
} as const

export function samplePage(overrides: Partial<SeoReportPage> = {}): SeoReportPage {
  return {
    path: "/",
    kind: "home",
    entity: null,
    title: "Video Catalogue",
    description: "Fitness, dance and entertainment videos.",
    canonical: "https://videos.example/",
    robots: "index, follow",
    inSitemap: true,
    structuredData: ["WebSite"],
    socialImage: { url: "https://videos.example/social/home.jpg", width: 1200, height: 630, alt: "Dancers on a stage" },
    sources: {
      title: "site settings",
      description: "site settings",
      image: "site settings",
      canonical: "page address",
      robots: "built-in default",
    },
    warnings: [],
    errors: [],
    ...overrides,
  }
}

export function sampleReport(overrides: Partial<SeoReport> = {}): SeoReport {
  return {
    generatedAt: "2025-03-04T05:06:07.000Z",
    siteUrl: "https://videos.example",
    siteName: "Video Catalogue",
    allowIndexing: true,
    pages: [
      samplePage(),
      samplePage({
        path: "/series/12/",
        kind: "series",
        entity: "series 12 (Core Strength)",
        title: LONG_TITLE,
        canonical: "https://videos.example/series/12/",
        structuredData: ["TVSeries", "BreadcrumbList"],
        sources: { title: "title template", description: "entity text", image: "entity SEO field", canonical: "page address", robots: "built-in default" },
        warnings: ["title is 84 characters; search results show about 60"],
      }),
      samplePage({
        path: "/episode/7/",
        kind: "episode",
        entity: "episode 7 (Plank Basics)",
        title: "Plank Basics",
        description: null,
        canonical: "https://videos.example/episode/7/",
        socialImage: null,
        structuredData: ["VideoObject"],
        warnings: ["description is missing", "social image is missing"],
        errors: ["canonical points at another page"],
      }),
      samplePage({
        path: "/search/",
        kind: "search",
        title: "Search | Video Catalogue",
        canonical: "https://videos.example/search/",
        robots: "noindex",
        inSitemap: false,
        structuredData: [],
      }),
    ],
    ...overrides,
  }
}
