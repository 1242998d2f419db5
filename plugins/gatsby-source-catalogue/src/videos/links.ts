import type { GatsbyCache } from "gatsby"
import { z } from "zod/mini"
import { Video, VideoChapter, VideoTextTrack } from "../../../../contract/schemas"
import { readAnswer } from "../http/answer-shapes"
import { CatalogueRequestError, fillPath, type HttpClient } from "../http/client"
import { CACHE_KEYS } from "../constants"
import { listEntries } from "./answer-lists"
import { chaptersOf, type Chapter } from "./chapters"
import { textTracksOf, type TextTrack } from "./text-tracks"

/** What the site uses of the video host's answer: the player, and the facts video search wants. */
export interface VideoFacts {
  playerEmbedUrl: string
  /** Seconds. */
  durationSeconds: number | null
  /** ISO 8601, when the host published it. */
  releaseTime: string | null
  /** The host's own still of the video, absolute. */
  pictureUrl: string | null
  /** In order, each with its end; empty when the host gives none. */
  chapters: Chapter[]
  /** The captions and subtitles files to read for transcripts (transcripts/tracks.ts), one per language. */
  textTracks: TextTrack[]
}

export interface VideoLinkContext {
  client: HttpClient
  cache: Pick<GatsbyCache, "get" | "set">
  videoApiUrl: string
  videoPath: string
  warn: (message: string) => void
  onProgress?: () => void
  /** Videos asked of the host again though cached: those of the episodes this build read again from the catalogue. */
  readAgain?: ReadonlySet<string>
}

const isHttpUrl = (value: string | null | undefined): value is string => typeof value === "string" && /^https?:\/\//.test(value)

/** A cache entry of this shape; anything else (an older build's, without chapters) is asked again. */
function isVideoFacts(value: unknown): value is VideoFacts {
  const facts = value as VideoFacts | null
  return typeof facts === "object" && facts !== null && isHttpUrl(facts.playerEmbedUrl) && Array.isArray(facts.chapters) && Array.isArray(facts.textTracks)
}

/**
 * The answer as read: the contract's Video, but its lists taken entry by
 * entry (answer-lists.ts), so that one bad chapter or track is left out
 * with a warning rather than costing the episode its player.
 */
const VideoAsRead = z.extend(Video, { chapters: z.optional(z.unknown()), text_tracks: z.optional(z.unknown()) })

/** How many left-out entries one warning names; the rest are counted. */
const MAX_NAMED_DROPS = 3

/** What the site keeps of one answer; entries left out are told to `warn`, once per lookup. */
function factsOf(
  video: z.infer<typeof VideoAsRead>,
  playerEmbedUrl: string,
  where: { videoPath: string; url: string; videoApiUrl: string; warn: (message: string) => void },
): VideoFacts {
  const durationSeconds = typeof video.duration === "number" && video.duration > 0 ? Math.round(video.duration) : null
  const dropped: string[] = []
  const chapters = chaptersOf(listEntries(video, "chapters", VideoChapter, dropped), durationSeconds, dropped)
  const textTracks = textTracksOf(listEntries(video, "text_tracks", VideoTextTrack, dropped), where.videoApiUrl, dropped)
  if (dropped.length > 0) {
    const more = dropped.length > MAX_NAMED_DROPS ? `; and ${dropped.length - MAX_NAMED_DROPS} more` : ""
    where.warn(`Video ${where.videoPath}: ${where.url} left out ${dropped.slice(0, MAX_NAMED_DROPS).join("; ")}${more}. The rest of the video is used.`)
  }
  return {
    playerEmbedUrl,
    durationSeconds,
    releaseTime: video.release_time && !Number.isNaN(Date.parse(video.release_time)) ? video.release_time : null,
    pictureUrl: isHttpUrl(video.pictures?.base_link) ? video.pictures.base_link : null,
    chapters,
    textTracks,
  }
}

/**
 * Player links and video facts by video path, looked up at build time so the
 * token never leaves the build machine. An answer once found is cached across
 * builds (keyed by host and path) and not asked for again, unless it says
 * `no-store` (the reference server's for a draft-only video, whose link holds
 * a key of the current preview token); a failed lookup leaves the episode
 * without a player, with a warning, and is tried again on the next build.
 * Its chapters and text tracks are read with it (chapters.ts,
 * text-tracks.ts); the tracks' files are read by transcripts/tracks.ts.
 */
export async function resolveVideoLinks(paths: string[], context: VideoLinkContext): Promise<{ videos: Map<string, VideoFacts>; lookedUp: number; forThisBuild: Set<string> }> {
  const videos = new Map<string, VideoFacts>()
  // Answers marked no-store: what is read from them (their transcripts) is not kept either.
  const forThisBuild = new Set<string>()
  let lookedUp = 0
  await Promise.all(
    [...new Set(paths)].map(async (videoPath) => {
      const key = `${CACHE_KEYS.videoFacts}:${context.videoApiUrl}:${videoPath}`
      const cached: unknown = context.readAgain?.has(videoPath) ? undefined : await context.cache.get(key)
      if (isVideoFacts(cached)) {
        videos.set(videoPath, cached)
        context.onProgress?.()
        return
      }
      try {
        lookedUp += 1
        const { url, body, storable } = await context.client.getJson(fillPath(context.videoPath, { path: videoPath }))
        const video = readAnswer(VideoAsRead, url, body)
        if (!isHttpUrl(video.player_embed_url)) {
          context.warn(`Video ${videoPath}: ${url} answered no player_embed_url; the episode shows no player.`)
          return
        }
        const facts = factsOf(video, video.player_embed_url, { videoPath, url, videoApiUrl: context.videoApiUrl, warn: context.warn })
        videos.set(videoPath, facts)
        if (storable) await context.cache.set(key, facts)
        else forThisBuild.add(videoPath)
      } catch (error) {
        if (!(error instanceof CatalogueRequestError)) throw error
        context.warn(`Video ${videoPath}: ${error.message}; the episode shows no player.`)
      } finally {
        context.onProgress?.()
      }
    }),
  )
  return { videos, lookedUp, forThisBuild }
}
