import { connectHostPlayer } from "./host-player"
import { progressRecorder, type EpisodeSnapshot } from "./progress-recorder"

/** A resume point this close to where the player already is needs no seek (the `#t=` start did it). */
const SEEK_TOLERANCE_S = 2

export interface RememberOptions {
  /** The episode whose position is remembered; null: play without memory. */
  episode: EpisodeSnapshot | null
  /** Where playback should start, in seconds. */
  startAt: number
  onEnded(): void
}

/**
 * Speaks to the host's player in `iframe` for as long as it plays: starts it
 * at `startAt`, writes its position to the visitor's storage as it plays,
 * pauses, ends, and when the page is hidden, and reports the end. This module
 * and the SDK it imports are one chunk, downloaded once the visitor pressed
 * play. Returns the function that stops it all (the player is leaving).
 */
export function rememberPlayback(iframe: HTMLIFrameElement, { episode, startAt, onEnded }: RememberOptions): () => void {
  const recorder = episode ? progressRecorder(episode) : null
  const player = connectHostPlayer(iframe)
  const onHidden = () => {
    if (document.visibilityState === "hidden") recorder?.flush()
  }
  const onPageHide = () => recorder?.flush()
  document.addEventListener("visibilitychange", onHidden)
  window.addEventListener("pagehide", onPageHide)
  if (player) {
    player.onTime((time) => recorder?.time(time))
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
  return () => {
    recorder?.flush()
    player?.release()
    document.removeEventListener("visibilitychange", onHidden)
    window.removeEventListener("pagehide", onPageHide)
  }
}
