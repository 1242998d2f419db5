import { useCallback, useEffect, useState } from "react"
import { readTakeLink, type TakeReading } from "../../viewing/take-link/read-take-link"
import { isTakeHash } from "../../viewing/take-link/take-link-gate"

/**
 * The take link this page was opened with (`#take=…`), read on mount (for
 * a component drawn once the page has hydrated) and again when only the fragment changes (a link pasted into
 * the address bar of an open My list). `forget` takes the fragment out of
 * the address, keeping the history entry and its state, so a reload or Back
 * does not offer the list again.
 */
export function useTakeLink(): { reading: TakeReading | null; forget: () => void } {
  const [reading, setReading] = useState<TakeReading | null>(null)
  useEffect(() => {
    let live = true
    const read = () => {
      const { hash } = window.location
      if (isTakeHash(hash)) void readTakeLink(hash).then((result) => live && setReading(result))
    }
    read()
    window.addEventListener("hashchange", read)
    return () => {
      live = false
      window.removeEventListener("hashchange", read)
    }
  }, [])
  const forget = useCallback(() => {
    const { pathname, search } = window.location
    window.history.replaceState(window.history.state, "", `${pathname}${search}`)
    setReading(null)
  }, [])
  return { reading, forget }
}
