import type { NodeLinks } from "../../../../plugins/gatsby-source-catalogue/src/node-builder"

/**
 * Node links for building one entity alone: the given entities exist (as
 * `Type-id`), every image path is a usable image, and videos have the links given.
 */
export function fakeNodeLinks(existing: string[], playerLinks: Record<string, string> = {}): NodeLinks {
  return {
    nodeId: (type, id) => `node-id-of-${type}-${id}`,
    has: (type, id) => existing.includes(`${type}-${id}`),
    imageNodes: (images) => (images ?? []).flatMap((image) => (image.path ? [`image-node-of-${image.path}`] : [])),
    playerLink: (path) => playerLinks[path],
  }
}
