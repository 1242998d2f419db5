/**
 * The episode after `currentId` in the series' list (ascending by episode
 * number, as the page query gives it); null after the last one, or when the
 * current episode is not in the list.
 */
export function nextEpisodeOf<T extends { _id: string }>(episodes: readonly T[], currentId: string): T | null {
  const index = episodes.findIndex((episode) => episode._id === currentId)
  return index >= 0 ? (episodes[index + 1] ?? null) : null
}
