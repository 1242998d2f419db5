import type { FastifyInstance } from "fastify"
import { DRAFT_PLAYER_KEY_PARAM } from "../../../../contract/preview/draft-videos"
import type { VideoLibrary } from "../../catalogue/database/reads"
import { draftEpisodeByKey, type DraftVideos } from "../draft-videos"
import { playerPage } from "../player-page"
import { videoDuration } from "../sample-video"

/**
 * Where the player page answers: /player/{path} on this server's own name,
 * and /video/{path}, the host's own embed shape, for when the host's name
 * (player.vimeo.com) is mapped to this server so that its SDK accepts the page.
 */
export const PLAYER_PAGE_ROUTES = ["/player/:path", "/video/:path"] as const

/**
 * A self-contained stand-in for the host's embeddable player page: the
 * episode's title and picture, a simulated clock with controls, and the
 * host's postMessage protocol (video-host/player-page-script.ts). Every value is
 * escaped by the `html` tag. A video only drafts name has its page only at
 * the link the preview build was given, with its key; anywhere else it is
 * not found, so no one learns a draft's title.
 */
export async function playerRoutes(app: FastifyInstance, options: { reads: VideoLibrary; drafts: DraftVideos | null; withdrawnVideos: ReadonlySet<string> }) {
  const { reads, drafts } = options

  for (const route of PLAYER_PAGE_ROUTES) {
    app.get<{ Params: { path: string }; Querystring: Record<string, unknown> }>(route, async (request, reply) => {
      const { path } = request.params
      const withdrawn = options.withdrawnVideos.has(path)
      const published = withdrawn ? undefined : reads.episodeByPath(path)
      const draft = published || withdrawn ? undefined : draftEpisodeByKey(drafts, path, request.query?.[DRAFT_PLAYER_KEY_PARAM])
      const episode = published ?? draft
      if (!episode) return reply.status(404).type("text/html").send("<p>Video not found.</p>")
      if (draft) reply.header("Cache-Control", "private, no-store")
      const { markup, contentSecurityPolicy } = playerPage({
        title: episode.title ?? "Untitled video",
        path: episode.path,
        videoId: episode.video_id,
        duration: videoDuration(episode.video_id),
        poster: episode.images[0]?.path || undefined,
      })
      return reply.type("text/html; charset=utf-8").header("Content-Security-Policy", contentSecurityPolicy).send(markup.text)
    })
  }
}
