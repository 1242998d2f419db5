import type { GatsbyNode } from "gatsby"
import { PAGE_HEAD_TYPE } from "../seo/page-heads"

/**
 * Touches every SitePage and PageHead node of the last build so that Gatsby
 * keeps it.
 *
 * SitePage nodes belong to Gatsby's internal data bridge and PageHead nodes
 * to the site, neither a stateful source, so the stale-node sweep after
 * sourcing (gatsby/dist/utils/source-nodes.js, deleteStaleNodes) deletes all
 * of them and every createPage and createNode then writes its node to LMDB
 * again, and every page query runs again. A kept node is only touched when
 * its content digest is unchanged (redux/actions/public.js, createPage and
 * createNode); a page no longer created still loses its node, through
 * DELETE_PAGE when Gatsby deletes the page, and its head through
 * writePageHeads (gatsby/seo/page-heads.ts).
 */
export const keepPageNodes: GatsbyNode["sourceNodes"] = ({ getNodesByType, actions }) => {
  for (const type of ["SitePage", PAGE_HEAD_TYPE]) {
    for (const node of getNodesByType(type)) actions.touchNode(node)
  }
}
