import type { FastifyInstance } from "fastify"
import type { VideoLibrary } from "../../catalogue/reads"
import { playerPage } from "../player-page"
import { videoDuration } from "./video-host"

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
 * escaped by the `html` tag.
 */
export async function playerRoutes(
  app: FastifyInstance,
  options: { reads: VideoLibrary; withdrawnVideos: ReadonlySet<string> },
) {
  const { reads } = options

  for (const route of PLAYER_PAGE_ROUTES) {
    app.get<{ Params: { path: string } }>(route, async (request, reply) => {
      const episode = options.withdrawnVideos.has(request.params.path) ? undefined : reads.episodeByPath(request.params.path)
      if (!episode) return reply.status(404).type("text/html").send("<p>Video not found.</p>")
      const { markup, contentSecurityPolicy } = playerPage({
        title: episode.title ?? "Untitled video",
        path: episode.path,
        videoId: episode.video_id,
        duration: videoDuration(episode.video_id),
        poster: episode.images[0]?.path || undefined,
      })
      return reply
        .type("text/html; charset=utf-8")
        .header("Content-Security-Policy", contentSecurityPolicy)
        .send(markup.text)
    })
  }
}
