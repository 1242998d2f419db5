import { useCallback, useEffect, useRef, type RefObject } from "react"
import type { PlaybackSession, RememberOptions } from "./remember-playback"

export type HostPlayerOptions = Omit<RememberOptions, "onEnded" | "onTime"> & {
  onEnded?: () => void
  /** Seconds into the video, as it plays and after each seek. */
  onTime?: (seconds: number) => void
}

/** Moves the open player to `seconds`; false when it cannot (the host's SDK refused this player, or its code did not load). */
export type SeekPlayer = (seconds: number) => boolean

/**
 * While `active` (the visitor pressed play and the player's iframe is in the
 * page), remembers the playback (./remember-playback.ts). Its code and the
 * host's SDK download only then: a page that is only read never loads them.
 * If the download fails (offline), the video plays on without memory.
 * Returns the way to seek it; a seek asked for while the code is still on
 * its way is where it starts.
 */
export function useHostPlayer(iframe: RefObject<HTMLIFrameElement>, active: boolean, options: HostPlayerOptions): SeekPlayer {
  // The latest options without reconnecting: the player is connected once per iframe.
  const latest = useRef(options)
  useEffect(() => {
    latest.current = options
  })
  const session = useRef<PlaybackSession | "connecting" | null>(null)
  const startInstead = useRef<number | null>(null)

  useEffect(() => {
    const element = iframe.current
    if (!active || !element) return
    let left = false
    session.current = "connecting"
    import(/* webpackChunkName: "remember-playback" */ "./remember-playback")
      .then(({ rememberPlayback }) => {
        if (left) return
        const { episode, startAt } = latest.current
        session.current = rememberPlayback(element, {
          episode,
          startAt: startInstead.current ?? startAt,
          onEnded: () => latest.current.onEnded?.(),
          onTime: (time) => latest.current.onTime?.(time.seconds),
        })
      })
      .catch(() => {
        if (!left) session.current = null
      })
    return () => {
      left = true
      if (typeof session.current === "object") session.current?.stop()
      session.current = null
      startInstead.current = null
    }
  }, [iframe, active])

  return useCallback((seconds: number) => {
    const now = session.current
    if (now === "connecting") startInstead.current = seconds
    return now === "connecting" || (now?.seekTo(seconds) ?? false)
  }, [])
}
