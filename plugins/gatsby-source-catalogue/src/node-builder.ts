import type { NodeInput, SourceNodesArgs } from "gatsby"
import { NODE_TYPES } from "./constants"
import type { ApiCategory, ApiImage } from "./types"

type NodeType = (typeof NODE_TYPES)[keyof typeof NODE_TYPES]

/** Keeps only well-formed image entries: a list the API may send as null. */
export function imagesOf(images: ApiImage[] | null | undefined): ApiImage[] {
  return (images ?? []).filter((image) => typeof image?.path === "string" && image.path !== "")
}

/** Node fields for a category, camelCased, nulls kept as nulls. */
export function categoryFields(category: ApiCategory) {
  return {
    title: category.title ?? null,
    shortDesc: category.short_desc ?? null,
    pageTitle: category.page_title ?? null,
    pageSubTitle: category.page_sub_title ?? null,
    description: category.description ?? null,
    images: imagesOf(category.images),
  }
}

/**
 * Creates one node. The id comes from the type and the upstream id, so it is
 * the same on every build and Gatsby can tell what really changed.
 */
export function nodeBuilder(
  gatsbyApi: Pick<SourceNodesArgs, "actions" | "createNodeId" | "createContentDigest">,
  type: NodeType,
  upstreamId: number | string,
  fields: Record<string, unknown>,
): void {
  const content = { _id: String(upstreamId), ...fields }
  const node = {
    ...content,
    id: gatsbyApi.createNodeId(`${type}-${upstreamId}`),
    parent: null,
    children: [],
    internal: { type, contentDigest: gatsbyApi.createContentDigest(content) },
  } satisfies NodeInput
  gatsbyApi.actions.createNode(node)
}
