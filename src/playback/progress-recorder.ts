import { recordProgress } from "../viewing/viewing-history"
import type { EpisodeProgress } from "../viewing/viewing-types"
import type { PlaybackTime } from "./host-player"

/** What a saved position says about the episode besides the position itself. */
export type EpisodeSnapshot = Omit<EpisodeProgress, "seconds" | "duration" | "updatedAt">

/** While a video plays, its position is written at most this often; pausing, ending and leaving write at once. */
export const SAVE_EVERY_MS = 5000

export interface ProgressRecorder {
  time(time: PlaybackTime): void
  pause(time: PlaybackTime): void
  ended(time: PlaybackTime): void
  /** Writes the last position heard, if it is not written yet: the page is hiding or the player leaving. */
  flush(): void
}

/**
 * Turns the player's stream of positions (about four a second) into a few
 * writes to the visitor's own storage: one every SAVE_EVERY_MS while it plays,
 * and one on pause, end and leave. The end counts as the whole episode.
 */
export function progressRecorder(episode: EpisodeSnapshot, write = recordProgress, now = Date.now): ProgressRecorder {
  let last: PlaybackTime | null = null
  let written = true
  let lastWrite = Number.NEGATIVE_INFINITY
  const flush = () => {
    if (!last || written || !(last.duration > 0)) return
    write({ ...episode, seconds: last.seconds, duration: last.duration })
    written = true
    lastWrite = now()
  }
  const hear = (time: PlaybackTime) => {
    written = written && last !== null && last.seconds === time.seconds && last.duration === time.duration
    last = time
  }
  return {
    time(time) {
      hear(time)
      if (now() - lastWrite >= SAVE_EVERY_MS) flush()
    },
    pause(time) {
      hear(time)
      flush()
    },
    ended(time) {
      hear({ seconds: time.duration, duration: time.duration })
      flush()
    },
    flush,
  }
}
