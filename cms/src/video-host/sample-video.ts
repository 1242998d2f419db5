const DAY_MS = 24 * 60 * 60 * 1000
const FIRST_RELEASE = Date.UTC(2024, 0, 1, 9)

/**
 * When the stand-in host "published" a video: a day in 2024-2025 drawn from
 * its id, so it is the same on every lookup and every server, and an edit of
 * the episode (which moves its updated_at) does not move it.
 */
export function releaseTime(videoId: number): string {
  return new Date(FIRST_RELEASE + (videoId % 730) * DAY_MS).toISOString()
}

/**
 * How long the stand-in host says a video lasts, in seconds (10 to 40
 * minutes, drawn from its id): what the API answers as `duration`, how
 * long the player page's simulated clock runs, and what the sample
 * chapters and captions span.
 */
export function videoDuration(videoId: number): number {
  return 600 + (videoId % 1800)
}
