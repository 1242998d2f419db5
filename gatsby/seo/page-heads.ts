import type { Actions, NodePluginArgs } from "gatsby"
import { contentDigest } from "../../node-kit/storage/content-digest"
import type { PageHead } from "../../src/seo/page-head"

// Each page's head as a node of the data layer, written in createPages and
// read by the page's own query (the SeoHead fragment, src/components/layout/seo.tsx).
// The page context keeps ids and numbers; a head that did not change keeps
// its node, so Gatsby re-runs only the queries of the pages whose head did.

export const PAGE_HEAD_TYPE = "PageHead"

/** Declared, not inferred: the type exists before createPages writes its first node. */
export const PAGE_HEAD_TYPE_DEFS = `
  type ${PAGE_HEAD_TYPE} implements Node @dontInfer {
    path: String!
    head: JSON!
  }
`

type HeadNodeArgs = Pick<NodePluginArgs, "createNodeId" | "getNode" | "getNodesByType"> & {
  actions: Pick<Actions, "createNode" | "deleteNode">
}

/**
 * One node per page path with the head decided for it; the node of a path no
 * page has any more is deleted. The site's own nodes are a stateful source
 * (gatsby/page-creation/keep-page-nodes.ts): the last build's nodes are still
 * there, so a head that did not change is not written at all, and createNode
 * (its validation, its comparison) runs only for the heads that did.
 */
export function writePageHeads({ actions, createNodeId, getNode, getNodesByType }: HeadNodeArgs, heads: ReadonlyMap<string, PageHead>): void {
  for (const [path, head] of heads) {
    const id = createNodeId(`${PAGE_HEAD_TYPE} ${path}`)
    const digest = contentDigest(head)
    if (getNode(id)?.internal.contentDigest === digest) continue
    actions.createNode({ id, path, head, internal: { type: PAGE_HEAD_TYPE, contentDigest: digest } })
  }
  for (const node of getNodesByType(PAGE_HEAD_TYPE)) {
    if (!heads.has((node as unknown as { path: string }).path)) actions.deleteNode(node)
  }
}
