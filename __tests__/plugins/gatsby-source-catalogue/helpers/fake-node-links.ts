import type { NodeLinks } from "../../../../plugins/gatsby-source-catalogue/src/nodes/node-builder"
import type { EpisodeVideo } from "../../../../plugins/gatsby-source-catalogue/src/videos/episode-video"

/** A video's facts as a test gives them: the lists may be left out, and are then empty. */
export type GivenVideo = Omit<EpisodeVideo, "chapters" | "textTracks" | "transcripts"> & Partial<EpisodeVideo>

/**
 * Node links for building one entity alone: the given entities exist (as
 * `Type-id`), every image path but those under /broken/ is a usable image, and
 * videos have the facts given.
 */
export function fakeNodeLinks(existing: string[], videos: Record<string, GivenVideo> = {}): NodeLinks {
  return {
    nodeId: (type, id) => `node-id-of-${type}-${id}`,
    has: (type, id) => existing.includes(`${type}-${id}`),
    imageNodes: (images) => (images ?? []).flatMap((image) => (image.path && !image.path.startsWith("/broken/") ? [`image-node-of-${image.path}`] : [])),
    video: (path) => videos[path] && { chapters: [], textTracks: [], transcripts: [], ...videos[path] },
  }
}
