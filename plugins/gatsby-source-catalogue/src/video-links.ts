import type { GatsbyCache } from "gatsby"
import { Video } from "../../../contract/schemas"
import { readAnswer } from "./answer-shapes"
import { CatalogueRequestError, fillPath, type HttpClient } from "./client"
import { CACHE_KEYS } from "./constants"

export interface VideoLinkContext {
  client: HttpClient
  cache: Pick<GatsbyCache, "get" | "set">
  videoApiUrl: string
  videoPath: string
  warn: (message: string) => void
  onProgress?: () => void
}

/**
 * Player links by video path, looked up at build time so the token never
 * leaves the build machine. A link once found is cached across builds (keyed
 * by host and path) and not asked for again; a failed lookup leaves the link
 * empty with a warning, and is tried again on the next build.
 */
export async function resolveVideoLinks(
  paths: string[],
  context: VideoLinkContext,
): Promise<{ links: Map<string, string>; lookedUp: number }> {
  const links = new Map<string, string>()
  let lookedUp = 0
  await Promise.all(
    [...new Set(paths)].map(async (videoPath) => {
      const key = `${CACHE_KEYS.videoLink}:${context.videoApiUrl}:${videoPath}`
      const cached = (await context.cache.get(key)) as string | undefined
      if (cached) {
        links.set(videoPath, cached)
        context.onProgress?.()
        return
      }
      try {
        lookedUp += 1
        const { url, body } = await context.client.getJson(fillPath(context.videoPath, { path: videoPath }))
        const link = readAnswer(Video, url, body).player_embed_url
        if (!link || !/^https?:\/\//.test(link)) {
          context.warn(`Video ${videoPath}: ${url} answered no player_embed_url; the episode shows no player.`)
          return
        }
        links.set(videoPath, link)
        await context.cache.set(key, link)
      } catch (error) {
        if (!(error instanceof CatalogueRequestError)) throw error
        context.warn(`Video ${videoPath}: ${error.message}; the episode shows no player.`)
      } finally {
        context.onProgress?.()
      }
    }),
  )
  return { links, lookedUp }
}
