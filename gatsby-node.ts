import fs from "node:fs/promises"
import path from "node:path"
import type { GatsbyNode, Reporter } from "gatsby"
import {
  createCategoryPages,
  createEpisodePages,
  createSeriesPages,
  createSubcategoryPages,
} from "./src/page-creation/create-pages"
import { catalogueSeo, socialImage, type CatalogueSeo } from "./src/seo/catalogue-page-seo"
import { fixedPageSeoInput } from "./src/seo/fixed-pages"
import type { SeoPageContext } from "./src/seo/page-head"
import type { SeoReportPage } from "./src/seo/report/report-types"
import { writeSeoReport } from "./src/seo/report/write-report"
import { absoluteUrl, isHttpUrl, type SiteSeo } from "./src/seo/resolve-page-seo"
import { robotsTxt } from "./src/seo/robots-txt"
import { resolveSiteSeo } from "./src/seo/site-seo"
import { noindexPagesListed, sitemapLocations } from "./src/seo/sitemap-check"

/** Decided in createPages, read by onCreatePage (the pages under src/pages come later) and onPostBuild. */
let seo: { site: SiteSeo; catalogue: CatalogueSeo } | undefined

/** Creates the category, subcategory, series and episode pages from the sourced catalogue, each with its head decided. */
export const createPages: GatsbyNode["createPages"] = async ({ graphql, actions, reporter }) => {
  const result = await graphql<Queries.CreatePagesQuery>(`
    # The social image size Open Graph and X (Twitter) cards expect.
    fragment SeoSocialImage on CatalogueImage {
      resize: social {
        src
        width
        height
      }
    }
    fragment SeoEntity on CatalogueEntity {
      updatedAt
      descriptionText
      images {
        ...SeoSocialImage
      }
      seo {
        title
        description
        image {
          ...SeoSocialImage
        }
        imageAlt
        imageRequested
        canonicalUrl
        noindex
      }
    }
    query CreatePages {
      site {
        siteMetadata {
          siteUrl
          title
          description
        }
      }
      catalogueSiteSettings {
        found
        siteName
        titleTemplate
        defaultDescription
        defaultImage {
          ...SeoSocialImage
        }
        defaultImageAlt
        twitterSite
        organizationName
        organizationLogo { resize(width: 512, format: PNG) { src width height } }
        organizationSameAs
        allowIndexing
      }
      builtInImage: file(sourceInstanceName: { eq: "site-images" }, name: { eq: "home-hero-1" }) {
        childImageSharp {
          resize(width: 1200, height: 630, cropFocus: CENTER, toFormat: JPG) { src width height }
        }
      }
      allCatalogueCategory {
        nodes {
          id
          _id
          title
          pageSubTitle
          shortDesc
          subcategoryIds
          subcategories { updatedAt }
          ...SeoEntity
        }
      }
      allCatalogueSubcategory {
        nodes {
          id
          _id
          title
          shortDesc
          categoryId
          series { updatedAt }
          ...SeoEntity
        }
      }
      allCatalogueSeries {
        nodes {
          id
          _id
          title
          subcategoryId
          episodes { updatedAt }
          ...SeoEntity
        }
      }
      allCatalogueEpisode {
        nodes {
          id
          _id
          title
          seriesId
          playerEmbedUrl
          videoDurationSeconds
          videoReleaseTime
          videoPictureUrl
          series {
            id
          }
          subcategory {
            id
          }
          ...SeoEntity
        }
      }
    }
  `)
  if (result.errors || !result.data) {
    reporter.panicOnBuild("Could not query the catalogue to create pages", result.errors)
    return
  }
  const data = result.data
  const siteUrl = (data.site?.siteMetadata?.siteUrl ?? "").replace(/\/+$/, "")
  if (!isHttpUrl(siteUrl)) {
    reporter.panicOnBuild(`SITE_URL ${JSON.stringify(siteUrl)} is not an absolute http(s) URL: canonical and social image links need it`)
    return
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
      allowIndexing: settings?.allowIndexing ?? true,
    },
    {
      siteUrl,
      siteName: builtInName,
      description: data.site?.siteMetadata?.description ?? "",
      image: socialImage(siteUrl, builtInImage, "People training together in a bright studio"),
    },
  )
  const catalogue = catalogueSeo(data, site)
  seo = { site, catalogue }

  const { createPage } = actions
  createCategoryPages(createPage, data.allCatalogueCategory.nodes, catalogue.category)
  createSubcategoryPages(createPage, data.allCatalogueSubcategory.nodes, catalogue.subcategory)
  createSeriesPages(createPage, data.allCatalogueSeries.nodes, catalogue.series)
  createEpisodePages(createPage, data.allCatalogueEpisode.nodes, catalogue.episode)
  failOnSeoErrors(reporter, catalogue.reportRows())
}

