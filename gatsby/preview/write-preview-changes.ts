import fs from "node:fs/promises"
import path from "node:path"
import type { CreatePagesArgs, Reporter } from "gatsby"
import { routes, withTrailingSlash } from "../../src/routes"
import { PREVIEW_CHANGES_FILE, type PreviewChanges } from "../../contract/preview/preview-changes"

// Plain strings, not page queries: they run after the build. The lane first: the drafts' filters index
// every catalogue node, which a live build, where there are no drafts, need not pay for.
const LANE_QUERY = `
  query PreviewLane {
    catalogueSiteSettings { previewLane draftView previewNote draft }
  }
`

const CHANGES_QUERY = `
  query PreviewChanges {
    categories: allCatalogueCategory(filter: { draft: { eq: true } }) { nodes { _id title } }
    subcategories: allCatalogueSubcategory(filter: { draft: { eq: true } }) { nodes { _id title } }
    series: allCatalogueSeries(filter: { draft: { eq: true } }) { nodes { _id title } }
    episodes: allCatalogueEpisode(filter: { draft: { eq: true } }) { nodes { _id title } }
  }
`

type Nodes = { nodes: { _id: string; title: string | null }[] } | null | undefined

interface LaneQueryResult {
  catalogueSiteSettings?: { previewLane: boolean; draftView: boolean; previewNote: string | null; draft: boolean } | null
}

interface ChangesQueryResult {
  categories?: Nodes
  subcategories?: Nodes
  series?: Nodes
  episodes?: Nodes
}

const changesOf = (kind: PreviewChanges["changes"][number]["kind"], found: Nodes, path: (id: string) => string) =>
  (found?.nodes ?? []).map((node) => ({ kind, title: node.title ?? `${kind} ${node._id}`, path: withTrailingSlash(path(node._id)) }))

/**
 * Post-build step of a preview build: what its draft view shows that the
 * published one does not, for the preview bar the preview server puts on
 * every page (publisher/src/http/preview/bar.ts). A file of its own, not a
 * part of each page: a draft then rewrites the pages it changes, not every
 * page that would list it. A live build writes none (and removes one a
 * preview build left in the same folder). Says whether this is a preview build.
 */
export async function writePreviewChanges(graphql: CreatePagesArgs["graphql"], publicDir: string, reporter: Reporter): Promise<{ previewLane: boolean }> {
  const file = path.join(publicDir, PREVIEW_CHANGES_FILE)
  const lane = await graphql<LaneQueryResult>(LANE_QUERY)
  if (lane.errors || !lane.data) {
    reporter.panicOnBuild("Preview: could not read which lane this build is for", lane.errors)
    return { previewLane: false }
  }
  const settings = lane.data.catalogueSiteSettings
  if (!settings?.previewLane) {
    await fs.rm(file, { force: true })
    return { previewLane: false }
  }
  const result = await graphql<ChangesQueryResult>(CHANGES_QUERY)
  if (result.errors || !result.data) {
    reporter.panicOnBuild("Preview: could not read which entities are drafts", result.errors)
    return { previewLane: true }
  }
  const changes: PreviewChanges = {
    draftView: settings.draftView,
    note: settings.previewNote,
    siteSettings: settings.draft,
    changes: [
      ...changesOf("Category", result.data.categories, routes.category),
      ...changesOf("Subcategory", result.data.subcategories, routes.subcategory),
      ...changesOf("Series", result.data.series, routes.series),
      ...changesOf("Episode", result.data.episodes, routes.episode),
    ],
  }
  await fs.mkdir(path.dirname(file), { recursive: true })
  await fs.writeFile(file, JSON.stringify(changes))
  reporter.info(`Preview: ${changes.changes.length + (changes.siteSettings ? 1 : 0)} unpublished change(s)${changes.draftView ? "" : ` (${changes.note ?? "the published view"})`}`)
  return { previewLane: true }
}
