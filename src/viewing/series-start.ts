import type { EpisodeProgress } from "./viewing-types"
import { isUnfinished, isWatched } from "./viewing-store"

/** Where the series hero's action takes the visitor, and whether it resumes. */
export interface SeriesStart {
  episodeId: string
  episodeNumber: number | null
  /** The visitor stopped part-way through this episode. */
  resume: boolean
}

/**
 * The series' way in, from the visitor's own viewing memory, as streaming
 * storefronts offer it: the episode they stopped part-way through most
 * recently (Resume), else the one after the last they finished, else the
 * first (Start). A play of a few seconds counts for nothing. `episodes` in the series' order; null when it has none.
 */
export function seriesStart(history: readonly EpisodeProgress[], episodes: readonly { _id: string; episode: number | null }[]): SeriesStart | null {
  const first = episodes[0]
  if (!first) return null
  const start = (episode: { _id: string; episode: number | null }, resume: boolean): SeriesStart => ({
    episodeId: episode._id,
    episodeNumber: episode.episode,
    resume,
  })
  const position = new Map(episodes.map((episode, index) => [episode._id, index]))
  // A play of a few seconds is a click, not viewing to come back to (as Continue watching counts it).
  const latest = history
    .filter((progress) => position.has(progress.episodeId) && (isWatched(progress) || isUnfinished(progress)))
    .reduce<EpisodeProgress | null>((newest, progress) => (!newest || progress.updatedAt > newest.updatedAt ? progress : newest), null)
  if (!latest) return start(first, false)
  const index = position.get(latest.episodeId)!
  if (!isWatched(latest)) return start(episodes[index]!, true)
  // Finished the last one: the series starts again from the beginning.
  return start(episodes[index + 1] ?? first, false)
}

/** The action's words: "Resume episode 3", "Start episode 1"; without a number, "Resume" or "Start watching". */
export function seriesStartLabel({ episodeNumber, resume }: SeriesStart): string {
  if (episodeNumber == null) return resume ? "Resume" : "Start watching"
  return `${resume ? "Resume" : "Start"} episode ${episodeNumber}`
}
