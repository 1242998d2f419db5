import { useSyncExternalStore } from "react"
import { EMPTY_VIEWING, readViewing, subscribeViewing, viewingStorageAvailable } from "./viewing-store"
import type { ViewingState } from "./viewing-types"

export interface Viewing {
  state: ViewingState
  /** Whether the browser lets the site remember (false on the server and with storage disabled). */
  available: boolean
  /** False in the server HTML and during hydration, when `state` is empty whatever is stored. */
  hydrated: boolean
}

// The server cannot know the visitor's storage: its HTML, and hydration, show nothing remembered.
const SERVER_VIEWING: Viewing = Object.freeze({ state: EMPTY_VIEWING, available: false, hydrated: false })

// React compares snapshots by identity and renders again, endlessly, if each
// call returns a new object: readViewing gives the same state for the same
// stored string, and this gives the same snapshot for the same state.
let last: Viewing = SERVER_VIEWING

function clientViewing(): Viewing {
  const state = readViewing()
  const available = viewingStorageAvailable()
  if (!last.hydrated || last.state !== state || last.available !== available) {
    last = { state, available, hydrated: true }
  }
  return last
}

const serverViewing = () => SERVER_VIEWING

/**
 * The visitor's viewing memory, kept current across writes in this page and
 * in other tabs. Empty during server rendering and hydration (so the HTML and
 * the first client render agree); the stored state right after.
 */
export function useViewing(): Viewing {
  return useSyncExternalStore(subscribeViewing, clientViewing, serverViewing)
}
