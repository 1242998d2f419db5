import type { NodeLinks } from "../../../../plugins/gatsby-source-catalogue/src/nodes/node-builder"
import type { VideoFacts } from "../../../../plugins/gatsby-source-catalogue/src/videos/links"

/**
 * Node links for building one entity alone: the given entities exist (as
 * `Type-id`), every image path but those under /broken/ is a usable image, and
 * videos have the facts given.
 */
export function fakeNodeLinks(existing: string[], videos: Record<string, VideoFacts> = {}): NodeLinks {
  return {
    nodeId: (type, id) => `node-id-of-${type}-${id}`,
    has: (type, id) => existing.includes(`${type}-${id}`),
    imageNodes: (images) => (images ?? []).flatMap((image) => (image.path && !image.path.startsWith("/broken/") ? [`image-node-of-${image.path}`] : [])),
    video: (path) => videos[path],
  }
}
