import type { Actions, NodePluginArgs } from "gatsby"
import { contentDigest } from "../../node-kit/storage/content-digest"
import type { PageHead } from "../../src/seo/page-head"

// Each page's head as a node of the data layer, written in createPages and
// read by the page's own query (the SeoHead fragment, src/components/layout/seo.tsx).
// The page context keeps ids and numbers; a head that did not change keeps
// its node, so Gatsby re-runs only the queries of the pages whose head did.
//
// A head node's id is its page's path, which Gatsby hands every page query
// as `$path`: the fragment looks the node up by id (one read), where a filter
// on a field would have Gatsby index every head node of the catalogue, each
// deserialised, in every build that runs a page query. No other node has a
// path for its id (Gatsby's own page nodes are `SitePage /path/`).

export const PAGE_HEAD_TYPE = "PageHead"

/** Declared, not inferred: the type exists before createPages writes its first node. */
export const PAGE_HEAD_TYPE_DEFS = `
  type ${PAGE_HEAD_TYPE} implements Node @dontInfer {
    path: String!
    head: JSON!
  }
`

/** The id of the head node of the page at `path`. */
export const headNodeId = (path: string): string => path

/** How head nodes are named, kept with their digests: digests of nodes named otherwise are not this build's to trust. */
export const HEAD_NODE_IDS = "page path"

type HeadNodeArgs = Pick<NodePluginArgs, "getNode" | "getNodesByType"> & {
  actions: Pick<Actions, "createNode" | "deleteNode">
}

/** Each page path's head digest, as a build wrote its PageHead nodes (their ids, headNodeId). */
export type HeadDigests = Record<string, string>

/**
 * One node per page path with the head decided for it; the node of a path no
 * page has any more is deleted. The site's own nodes are a stateful source
 * (gatsby/page-creation/keep-page-nodes.ts): the last build's nodes are still
 * there, so a head that did not change is not written at all, and createNode
 * (its validation, its comparison) runs only for the heads that did.
 *
 * With `last`, the digests the last successful build's nodes were written
 * with (head-digests-file.ts), a head whose digest it records is not read
 * back from the data layer to compare, and only the paths it records are
 * looked up for deletion: reading a head node back means deserialising it,
 * for every page of the catalogue. Without it, every node is read. Returns
 * this build's digests.
 */
export function writePageHeads({ actions, getNode, getNodesByType }: HeadNodeArgs, heads: ReadonlyMap<string, PageHead>, last?: Readonly<HeadDigests>): HeadDigests {
  const digests: HeadDigests = {}
  for (const [path, head] of heads) {
    const digest = contentDigest(head)
    digests[path] = digest
    if (last?.[path] === digest) continue
    const id = headNodeId(path)
    if (getNode(id)?.internal.contentDigest === digest) continue
    actions.createNode({ id, path, head, internal: { type: PAGE_HEAD_TYPE, contentDigest: digest } })
  }
  const gone = last
    ? Object.keys(last).flatMap((path) => {
        const node = heads.has(path) ? undefined : getNode(headNodeId(path))
        return node ? [node] : []
      })
    : // By id, not by path: a node an earlier build named another way goes, though its page stays.
      withoutIds(getNodesByType(PAGE_HEAD_TYPE), new Set([...heads.keys()].map(headNodeId)))
  for (const node of gone) actions.deleteNode(node)
  return digests
}

function withoutIds<T extends { id: string }>(nodes: T[], ids: ReadonlySet<string>): T[] {
  return nodes.filter((node) => !ids.has(node.id))
}
