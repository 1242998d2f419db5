import type { ApiEpisode } from "../../../../../contract/schemas"
import { NODE_TYPES } from "../../constants"
import { descriptionFields, linkTo, nodeBuilder, pageEntityFields, text, type GatsbyApi, type NodeLinks } from "../node-builder"

export interface EpisodeEntry {
  episode: ApiEpisode
  /** The series whose episode list named it. */
  seriesId: string
  /** Its own `sub_category_id`, or its series' subcategory. */
  subcategoryId: string
}

/** The CatalogueEpisode node of one episode, with the player link, chapters and transcripts found for its video. */
export function createEpisodeNode(gatsbyApi: GatsbyApi, { episode, seriesId, subcategoryId }: EpisodeEntry, links: NodeLinks): string {
  const videoPath = text(episode.path)
  const series = linkTo(links, NODE_TYPES.Series, seriesId)
  const subcategory = linkTo(links, NODE_TYPES.Subcategory, subcategoryId)
  const video = videoPath ? links.video(videoPath) : undefined
  return nodeBuilder(gatsbyApi, NODE_TYPES.Episode, episode.id, {
    title: text(episode.title),
    ...descriptionFields(episode.description),
    episode: typeof episode.episode === "number" ? episode.episode : null,
    videoPath,
    videoId: episode.video_id != null ? String(episode.video_id) : null,
    playerEmbedUrl: video?.playerEmbedUrl ?? null,
    videoDurationSeconds: video?.durationSeconds ?? null,
    videoReleaseTime: video?.releaseTime ?? null,
    videoPictureUrl: video?.pictureUrl ?? null,
    chapters: video?.chapters ?? [],
    transcripts: video?.transcripts ?? [],
    seriesId: series.id,
    seriesNode: series.node,
    subcategoryId: subcategory.id,
    subcategoryNode: subcategory.node,
    images: links.imageNodes(episode.images),
    ...pageEntityFields(episode, links),
  })
}
