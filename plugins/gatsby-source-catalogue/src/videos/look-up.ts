import type { GatsbyCache, Reporter } from "gatsby"
import { DEFAULT_MAX_TEXT_TRACK_BYTES } from "../constants"
import { createHttpClient, type HttpClient, type HttpClientOptions } from "../http/client"
import { createLimiter } from "../http/limiter"
import { progressBar } from "../progress-bar"
import { readTranscripts } from "../transcripts/tracks"
import type { CatalogueSnapshot, CataloguePluginOptions } from "../types"
import type { EpisodeVideo } from "./episode-video"
import { resolveVideoLinks, type VideoFacts } from "./links"

/**
 * The video host's token: the option when the site sets one, else
 * VIDEO_API_TOKEN as it is now. Read here, when the plugin runs, rather than
 * as the option's default, since Gatsby persists its options under .cache.
 */
export function videoApiToken(options: Pick<CataloguePluginOptions, "videoApiToken">, env: NodeJS.ProcessEnv = process.env): string {
  return options.videoApiToken ?? env.VIDEO_API_TOKEN ?? ""
}

/**
 * The player links and video facts of the snapshot's episodes, from the
 * video host (with the token, at build time only), then the transcripts of
 * their text tracks, each step with progress and a summary in the log.
 * Without a token none is looked up and the episodes show no player.
 */
export async function lookUpVideos(args: {
  snapshot: CatalogueSnapshot
  options: CataloguePluginOptions
  /** Allowed origins, answer size, timeout, retries and their logging, as for the catalogue. */
  requests: Pick<HttpClientOptions, "guard" | "maxBytes" | "timeoutMs" | "retries" | "retryBaseDelayMs" | "onRetry">
  cache: Pick<GatsbyCache, "get" | "set">
  reporter: Reporter
  warn: (message: string) => void
  /** Sent with each lookup besides the token: a draft-view build's (crawl/view.ts draftVideoHeaders); none by default. */
  draftViewHeaders?: Record<string, string>
  /**
   * The entities the delta read read again ("episode 12"; undefined after a
   * full read): their episodes' videos and tracks are asked of the host
   * again, so republishing an episode brings what its host now says of it
   * (a caption file changed at the same URL), as a build from nothing would.
   */
  touched?: ReadonlySet<string>
}): Promise<Map<string, EpisodeVideo>> {
  const { options, reporter, warn } = args
  const videoPaths = args.snapshot.episodes.flatMap(({ episode }) => (episode.path ? [episode.path] : []))
  const token = videoApiToken(options)
  if (!token) {
    if (videoPaths.length > 0) warn("VIDEO_API_TOKEN is not set: no player links were looked up, so episodes show no player.")
    return new Map()
  }
  const videoHost = createHttpClient({
    ...args.requests,
    baseUrl: options.videoApiUrl,
    headers: { ...args.draftViewHeaders, Authorization: `Bearer ${token}` },
    limiter: createLimiter(options.concurrency),
  })
  const distinct = new Set(videoPaths).size
  const bar = progressBar(reporter, "Looking up player links", distinct)
  const readAgain = videosReadAgain(args.snapshot, args.touched)
  const result = await resolveVideoLinks(videoPaths, {
    readAgain,
    client: videoHost,
    cache: args.cache,
    videoApiUrl: options.videoApiUrl,
    videoPath: options.paths.video,
    warn,
    onProgress: () => bar.tick(),
  })
  bar.end()
  reporter.info(`Player links: ${result.videos.size} of ${distinct}, ${result.lookedUp} asked of the video host (the rest cached)`)
  return withTranscripts({ ...result, readAgain }, { ...args, client: videoHost })
}

/** The video paths of the episodes among `touched`. */
export function videosReadAgain(snapshot: CatalogueSnapshot, touched: ReadonlySet<string> | undefined): Set<string> {
  if (!touched) return new Set()
  return new Set(snapshot.episodes.flatMap(({ episode }) => (episode.path && touched.has(`episode ${episode.id}`) ? [episode.path] : [])))
}

/** The videos with the transcripts of their text tracks, read with the video host's client. */
async function withTranscripts(
  looked: { videos: Map<string, VideoFacts>; forThisBuild: Set<string>; readAgain: ReadonlySet<string> },
  args: { client: HttpClient; options: CataloguePluginOptions; cache: Pick<GatsbyCache, "get" | "set">; reporter: Reporter; warn: (message: string) => void },
): Promise<Map<string, EpisodeVideo>> {
  const tracks = [...looked.videos.values()].reduce((sum, facts) => sum + facts.textTracks.length, 0)
  const bar = tracks > 0 ? progressBar(args.reporter, "Reading transcripts", tracks) : null
  const { transcripts, read } = await readTranscripts(looked.videos, looked.forThisBuild, {
    client: args.client,
    cache: args.cache,
    maxBytes: args.options.maxTextTrackBytes ?? DEFAULT_MAX_TEXT_TRACK_BYTES,
    warn: args.warn,
    onProgress: () => bar?.tick(),
    readAgain: looked.readAgain,
  })
  bar?.end()
  const kept = [...transcripts.values()].reduce((sum, list) => sum + list.length, 0)
  if (tracks > 0) args.reporter.info(`Transcripts: ${kept} of ${tracks} text tracks, ${read} read from the video host (the rest cached)`)
  return new Map([...looked.videos].map(([path, facts]) => [path, { ...facts, transcripts: transcripts.get(path) ?? [] }]))
}
