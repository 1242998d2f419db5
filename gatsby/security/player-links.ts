import { handOver } from "../build-steps/hand-over"

/**
 * Every episode's player link, as createPages read them with the catalogue,
 * for the security headers' post-build step (the players' origins go in each
 * page's CSP): asked of the data layer there, they cost a query over every
 * episode node a second time.
 */
export const playerLinks = handOver<string[]>()

/** The distinct player links of `episodes`. */
export function playerLinksOf(episodes: readonly { playerEmbedUrl?: string | null }[]): string[] {
  return [...new Set(episodes.flatMap((episode) => (episode.playerEmbedUrl ? [episode.playerEmbedUrl] : [])))]
}
