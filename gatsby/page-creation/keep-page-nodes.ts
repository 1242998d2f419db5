import type { GatsbyNode } from "gatsby"

/**
 * Keeps the last build's page nodes through sourcing.
 *
 * SitePage nodes belong to Gatsby's internal data bridge, not a stateful
 * source, so the stale-node sweep after sourcing (gatsby/dist/utils/source-nodes.js,
 * deleteStaleNodes) would delete every one, and every createPage would then
 * write its node to LMDB again and every page query run again; each is
 * touched instead, and a kept node whose content digest is unchanged is only
 * touched again by createPage (redux/actions/public.js). A page no longer
 * created still loses its node, through DELETE_PAGE when Gatsby deletes the page.
 *
 * The site's own nodes, the PageHead nodes, are a stateful source: the sweep
 * passes them by without a touch each, and writePageHeads (gatsby/seo/page-heads.ts)
 * deletes the head of a page that is gone.
 */
export const keepPageNodes: GatsbyNode["sourceNodes"] = ({ getNodesByType, actions }) => {
  actions.enableStatefulSourceNodes?.()
  for (const node of getNodesByType("SitePage")) actions.touchNode(node)
}
