import type { GatsbyCache } from "gatsby"
import { Video } from "../../../../contract/schemas"
import { readAnswer } from "../http/answer-shapes"
import { CatalogueRequestError, fillPath, type HttpClient } from "../http/client"
import { CACHE_KEYS } from "../constants"

/** What the site uses of the video host's answer: the player, and the facts video search wants. */
export interface VideoFacts {
  playerEmbedUrl: string
  /** Seconds. */
  durationSeconds: number | null
  /** ISO 8601, when the host published it. */
  releaseTime: string | null
  /** The host's own still of the video, absolute. */
  pictureUrl: string | null
}

export interface VideoLinkContext {
  client: HttpClient
  cache: Pick<GatsbyCache, "get" | "set">
  videoApiUrl: string
  videoPath: string
  warn: (message: string) => void
  onProgress?: () => void
}

const isHttpUrl = (value: string | null | undefined): value is string => typeof value === "string" && /^https?:\/\//.test(value)

/** A cache entry of this shape; anything else (an older build's plain link) is asked again. */
function isVideoFacts(value: unknown): value is VideoFacts {
  return typeof value === "object" && value !== null && isHttpUrl((value as VideoFacts).playerEmbedUrl)
}

/**
 * Player links and video facts by video path, looked up at build time so the
 * token never leaves the build machine. An answer once found is cached across
 * builds (keyed by host and path) and not asked for again, unless it says
 * `no-store` (the reference server's for a draft-only video, whose link holds
 * a key of the current preview token); a failed lookup leaves the episode
 * without a player, with a warning, and is tried again on the next build.
 */
export async function resolveVideoLinks(
  paths: string[],
  context: VideoLinkContext,
): Promise<{ videos: Map<string, VideoFacts>; lookedUp: number }> {
  const videos = new Map<string, VideoFacts>()
  let lookedUp = 0
  await Promise.all(
    [...new Set(paths)].map(async (videoPath) => {
      const key = `${CACHE_KEYS.videoFacts}:${context.videoApiUrl}:${videoPath}`
      const cached: unknown = await context.cache.get(key)
      if (isVideoFacts(cached)) {
        videos.set(videoPath, cached)
        context.onProgress?.()
        return
      }
      try {
        lookedUp += 1
        const { url, body, storable } = await context.client.getJson(fillPath(context.videoPath, { path: videoPath }))
        const video = readAnswer(Video, url, body)
        if (!isHttpUrl(video.player_embed_url)) {
          context.warn(`Video ${videoPath}: ${url} answered no player_embed_url; the episode shows no player.`)
          return
        }
        const facts: VideoFacts = {
          playerEmbedUrl: video.player_embed_url,
          durationSeconds: typeof video.duration === "number" && video.duration > 0 ? Math.round(video.duration) : null,
          releaseTime: video.release_time && !Number.isNaN(Date.parse(video.release_time)) ? video.release_time : null,
          pictureUrl: isHttpUrl(video.pictures?.base_link) ? video.pictures.base_link : null,
        }
        videos.set(videoPath, facts)
        if (storable) await context.cache.set(key, facts)
      } catch (error) {
        if (!(error instanceof CatalogueRequestError)) throw error
        context.warn(`Video ${videoPath}: ${error.message}; the episode shows no player.`)
      } finally {
        context.onProgress?.()
      }
    }),
  )
  return { videos, lookedUp }
}
