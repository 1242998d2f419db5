import type { FastifyInstance } from "fastify"
import { DRAFT_PLAYER_KEY_PARAM } from "../../../../contract/draft-videos"
import { imageUrl } from "../../../../contract/image-url"
import type { ApiVideo } from "../../../../contract/schemas"
import { hasBearerToken } from "../../../../node-kit/bearer-token"
import type { VideoLibrary } from "../../catalogue/reads"
import type { FixedWindowLimiter } from "../../plugins/rate-limit"
import { draftPlayerKey, previewTokenOf, type DraftVideos } from "../draft-videos"

export interface VideoHostOptions {
  /** The published catalogue's videos. */
  reads: VideoLibrary
  /** Those only drafts name, found for a lookup that also carries the preview token; null: none (no drafts, or the draft view off). */
  drafts: DraftVideos | null
  token: string
  limiter: FixedWindowLimiter
  /** Paths that answer 404 although an episode still names them. */
  withdrawnVideos: ReadonlySet<string>
  /** The origin the player links name (`https://player.vimeo.com`, then `/video/{path}` as Vimeo's); null: this server's /player. */
  playerOrigin?: string | null
}

const DAY_MS = 24 * 60 * 60 * 1000
const FIRST_RELEASE = Date.UTC(2024, 0, 1, 9)

/**
 * When the stand-in host "published" a video: a day in 2024-2025 drawn from
 * its id, so it is the same on every lookup and every server, and an edit of
 * the episode (which moves its updated_at) does not move it.
 */
function releaseTime(videoId: number): string {
  return new Date(FIRST_RELEASE + (videoId % 730) * DAY_MS).toISOString()
}

/**
 * How long the stand-in host says a video lasts, in seconds (10 to 40
 * minutes, drawn from its id): what the API answers as `duration` and how
 * long the player page's simulated clock runs.
 */
export function videoDuration(videoId: number): number {
  return 600 + (videoId % 1800)
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
 * anyone else it is a 404 like a video the host does not have.
 */
export async function videoHostRoutes(app: FastifyInstance, options: VideoHostOptions) {
  const { reads, drafts } = options

  app.get<{ Params: { path: string } }>("/videos/:path", async (request, reply) => {
    if (!hasBearerToken(request.headers.authorization, options.token)) {
      return reply.status(401).send({ error: "A valid bearer token is required." })
    }
    const previewToken = previewTokenOf(request, drafts)
    // Only a caller with the host's own token gets here: saying its preview token is wrong tells nothing of the drafts.
    if (previewToken === "wrong") return reply.status(401).send({ error: "The preview token is wrong; drafts' videos are shown only with CATALOGUE_PREVIEW_TOKEN." })
    const wait = options.limiter.take()
    if (wait > 0) {
      return reply
        .status(429)
        .header("Retry-After", String(wait))
        .send({ error: "Too many requests; retry later." })
    }
    const { path } = request.params
    const withdrawn = options.withdrawnVideos.has(path)
    const published = withdrawn ? undefined : reads.episodeByPath(path)
    const draft = published || withdrawn || previewToken !== "right" ? undefined : drafts?.reads.episodeByPath(path)
    const episode = published ?? draft
    if (!episode) return reply.status(404).send({ error: `No video ${JSON.stringify(path)}.` })
    // A draft's video is the preview build's alone, as the draft view's answers are.
    if (draft) reply.header("Cache-Control", "private, no-store")

    const origin = `${request.protocol}://${request.host}`
    const player = playerUrl(episode.path, origin, options.playerOrigin, draft && drafts ? draftPlayerKey(drafts, episode.path) : undefined)
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
    } satisfies ApiVideo
  })
}
