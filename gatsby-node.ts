import path from "node:path"
import type { GatsbyNode } from "gatsby"
import { allowFinalStateSave, skipIntermediateStateSaves } from "./gatsby/build-steps/save-state-once"
import { timedStep } from "./gatsby/build-steps/timed-step"
import { bundleAnalysis } from "./gatsby/bundle-analysis"
import { keepCompilationHashStable } from "./gatsby/stable-compilation-hash"
import { cataloguePages, subscribeOutcomePages } from "./gatsby/page-creation/create-pages"
import { keepPageNodes } from "./gatsby/page-creation/keep-page-nodes"
import { pagesToCreate } from "./gatsby/page-creation/keep-unchanged-pages"
import { PAGE_QUERY } from "./gatsby/page-creation/page-query"
import { decideSeo, fixedPageHeads, seoErrorsMessage } from "./gatsby/seo/decide-seo"
import { PAGE_HEAD_TYPE_DEFS, writePageHeads, type HeadDigests } from "./gatsby/seo/page-heads"
import { keepHeadDigests, takeHeadDigests } from "./gatsby/seo/head-digests-file"
import { handOver } from "./gatsby/build-steps/hand-over"
import { seoOutcome, writeSeoOutputs, type SeoOutcome } from "./gatsby/seo/post-build-outputs"
import { writeSeoCards } from "./gatsby/preview/write-seo-cards"
import { writePreviewChanges } from "./gatsby/preview/write-preview-changes"
import { sitemapEntries } from "./gatsby/seo/sitemap"
import type { PageHead } from "./src/seo/page-head"
import { withTrailingSlash } from "./src/routes"
import { playerLinks, playerLinksOf } from "./gatsby/security/player-links"
import { writeSiteSecurityHeaders } from "./gatsby/security/write-security-headers"
import { homeTileSizes } from "./src/styles/tile-sizes"

// The site's build hooks, each a list of steps: the page query and page
// creation live in gatsby/page-creation/, every SEO decision and output in gatsby/seo/.

export const createSchemaCustomization: GatsbyNode["createSchemaCustomization"] = ({ actions }) => {
  actions.createTypes(PAGE_HEAD_TYPE_DEFS)
}

export const sourceNodes = keepPageNodes

/** The page heads' digests as createPages wrote them, kept for the next build once this one has ended (head-digests-file.ts). */
const headDigests = handOver<HeadDigests>()

/**
 * Creates the category, subcategory, series and episode pages from the
 * sourced catalogue, and decides every page's head once: each goes to its
 * page's PageHead node (the pages under src/pages included), the sitemap and
 * the report to the post-build step.
 */
export const createPages: GatsbyNode["createPages"] = async (args) => {
  const { graphql, actions, reporter, cache, store } = args
  const lastHeads = takeHeadDigests(cache.directory)
  const result = await timedStep(reporter, "Querying the catalogue for its pages", () => graphql<Queries.CreatePagesQuery>(PAGE_QUERY))
  if (result.errors || !result.data) {
    reporter.panicOnBuild("Could not query the catalogue to create pages", result.errors)
    return
  }
  const data = result.data
  const seo = await timedStep(reporter, "Deciding every page's head", () => decideSeo(data))
  if ("problem" in seo) {
    reporter.panicOnBuild(seo.problem)
    return
  }
  const heads = new Map<string, PageHead>()
  await timedStep(reporter, "Creating the catalogue's pages", () => {
    // Only the pages that are new or changed: Gatsby keeps the others as they are (keep-unchanged-pages.ts).
    const needsCreating = pagesToCreate(store)
    for (const { page, head } of cataloguePages(data, seo.catalogue)) {
      if (needsCreating(page)) actions.createPage(page)
      // At the path Gatsby gives the page (gatsby-config's trailingSlash "always"; no catalogue route has a file suffix).
      heads.set(withTrailingSlash(page.path), head)
    }
    for (const page of subscribeOutcomePages()) actions.createPage(page)
  })
  for (const [path, head] of fixedPageHeads(seo)) heads.set(path, head)
  headDigests.give(await timedStep(reporter, "Writing the pages' heads", () => writePageHeads(args, heads, lastHeads)))

  const rows = seo.catalogue.reportRows()
  const preview = data.catalogueSiteSettings?.previewLane ?? false
  const outcome: SeoOutcome = { site: seo.site, rows, sitemap: preview ? null : sitemapEntries(heads) }
  seoOutcome.give(outcome)
  playerLinks.give(playerLinksOf(data.allCatalogueEpisode.nodes))
  const errors = seoErrorsMessage(rows)
  if (errors) reporter.panicOnBuild(errors)
}

