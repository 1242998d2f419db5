import { useEffect, useState } from "react"
import { searchCatalogue, type SearchGroup } from "../services/search"

export interface SearchState {
  busy: boolean
  /** null until an answer for the current query has arrived. */
  groups: SearchGroup[] | null
  /** The browser has no network: the search waits for it instead of failing silently. */
  offline: boolean
}

const isOffline = () => typeof navigator !== "undefined" && navigator.onLine === false

/**
 * Runs the search for `query` when it is not empty. A newer query aborts the
 * older request and its answer is never applied, so a slow earlier answer
 * cannot overwrite a newer one. A failure is logged and shows nothing,
 * unless the browser is offline: then the page says so, and the search runs
 * again by itself when the network is back.
 */
export function useSearch(apiUrl: string, query: string): SearchState {
  // Busy from the first render: the built HTML (which cannot know the query)
  // and the hydrated page both start with the loading layout, so nothing
  // moves between them.
  const [state, setState] = useState<SearchState>({ busy: true, groups: null, offline: false })
  // Bumped when the network comes back, to run the search again.
  const [online, setOnline] = useState(0)
  useEffect(() => {
    const onOnline = () => setOnline((count) => count + 1)
    window.addEventListener("online", onOnline)
    return () => window.removeEventListener("online", onOnline)
  }, [])
  useEffect(() => {
    if (!query) {
      setState({ busy: false, groups: null, offline: false })
      return
    }
    if (isOffline()) {
      setState({ busy: false, groups: null, offline: true })
      return
    }
    const controller = new AbortController()
    setState({ busy: true, groups: null, offline: false })
    searchCatalogue(apiUrl, query, controller.signal)
      .then((groups) => {
        if (!controller.signal.aborted) setState({ busy: false, groups, offline: false })
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return
        if (isOffline()) {
          setState({ busy: false, groups: null, offline: true })
          return
        }
        console.error("Error fetching search results:", error)
        setState({ busy: false, groups: null, offline: false })
      })
    return () => controller.abort()
  }, [apiUrl, query, online])
  return state
}
