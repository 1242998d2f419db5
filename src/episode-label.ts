/** An episode's number as its cards and Up next say it: "Episode 3"; null when it has none. */
export const episodeLabel = (episodeNumber: number | null | undefined): string | null => (episodeNumber != null ? `Episode ${episodeNumber}` : null)
