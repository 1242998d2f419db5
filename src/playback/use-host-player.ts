import { useEffect, useRef, type RefObject } from "react"
import type { RememberOptions } from "./remember-playback"

export type HostPlayerOptions = Omit<RememberOptions, "onEnded"> & { onEnded?: () => void }

/**
 * While `active` (the visitor pressed play and the player's iframe is in the
 * page), remembers the playback (./remember-playback.ts). Its code and the
 * host's SDK download only then: a page that is only read never loads them.
 * If the download fails (offline), the video plays on without memory.
 */
export function useHostPlayer(iframe: RefObject<HTMLIFrameElement>, active: boolean, options: HostPlayerOptions): void {
  // The latest options without reconnecting: the player is connected once per iframe.
  const latest = useRef(options)
  latest.current = options

  useEffect(() => {
    const element = iframe.current
    if (!active || !element) return
    let stop: (() => void) | undefined
    let left = false
    import(/* webpackChunkName: "remember-playback" */ "./remember-playback")
      .then(({ rememberPlayback }) => {
        if (left) return
        const { episode, startAt } = latest.current
        stop = rememberPlayback(element, { episode, startAt, onEnded: () => latest.current.onEnded?.() })
      })
      .catch(() => undefined)
    return () => {
      left = true
      stop?.()
    }
  }, [iframe, active])
}
