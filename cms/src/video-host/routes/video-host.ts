import type { FastifyInstance } from "fastify"
import { imageUrl } from "../../../../contract/image-url"
import type { ApiVideo } from "../../../../contract/schemas"
import type { VideoLibrary } from "../../catalogue/reads"
import type { FixedWindowLimiter } from "../../plugins/rate-limit"

export interface VideoHostOptions {
  reads: VideoLibrary
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

/** The player page of `path`: under the configured player origin as Vimeo's embeds are, else on `ownOrigin`. */
function playerUrl(path: string, ownOrigin: string, playerOrigin: string | null | undefined): string {
  return playerOrigin ? `${playerOrigin}/video/${encodeURIComponent(path)}` : `${ownOrigin}/player/${encodeURIComponent(path)}`
}

/**
 * A stand-in for the video host's API (Vimeo-style), mounted under
 * /video-host. Its player links point at this server's own player page so
 * that the site works with no internet: at /player/{path} on this server, or
 * at {playerOrigin}/video/{path} when the host's own name is mapped here.
 */
export async function videoHostRoutes(app: FastifyInstance, options: VideoHostOptions) {
  const { reads } = options

  app.get<{ Params: { path: string } }>("/videos/:path", async (request, reply) => {
    if (request.headers.authorization !== `Bearer ${options.token}`) {
      return reply.status(401).send({ error: "A valid bearer token is required." })
    }
    const wait = options.limiter.take()
    if (wait > 0) {
      return reply
        .status(429)
        .header("Retry-After", String(wait))
        .send({ error: "Too many requests; retry later." })
    }
    const episode = options.withdrawnVideos.has(request.params.path) ? undefined : reads.episodeByPath(request.params.path)
    if (!episode) return reply.status(404).send({ error: `No video ${JSON.stringify(request.params.path)}.` })

    const origin = `${request.protocol}://${request.host}`
    const player = playerUrl(episode.path, origin, options.playerOrigin)
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