/** Gives the pages under src/pages (home, search, thank-you, 404) their head, from the same rules. */
export const onCreatePage: GatsbyNode["onCreatePage"] = ({ page, actions, reporter }) => {
  if (!seo || (page.context as Partial<SeoPageContext> | undefined)?.seo) return
  const input = fixedPageSeoInput(page.path, seo.catalogue.newestChange)
  if (!input) return
  const head = seo.catalogue.fixed(input)
  actions.deletePage(page)
  actions.createPage({ ...page, context: { ...page.context, seo: head } })
  const row = seo.catalogue.row(page.path)
  if (row) failOnSeoErrors(reporter, [row])
}

/** Fails the build for what must not go live, naming the page, the entity and the field. */
function failOnSeoErrors(reporter: Reporter, rows: readonly SeoReportPage[]): void {
  const problems = rows.flatMap((row) => row.errors.map((error) => `${row.path}${row.entity ? ` (${row.entity})` : ""}: ${error}`))
  if (problems.length) reporter.panicOnBuild(`SEO: ${problems.length} problem(s) would go live:\n  ${problems.join("\n  ")}`)
}

/**
 * After gatsby-plugin-sitemap has written the sitemap (the site's own hooks
 * run after its plugins'): robots.txt, the check that no noindex page is
 * listed, the warnings, and the report for marketing staff.
 */
export const onPostBuild: GatsbyNode["onPostBuild"] = async ({ reporter }) => {
  if (!seo) return
  const { site, catalogue } = seo
  const publicDir = path.join(__dirname, "public")
  await fs.writeFile(path.join(publicDir, "robots.txt"), robotsTxt(site.siteUrl, site.allowIndexing))

  const rows = catalogue.reportRows()
  const sitemapFiles = (await fs.readdir(publicDir)).filter((name) => /^sitemap-\d+\.xml$/.test(name))
  const listed = (await Promise.all(sitemapFiles.map((name) => fs.readFile(path.join(publicDir, name), "utf8")))).flatMap(sitemapLocations)
  const noindexListed = noindexPagesListed(
    listed,
    rows.filter((row) => row.robots === "noindex").map((row) => ({ path: row.path, url: absoluteUrl(site.siteUrl, row.path), entity: row.entity })),
  )
  // A set: at 10 000 episodes a list lookup per page was seconds of every build.
  const listedSet = new Set(listed)
  for (const row of rows) row.inSitemap = listedSet.has(absoluteUrl(site.siteUrl, row.path))

  const report = { generatedAt: new Date().toISOString(), siteUrl: site.siteUrl, siteName: site.siteName, allowIndexing: site.allowIndexing, pages: rows }
  const { htmlPath } = writeSeoReport(path.join(__dirname, "reports", "seo"), report)
  const warnings = rows.flatMap((row) => row.warnings.map((warning) => `${row.path}${row.entity ? ` (${row.entity})` : ""}: ${warning}`))
  for (const warning of warnings.slice(0, SEO_WARNINGS_SHOWN)) reporter.warn(`SEO: ${warning}`)
  reporter.info(
    `SEO: ${rows.length} pages, ${rows.filter((row) => row.inSitemap).length} in the sitemap, ${warnings.length} warning(s)` +
      `${warnings.length > SEO_WARNINGS_SHOWN ? ` (first ${SEO_WARNINGS_SHOWN} above)` : ""}; report: ${path.relative(__dirname, htmlPath)} (npm run seo:report)`,
  )
  if (noindexListed.length) reporter.panicOnBuild(`SEO: the sitemap lists noindex pages:\n  ${noindexListed.join("\n  ")}`)
}

/** Beyond this many, the build log points at the report rather than print them all. */
const SEO_WARNINGS_SHOWN = 20

/**
 * `ANALYZE_BUNDLE=1 npm run build` also writes webpack-bundle-analyzer's
 * report of the browser bundle (reports/bundle.html, reports/bundle-stats.json):
 * what each chunk holds, by module, parsed and gzip.
 */
export const onCreateWebpackConfig: GatsbyNode["onCreateWebpackConfig"] = ({ stage, actions }) => {
  if (stage !== "build-javascript" || !process.env.ANALYZE_BUNDLE) return
  // Required here so a normal build never loads it.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { BundleAnalyzerPlugin } = require("webpack-bundle-analyzer") as typeof import("webpack-bundle-analyzer")
  actions.setWebpackConfig({
    plugins: [
      new BundleAnalyzerPlugin({
        analyzerMode: "static",
        reportFilename: path.join(__dirname, "reports", "bundle.html"),
        generateStatsFile: true,
        statsFilename: path.join(__dirname, "reports", "bundle-stats.json"),
        openAnalyzer: false,
        logLevel: "warn",
      }),
    ],
  })
}
