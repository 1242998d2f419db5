import type { GatsbyCache, Reporter } from "gatsby"
import { createHttpClient, type HttpClientOptions } from "../http/client"
import { createLimiter } from "../http/limiter"
import { progressBar } from "../progress-bar"
import type { CatalogueSnapshot, CataloguePluginOptions } from "../types"
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
 * The player links of the snapshot's episodes, from the video host (with
 * the token, at build time only), with progress and a summary in the log.
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
}): Promise<Map<string, VideoFacts>> {
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
  const result = await resolveVideoLinks(videoPaths, {
    client: videoHost,
    cache: args.cache,
    videoApiUrl: options.videoApiUrl,
    videoPath: options.paths.video,
    warn,
    onProgress: () => bar.tick(),
  })
  bar.end()
  reporter.info(`Player links: ${result.videos.size} of ${distinct}, ${result.lookedUp} asked of the video host (the rest cached)`)
  return result.videos
}
