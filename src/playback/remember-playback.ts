import { connectHostPlayer, type PlaybackTime } from "./host-player"
import { progressRecorder, type EpisodeSnapshot } from "./progress-recorder"

/** A resume point this close to where the player already is needs no seek (the `#t=` start did it). */
const SEEK_TOLERANCE_S = 2

export interface RememberOptions {
  /** The episode whose position is remembered; null: play without memory. */
  episode: EpisodeSnapshot | null
  /** Where playback should start, in seconds. */
  startAt: number
  onEnded(): void
  /** Where the video is as it plays (about four times a second) and after each seek. */
  onTime?(time: PlaybackTime): void
}

/** The page's hold on a playing video. */
export interface PlaybackSession {
  /** Moves the video to `seconds`; false when the host's SDK would not speak to this player. */
  seekTo(seconds: number): boolean
  /** Stops it all: the player is leaving. */
  stop(): void
}

/**
 * Speaks to the host's player in `iframe` for as long as it plays: starts it
 * at `startAt`, writes its position to the visitor's storage as it plays,
 * pauses, ends, and when the page is hidden, and reports the position and
 * the end. This module and the SDK it imports are one chunk, downloaded once
 * the visitor pressed play. Returns the session, which seeks (a chapter) and
 * stops.
 */
export function rememberPlayback(iframe: HTMLIFrameElement, { episode, startAt, onEnded, onTime }: RememberOptions): PlaybackSession {
  const recorder = episode ? progressRecorder(episode) : null
  const player = connectHostPlayer(iframe)
  const onHidden = () => {
    if (document.visibilityState === "hidden") recorder?.flush()
  }
  const onPageHide = () => recorder?.flush()
  document.addEventListener("visibilitychange", onHidden)
  window.addEventListener("pagehide", onPageHide)
  if (player) {
    player.onTime((time) => {
      recorder?.time(time)
      onTime?.(time)
    })
    player.onPause((time) => recorder?.pause(time))
    player.onEnded((time) => {
      recorder?.ended(time)
      onEnded()
    })
    if (startAt > 0) {
      void player
        .currentTime()
        .then((now) => (Math.abs(now - startAt) > SEEK_TOLERANCE_S ? player.seekTo(startAt) : undefined))
        .catch(() => undefined)
    }
  }
  return {
    seekTo(seconds) {
      if (!player) return false
      void player.seekTo(seconds).catch(() => undefined)
      return true
    },
    stop() {
      recorder?.flush()
      player?.release()
      document.removeEventListener("visibilitychange", onHidden)
      window.removeEventListener("pagehide", onPageHide)
    },
  }
}
