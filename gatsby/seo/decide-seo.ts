import { catalogueSeo, socialImage, type CatalogueSeo } from "./catalogue-page-seo"
import { fixedPageSeoInputs } from "./fixed-pages"
import type { PageHead } from "../../src/seo/page-head"
import type { SeoReportPage } from "./report/report-types"
import { isHttpUrl, type SiteSeo } from "./resolve-page-seo"
import { resolveSiteSeo } from "./site-seo"

/** The build's SEO decisions, made in createPages. */
export interface BuildSeo {
  site: SiteSeo
  catalogue: CatalogueSeo
}

/**
 * The site-wide SEO values (site settings over built-in defaults) and every
 * catalogue page's head, from the page query; or why the build cannot go on.
 */
export function decideSeo(data: Queries.CreatePagesQuery): BuildSeo | { problem: string } {
  const siteUrl = (data.site?.siteMetadata?.siteUrl ?? "").replace(/\/+$/, "")
  if (!isHttpUrl(siteUrl)) {
    return { problem: `SITE_URL ${JSON.stringify(siteUrl)} is not an absolute http(s) URL: canonical and social image links need it` }
  }
  const settings = data.catalogueSiteSettings
  const builtInName = data.site?.siteMetadata?.title ?? "MoveFlix"
  const builtInImage = data.builtInImage?.childImageSharp
  const site = resolveSiteSeo(
    {
      found: settings?.found ?? false,
      siteName: settings?.siteName ?? null,
      titleTemplate: settings?.titleTemplate ?? null,
      defaultDescription: settings?.defaultDescription ?? null,
      defaultImage: socialImage(siteUrl, settings?.defaultImage, settings?.defaultImageAlt ?? settings?.siteName ?? builtInName),
      twitterSite: settings?.twitterSite ?? null,
      organizationName: settings?.organizationName ?? null,
      organizationLogoUrl: socialImage(siteUrl, settings?.organizationLogo, "")?.url ?? null,
      organizationSameAs: settings?.organizationSameAs ?? [],
      // The preview lane's pages too: they are the pages as they go live, so its first build reuses the live
      // lane's. Its server says noindex on every answer and its robots.txt is closed (docs/reference/preview-lane.md).
      allowIndexing: settings?.allowIndexing ?? true,
    },
    {
      siteUrl,
      siteName: builtInName,
      description: data.site?.siteMetadata?.description ?? "",
      image: socialImage(siteUrl, builtInImage, "People training together in a bright studio"),
    },
  )
  return { site, catalogue: catalogueSeo(data, site) }
}

/** The heads of the pages under src/pages (home, search, my list, thank-you, 404), by the path Gatsby gives them. */
export function fixedPageHeads(seo: BuildSeo): [string, PageHead][] {
  return fixedPageSeoInputs(seo.catalogue.newestChange).map((input) => [input.path, seo.catalogue.fixed(input)])
}

/** Each row's errors or warnings as one line, naming the page and the entity. */
export function problemLines(rows: readonly SeoReportPage[], field: "errors" | "warnings"): string[] {
  return rows.flatMap((row) => row[field].map((problem) => `${row.path}${row.entity ? ` (${row.entity})` : ""}: ${problem}`))
}

/** What must not go live, as the message that fails the build; undefined when nothing. */
export function seoErrorsMessage(rows: readonly SeoReportPage[]): string | undefined {
  const problems = problemLines(rows, "errors")
  return problems.length ? `SEO: ${problems.length} problem(s) would go live:\n  ${problems.join("\n  ")}` : undefined
}
