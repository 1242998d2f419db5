import { useEffect, useState } from "react"
import { searchCatalogue, type SearchGroup } from "../services/search"

export interface SearchState {
  busy: boolean
  /** null until an answer for the current query has arrived. */
  groups: SearchGroup[] | null
  /** The browser has no network: the search waits for it instead of failing silently. */
  offline: boolean
}

const BUSY: SearchState = { busy: true, groups: null, offline: false }
const IDLE: SearchState = { busy: false, groups: null, offline: false }
const OFFLINE: SearchState = { busy: false, groups: null, offline: true }

/**
 * The waits before the second and third tries of a search that failed while
 * the browser said it was online. A network that has just come back often
 * drops the first request (the `online` event fires before every route is
 * up), and one lost request should not cost the visitor their answer.
 */
export const SEARCH_RETRY_DELAYS_MS = [1_000, 3_000] as const

const isOffline = () => typeof navigator !== "undefined" && navigator.onLine === false

/**
 * Runs the search for `query` when it is not empty. A newer query aborts the
 * older request and its answer is never applied, so a slow earlier answer
 * cannot overwrite a newer one. A failure is tried again twice; if the
 * browser is offline the page says so, and the search runs again by itself
 * when the network is back; if every try fails online, the failure is logged
 * and nothing is shown (SPEC, "Failed loads ... are only logged").
 */
export function useSearch(apiUrl: string, query: string): SearchState {
  // Busy from the first render: the built HTML (which cannot know the query)
  // and the hydrated page both start with the loading layout, so nothing
  // moves between them.
  const [answer, setAnswer] = useState<SearchState>(BUSY)
  // Bumped when the network comes back, to run the search again.
  const [run, setRun] = useState(0)
  // Only a search that is waiting for the network runs again when it comes
  // back: an answer already shown stays where it is.
  const waiting = answer.offline
  useEffect(() => {
    if (!waiting) return
    const again = () => setRun((count) => count + 1)
    window.addEventListener("online", again)
    return () => window.removeEventListener("online", again)
  }, [waiting])
  useEffect(() => {
    if (!query) {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- the query is read after hydration: the built HTML cannot know it
      setAnswer(IDLE)
      return
    }
    if (isOffline()) {
      setAnswer(OFFLINE)
      return
    }
    const controller = new AbortController()
    let pause: ReturnType<typeof setTimeout> | undefined
    const attempt = (failures: number) => {
      searchCatalogue(apiUrl, query, controller.signal)
        .then((groups) => {
          if (!controller.signal.aborted) setAnswer({ ...IDLE, groups })
        })
        .catch((error: unknown) => {
          if (controller.signal.aborted) return
          if (isOffline()) {
            setAnswer(OFFLINE)
            return
          }
          const delay = SEARCH_RETRY_DELAYS_MS[failures]
          if (delay !== undefined) {
            pause = setTimeout(() => attempt(failures + 1), delay)
            return
          }
          console.error("Error fetching search results:", error)
          setAnswer(IDLE)
        })
    }
    setAnswer(BUSY)
    attempt(0)
    return () => {
      controller.abort()
      clearTimeout(pause)
    }
  }, [apiUrl, query, run])
  return answer
}
