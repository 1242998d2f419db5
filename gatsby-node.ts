import path from "node:path"
import type { GatsbyNode } from "gatsby"
import { allowFinalStateSave, skipIntermediateStateSaves } from "./gatsby/build-steps/save-state-once"
import { bundleAnalysis } from "./gatsby/bundle-analysis"
import { keepCompilationHashStable } from "./gatsby/stable-compilation-hash"
import { createCataloguePages } from "./gatsby/page-creation/create-pages"
import { keepPageNodes } from "./gatsby/page-creation/keep-page-nodes"
import { PAGE_QUERY } from "./gatsby/page-creation/page-query"
import { decideSeo, fixedPageHead, seoErrorsMessage, type BuildSeo } from "./gatsby/seo/decide-seo"
import type { SeoPageContext } from "./src/seo/page-head"
import { writeSeoOutputs } from "./gatsby/seo/post-build-outputs"
import { recordPageHead } from "./gatsby/seo/sitemap"
import { withTrailingSlash } from "./src/routes"
import { writeSiteSecurityHeaders } from "./gatsby/security/write-security-headers"

// The site's build hooks, each a list of steps: the page query and page
// creation live in gatsby/page-creation/, every SEO decision and output in gatsby/seo/.

/** Decided in createPages, read by onCreatePage (the pages under src/pages come later) and onPostBuild. */
let seo: BuildSeo | undefined

export const sourceNodes = keepPageNodes

/** Creates the category, subcategory, series and episode pages from the sourced catalogue, each with its head decided. */
export const createPages: GatsbyNode["createPages"] = async ({ graphql, actions, reporter }) => {
  const result = await graphql<Queries.CreatePagesQuery>(PAGE_QUERY)
  if (result.errors || !result.data) {
    reporter.panicOnBuild("Could not query the catalogue to create pages", result.errors)
    return
  }
  const decided = decideSeo(result.data)
  if ("problem" in decided) {
    reporter.panicOnBuild(decided.problem)
    return
  }
  seo = decided
  const createPage: typeof actions.createPage = (page) => {
    // At the path Gatsby gives the page (gatsby-config's trailingSlash "always"; no catalogue route has a file suffix).
    recordPageHead(withTrailingSlash(page.path), (page.context as SeoPageContext).seo)
    actions.createPage(page)
  }
  createCataloguePages(createPage, result.data, seo.catalogue)
  const errors = seoErrorsMessage(seo.catalogue.reportRows())
  if (errors) reporter.panicOnBuild(errors)
}

/** Gives the pages under src/pages (home, search, thank-you, 404) their head, from the same rules. */
export const onCreatePage: GatsbyNode["onCreatePage"] = ({ page, actions, reporter }) => {
  if (!seo || (page.context as Partial<SeoPageContext> | undefined)?.seo) return
  const fixed = fixedPageHead(seo, page.path)
  if (!fixed) return
  actions.deletePage(page)
  recordPageHead(page.path, fixed.head)
  actions.createPage({ ...page, context: { ...page.context, seo: fixed.head } })
  const errors = fixed.row && seoErrorsMessage([fixed.row])
  if (errors) reporter.panicOnBuild(errors)
}

/** Gatsby's state is saved once, at the end of the build: see gatsby/build-steps/save-state-once.ts. */
export const onPreBuild: GatsbyNode["onPreBuild"] = () => skipIntermediateStateSaves()

/**
 * After the plugins' own (the site's hooks run last: the sitemap and the
 * offline page are written): every page's security headers, then robots.txt,
 * the sitemap check and the SEO report.
 */
export const onPostBuild: GatsbyNode["onPostBuild"] = async ({ graphql, reporter }) => {
  allowFinalStateSave()
  const stampsFile = path.join(__dirname, ".cache", "security-header-stamps.json")
  await writeSiteSecurityHeaders(graphql, { publicDir: path.join(__dirname, "public"), stampsFile }, reporter)
  if (!seo) return
  // The publisher's builds write the report's JSON only (gatsby/seo/report/write-report.ts).
  const reportHtml = process.env.SEO_REPORT_HTML !== "off"
  await writeSeoOutputs(seo, { siteDir: __dirname, publicDir: path.join(__dirname, "public"), reportsDir: path.join(__dirname, "reports") }, reporter, { reportHtml })
}

const analyseBundle = bundleAnalysis(path.join(__dirname, "reports"))
// Two parameters, not three: Gatsby waits for the callback of a hook that takes one.
export const onCreateWebpackConfig: GatsbyNode["onCreateWebpackConfig"] = (args, options) => {
  keepCompilationHashStable(args)
  return analyseBundle?.(args, options, () => undefined)
}
