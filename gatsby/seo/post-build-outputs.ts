import fs from "node:fs/promises"
import path from "node:path"
import type { Reporter } from "gatsby"
import type { BuildSeo } from "./decide-seo"
import { problemLines } from "./decide-seo"
import { writeSeoReport } from "./report/write-report"
import { absoluteUrl } from "./resolve-page-seo"
import { robotsTxt } from "./robots-txt"
import { noindexPagesListed, sitemapLocations } from "./sitemap-check"

/** Beyond this many, the build log points at the report rather than print them all. */
const SEO_WARNINGS_SHOWN = 20

/**
 * What the SEO decisions leave after the build, once gatsby-plugin-sitemap
 * has written the sitemap: robots.txt, the check that no noindex page is
 * listed (it fails the build), the warnings in the log, and the report for
 * marketing staff under `reportsDir`/seo.
 */
export async function writeSeoOutputs(
  { site, catalogue }: BuildSeo,
  dirs: { siteDir: string; publicDir: string; reportsDir: string },
  reporter: Reporter,
  options: { reportHtml: boolean } = { reportHtml: true },
): Promise<void> {
  const { publicDir } = dirs
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
  const { htmlPath, jsonPath } = writeSeoReport(path.join(dirs.reportsDir, "seo"), report, { html: options.reportHtml })
  const warnings = problemLines(rows, "warnings")
  for (const warning of warnings.slice(0, SEO_WARNINGS_SHOWN)) reporter.warn(`SEO: ${warning}`)
  reporter.info(
    `SEO: ${rows.length} pages, ${rows.filter((row) => row.inSitemap).length} in the sitemap, ${warnings.length} warning(s)` +
      `${warnings.length > SEO_WARNINGS_SHOWN ? ` (first ${SEO_WARNINGS_SHOWN} above)` : ""}; report: ${path.relative(dirs.siteDir, options.reportHtml ? htmlPath : jsonPath)} (npm run seo:report)`,
  )
  if (noindexListed.length) reporter.panicOnBuild(`SEO: the sitemap lists noindex pages:\n  ${noindexListed.join("\n  ")}`)
}
