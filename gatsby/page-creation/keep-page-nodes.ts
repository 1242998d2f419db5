import type { GatsbyNode } from "gatsby"

/**
 * Keeps the last build's page nodes through sourcing, so that createPage and
 * writePageHeads find them unchanged and Gatsby re-runs the queries of the
 * changed pages only.
 *
 * Gatsby's stale-node sweep after sourcing (gatsby/dist/utils/source-nodes.js,
 * deleteStaleNodes) deletes every untouched node of a plugin that is not a
 * stateful source. The site's own nodes, the PageHead nodes, are made a
 * stateful source here: writePageHeads (gatsby/seo/page-heads.ts) deletes
 * the head of a page that is gone. The SitePage nodes belong to Gatsby's
 * internal data bridge, which the patched Gatsby makes a stateful source
 * itself (patches/gatsby+5.16.1.patch, internal-data-bridge): a page no
 * longer created loses its node through DELETE_PAGE. So no page node needs a
 * touch of its own, one action per page.
 */
export const keepPageNodes: GatsbyNode["sourceNodes"] = ({ actions }) => {
  actions.enableStatefulSourceNodes?.()
}
