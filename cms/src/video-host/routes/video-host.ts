import type { FastifyInstance } from "fastify"
import { DRAFT_PLAYER_KEY_PARAM } from "../../../../contract/preview/draft-videos"
import { imageUrl } from "../../../../contract/image-url"
import type { ApiVideo } from "../../../../contract/schemas"
import { sampleVideoExtras } from "../captions/sample-captions"
import { draftPlayerKey } from "../draft-videos"
import { findVideo, refuse, type VideoAccess } from "../find-video"
import { releaseTime, videoDuration } from "../sample-video"

export interface VideoHostOptions extends VideoAccess {
  /** The origin the player links name (`https://player.vimeo.com`, then `/video/{path}` as Vimeo's); null: this server's /player. */
  playerOrigin?: string | null
}

/**
 * The player page of `path`: under the configured player origin as Vimeo's embeds are, else on `ownOrigin`;
 * a draft-only video's with the key that opens it (draft-videos.ts).
 */
function playerUrl(path: string, ownOrigin: string, playerOrigin: string | null | undefined, draftKey?: string): string {
  const page = playerOrigin ? `${playerOrigin}/video/${encodeURIComponent(path)}` : `${ownOrigin}/player/${encodeURIComponent(path)}`
  return draftKey === undefined ? page : `${page}?${DRAFT_PLAYER_KEY_PARAM}=${draftKey}`
}

/**
 * A stand-in for the video host's API (Vimeo-style), mounted under
 * /video-host. Its player links point at this server's own player page so
 * that the site works with no internet: at /player/{path} on this server, or
 * at {playerOrigin}/video/{path} when the host's own name is mapped here.
 * A video only drafts name is found only with the preview token as well
 * (PREVIEW_TOKEN_HEADER), which the preview lane's build alone sends; for
 * anyone else it is a 404 like a video the host does not have (find-video.ts).
 * A third of the videos also have chapters and text tracks (captions/).
 */
export async function videoHostRoutes(app: FastifyInstance, options: VideoHostOptions) {
  app.get<{ Params: { path: string } }>("/videos/:path", async (request, reply) => {
    const found = findVideo(request, request.params.path, options)
    if ("status" in found) return refuse(reply, found)
    const { episode, draft } = found
    // A draft's video is the preview build's alone, as the draft view's answers are.
    if (draft) reply.header("Cache-Control", "private, no-store")

    const origin = `${request.protocol}://${request.host}`
    const player = playerUrl(episode.path, origin, options.playerOrigin, draft && options.drafts ? draftPlayerKey(options.drafts, episode.path) : undefined)
    // The episode's own picture, absolute as Vimeo's thumbnails are; left out when it has none.
    const picture = imageUrl(episode.images[0], origin)
    return {
      uri: `/videos/${episode.path}`,
      name: episode.title,
      duration: videoDuration(episode.video_id),
      release_time: releaseTime(episode.video_id),
      link: player,
      player_embed_url: player,
      ...(picture && { pictures: { base_link: picture } }),
      ...sampleVideoExtras(found),
    } satisfies ApiVideo
  })
}