/** The home page's tiles' `sizes`, worked out here from the boxes rather than in every visitor's browser. */
export const onCreatePage: GatsbyNode["onCreatePage"] = ({ page, actions }) => {
  if (page.path !== "/" || (page.context as { tileSizes?: unknown }).tileSizes) return
  actions.deletePage(page)
  actions.createPage({ ...page, context: { ...page.context, tileSizes: homeTileSizes() } })
}

/** Gatsby's state is saved once, at the end of the build: see gatsby/build-steps/save-state-once.ts. */
export const onPreBuild: GatsbyNode["onPreBuild"] = () => skipIntermediateStateSaves()

/**
 * After the plugins' own (the site's hooks run last: the offline page is
 * written): the preview's list of changes, the sitemap, robots.txt, the
 * sitemap check, the SEO report and the preview's SEO cards, then every
 * HTML file's security headers.
 */
export const onPostBuild: GatsbyNode["onPostBuild"] = async ({ graphql, reporter, cache }) => {
  allowFinalStateSave()
  const { previewLane } = await timedStep(reporter, "Writing the preview's changes", () => writePreviewChanges(graphql, path.join(__dirname, "public"), reporter))
  const outcome = seoOutcome.take()
  const players = playerLinks.take()
  // createPages writes it in every build; a build without it would go out without its sitemap.
  if (!outcome || !players) {
    reporter.panicOnBuild("createPages left no SEO decisions or player links for the sitemap, the report and the security headers")
    return
  }
  // The publisher's builds write the report's JSON only (gatsby/seo/report/write-report.ts).
  const reportHtml = process.env.SEO_REPORT_HTML !== "off"
  const report = await timedStep(reporter, "Writing the sitemap, robots.txt and the SEO report", () =>
    writeSeoOutputs(outcome, { siteDir: __dirname, publicDir: path.join(__dirname, "public"), reportsDir: path.join(__dirname, "reports") }, reporter, {
      reportHtml,
    }),
  )
  const cards = await timedStep(reporter, "Writing the preview's SEO cards", () => writeSeoCards(path.join(__dirname, "public"), previewLane ? report : null))
  if (previewLane) reporter.info(`Preview: ${cards} SEO card(s) written (${report.pages.length} pages)`)
  // Last: every HTML file of the build gets its CSP (the preview's SEO cards too), and only files written
  // since the last build are read again (the stamps).
  const stampsFile = path.join(__dirname, ".cache", "security-header-stamps.json")
  await timedStep(reporter, "Writing the security headers", () => writeSiteSecurityHeaders(graphql, players, { publicDir: path.join(__dirname, "public"), stampsFile }, reporter))
  const digests = headDigests.take()
  if (digests) keepHeadDigests(cache.directory, digests)
}

const analyseBundle = bundleAnalysis(path.join(__dirname, "reports"))
// Two parameters, not three: Gatsby waits for the callback of a hook that takes one.
export const onCreateWebpackConfig: GatsbyNode["onCreateWebpackConfig"] = (args, options) => {
  keepCompilationHashStable(args)
  return analyseBundle?.(args, options, () => undefined)
}
