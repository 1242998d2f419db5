import type { GatsbyNode } from "gatsby"

/**
 * Touches every SitePage node of the last build so that Gatsby keeps it.
 *
 * SitePage nodes belong to Gatsby's internal data bridge, which is not a
 * stateful source, so the stale-node sweep after sourcing
 * (gatsby/dist/utils/source-nodes.js, deleteStaleNodes) deletes all of them
 * and every createPage then writes its node to LMDB again. A kept node is
 * only touched by createPage when its content digest is unchanged
 * (redux/actions/public.js, createPage), and a page no longer created still
 * loses its node, through DELETE_PAGE when Gatsby deletes the page.
 */
export const keepPageNodes: GatsbyNode["sourceNodes"] = ({ getNodesByType, actions }) => {
  for (const node of getNodesByType("SitePage")) actions.touchNode(node)
}
