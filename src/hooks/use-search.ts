import { useEffect, useState } from "react"
import { searchCatalogue, type SearchGroup } from "../services/search"

export interface SearchState {
  busy: boolean
  /** null until an answer for the current query has arrived. */
  groups: SearchGroup[] | null
}

/**
 * Runs the search for `query` when it is not empty. A newer query aborts the
 * older request and its answer is never applied, so a slow earlier answer
 * cannot overwrite a newer one. A failure is logged and shows nothing.
 */
export function useSearch(apiUrl: string, query: string): SearchState {
  // Busy from the first render: the built HTML (which cannot know the query)
  // and the hydrated page both start with the loading layout, so nothing
  // moves between them.
  const [state, setState] = useState<SearchState>({ busy: true, groups: null })
  useEffect(() => {
    if (!query) {
      setState({ busy: false, groups: null })
      return
    }
    const controller = new AbortController()
    setState({ busy: true, groups: null })
    searchCatalogue(apiUrl, query, controller.signal)
      .then((groups) => {
        if (!controller.signal.aborted) setState({ busy: false, groups })
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return
        console.error("Error fetching search results:", error)
        setState({ busy: false, groups: null })
      })
    return () => controller.abort()
  }, [apiUrl, query])
  return state
}
