import fs from "node:fs/promises"
import path from "node:path"
import type { Reporter } from "gatsby"
import { simpleSitemapAndIndex } from "sitemap"
import { problemLines } from "./decide-seo"
import type { SeoReport, SeoReportPage } from "./report/report-types"
import { writeSeoReport } from "./report/write-report"
import { handOver } from "../build-steps/hand-over"
import { absoluteUrl, type SiteSeo } from "./resolve-page-seo"
import { robotsTxt } from "./robots-txt"
import type { SitemapEntry } from "./sitemap"
import { noindexPagesListed, sitemapLocations } from "./sitemap-check"

/** Beyond this many, the build log points at the report rather than print them all. */
const SEO_WARNINGS_SHOWN = 20

/** Google reads at most 50 000 addresses a sitemap; the sitemap package's (and gatsby-plugin-sitemap's) default. */
const SITEMAP_ENTRY_LIMIT = 45_000

/** What createPages decided and the post-build step writes: plain data, handed over in memory (`seoOutcome`). */
export interface SeoOutcome {
  site: SiteSeo
  rows: SeoReportPage[]
  /** null: no sitemap at all (the preview lane's build: its pages are for editors, docs/reference/preview-lane.md). */
  sitemap: SitemapEntry[] | null
}

/** The SEO decisions createPages makes (every page's report row and sitemap entry), for the post-build step that writes them. */
export const seoOutcome = handOver<SeoOutcome>()

const SITEMAP_FILE = /^sitemap-\d+\.xml$/
const SITEMAP_INDEX = "sitemap-index.xml"

/**
 * `sitemap-index.xml` and `sitemap-0.xml` on: the sitemap package's own
 * index-and-sitemaps writer, with the same options gatsby-plugin-sitemap gave
 * it, so the files are the ones the plugin wrote. A sitemap left by a larger
 * catalogue is removed first: the index would no longer name it, but the
 * check below reads every one.
 */
async function writeSitemap(publicDir: string, siteUrl: string, entries: readonly SitemapEntry[] | null): Promise<void> {
  for (const name of await fs.readdir(publicDir)) if (SITEMAP_FILE.test(name)) await fs.rm(path.join(publicDir, name))
  if (entries === null) {
    await fs.rm(path.join(publicDir, SITEMAP_INDEX), { force: true })
    return
  }
  await simpleSitemapAndIndex({
    hostname: siteUrl,
    publicBasePath: "/",
    // The package refuses an absolute folder (sitemap-simple.js), and resolves this one from the working directory.
    destinationDir: path.relative(process.cwd(), publicDir),
    sourceData: entries.map((entry) => ({ ...entry, url: new URL(entry.url, siteUrl).toString() })),
    limit: SITEMAP_ENTRY_LIMIT,
    gzip: false,
  })
}

/**
 * What the SEO decisions leave after the build: the sitemap, robots.txt, the
 * check that no noindex page is listed (it fails the build), the warnings in
 * the log, and the report for marketing staff under `reportsDir`/seo.
 */
export async function writeSeoOutputs(
  { site, rows, sitemap }: SeoOutcome,
  dirs: { siteDir: string; publicDir: string; reportsDir: string },
  reporter: Reporter,
  options: { reportHtml: boolean } = { reportHtml: true },
): Promise<SeoReport> {
  const { publicDir } = dirs
  await writeSitemap(publicDir, site.siteUrl, sitemap)
  const preview = sitemap === null
  const why = preview ? "The preview site: drafts, for the site's editors only." : undefined
  await fs.writeFile(path.join(publicDir, "robots.txt"), robotsTxt(site.siteUrl, site.allowIndexing && !preview, why))

  const sitemapFiles = (await fs.readdir(publicDir)).filter((name) => SITEMAP_FILE.test(name))
  const listed = (await Promise.all(sitemapFiles.map((name) => fs.readFile(path.join(publicDir, name), "utf8")))).flatMap(sitemapLocations)
  const noindexListed = noindexPagesListed(
    listed,
    rows.filter((row) => row.robots === "noindex").map((row) => ({ path: row.path, url: absoluteUrl(site.siteUrl, row.path), entity: row.entity })),
  )
  // A set: at 10 000 episodes a list lookup per page was seconds of every build.
  const listedSet = new Set(listed)
  for (const row of rows) row.inSitemap = listedSet.has(absoluteUrl(site.siteUrl, row.path))

  const report: SeoReport = { generatedAt: new Date().toISOString(), siteUrl: site.siteUrl, siteName: site.siteName, allowIndexing: site.allowIndexing, pages: rows }
  const { htmlPath, jsonPath } = writeSeoReport(path.join(dirs.reportsDir, "seo"), report, { html: options.reportHtml })
  const warnings = problemLines(rows, "warnings")
  for (const warning of warnings.slice(0, SEO_WARNINGS_SHOWN)) reporter.warn(`SEO: ${warning}`)
  reporter.info(
    `SEO: ${rows.length} pages, ${rows.filter((row) => row.inSitemap).length} in the sitemap, ${warnings.length} warning(s)` +
      `${warnings.length > SEO_WARNINGS_SHOWN ? ` (first ${SEO_WARNINGS_SHOWN} above)` : ""}; report: ${path.relative(dirs.siteDir, options.reportHtml ? htmlPath : jsonPath)} (npm run seo:report)`,
  )
  if (noindexListed.length) reporter.panicOnBuild(`SEO: the sitemap lists noindex pages:\n  ${noindexListed.join("\n  ")}`)
  return report
}
