import { useSyncExternalStore } from "react"

/**
 * What an episode page's parts around its player (chapters, transcript,
 * share) share with the player: they ask it to play from a moment, and hear
 * where it is. One per episode page; the player fills in its side while it is
 * on the page. A store rather than React state: the player reports about four
 * times a second, and only what a part reads from it should draw again.
 */
export interface PlaybackControl {
  /**
   * Opens the player at `seconds`, or moves the open one there. Asked before
   * the player has attached (its part of the page is hydrated after the
   * others' may be, when a chapter is clicked first), the player opens there
   * as soon as it does.
   */
  playFrom(seconds: number): void
  /** Where the open player is, in seconds; null until it has said. */
  position(): number | null
  subscribe(listener: () => void): () => void
  /** The player's side: where it is now (null: it has gone). */
  report(seconds: number | null): void
  /** The player's side: how it plays from a moment (null: it has gone); it plays any moment asked for before. */
  attach(playFrom: ((seconds: number) => void) | null): void
}

export function createPlaybackControl(): PlaybackControl {
  let seconds: number | null = null
  let player: ((seconds: number) => void) | null = null
  // The last moment asked for while no player was attached.
  let asked: number | null = null
  const listeners = new Set<() => void>()
  return {
    playFrom(at) {
      if (player) player(at)
      else asked = at
    },
    position: () => seconds,
    subscribe(listener) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    report(at) {
      if (at === seconds) return
      seconds = at
      for (const listener of listeners) listener()
    },
    attach(playFrom) {
      player = playFrom
      if (!player || asked === null) return
      const at = asked
      asked = null
      player(at)
    },
  }
}

/**
 * What `select` makes of the player's position, drawn again only when that
 * changes (pick a chapter or a whole second, not the raw position). Before
 * hydration, and in the built HTML, the position is null.
 */
export function usePlaybackPosition<T>(control: PlaybackControl, select: (seconds: number | null) => T): T {
  return useSyncExternalStore(
    control.subscribe,
    () => select(control.position()),
    () => select(null),
  )
}
