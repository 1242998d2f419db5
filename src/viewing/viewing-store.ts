/**
 * The visitor's viewing memory: where they stopped in each episode and the
 * series they saved, kept in their own localStorage under one versioned key
 * and never sent anywhere (the site has no login, SPEC §6).
 *
 * Storage may be missing (server rendering), refused (a SecurityError when the
 * visitor disabled site data), full (QuotaExceededError) or shared with other
 * tabs. So every read and write goes through a try, every write re-reads the
 * stored value first, and a failure only means the site forgets: no function
 * here throws. Nothing touches `window` when the module is imported.
 */
import { CONTINUE_WATCHING_HINT_KEY, VIEWING_STORAGE_KEY } from "./storage-key"
import { parseViewing, serializeViewing, toSavedSeries } from "./viewing-parse"
import type { EpisodeProgress, SavedSeries, ViewingState } from "./viewing-types"

export { VIEWING_STORAGE_KEY }
export const HISTORY_LIMIT = 50
export const SAVED_LIMIT = 100

/** Nothing remembered: the state on the server, during hydration and without storage. */
export const EMPTY_VIEWING: ViewingState = Object.freeze({ history: Object.freeze([]), saved: Object.freeze([]) })

/** Within the last 5 % an episode counts as watched (the credits are rarely watched). */
const WATCHED_FRACTION = 0.95
/** A start shorter than this is a click, not viewing worth resuming. */
const STARTED_SECONDS = 5

const PROBE_KEY = `${VIEWING_STORAGE_KEY}.probe`

/** Whether the episode was watched to within its last 5 %; never when its length is unknown. */
export function isWatched(progress: EpisodeProgress): boolean {
  return progress.duration > 0 && progress.seconds >= WATCHED_FRACTION * progress.duration
}

/** How far into the episode the visitor got, from 0 to 1 (0 when the length is unknown). */
export function progressFraction(progress: EpisodeProgress): number {
  if (progress.duration <= 0) return 0
  return Math.min(1, Math.max(0, progress.seconds / progress.duration))
}

/** Whether the visitor got far enough into the episode to want to come back to it, and did not finish it. */
export function isUnfinished(progress: EpisodeProgress): boolean {
  return progress.seconds >= STARTED_SECONDS && !isWatched(progress)
}

/** The episodes to offer under "Continue watching": started, not finished, most recent first. */
export function inProgress(state: ViewingState): readonly EpisodeProgress[] {
  return state.history.filter(isUnfinished)
}

/** Where the visitor stopped in an episode, if they ever played it. */
export function progressOf(state: ViewingState, episodeId: string): EpisodeProgress | undefined {
  return state.history.find((progress) => progress.episodeId === episodeId)
}

/** Whether the series is on the visitor's list. */
export function isSaved(state: ViewingState, seriesId: string): boolean {
  return state.saved.some((series) => series.seriesId === seriesId)
}

/** The browser's localStorage, or null on the server or when the browser refuses it. */
function storage(): Storage | null {
  if (typeof window === "undefined") return null
  try {
    return window.localStorage ?? null
  } catch {
    return null
  }
}

// One probe per Storage object: the answer does not change within a page,
// and the probe is a write.
let probed: { store: Storage; works: boolean } | undefined

/**
 * Whether the site can remember anything: false on the server, when the
 * browser refuses storage (site data disabled) or refuses writes (some
 * private modes report a quota of zero).
 */
export function viewingStorageAvailable(): boolean {
  const store = storage()
  if (store === null) return false
  if (probed?.store !== store) {
    let works = true
    try {
      store.setItem(PROBE_KEY, "1")
      store.removeItem(PROBE_KEY)
    } catch {
      works = false
    }
    probed = { store, works }
  }
  return probed.works
}

// The last string read and the state it holds: the same string gives the same
// object, which is what lets React's useSyncExternalStore see "no change".
let memo: { raw: string | null; state: ViewingState } = { raw: null, state: EMPTY_VIEWING }

function readFrom(store: Storage): ViewingState {
  let raw: string | null
  try {
    raw = store.getItem(VIEWING_STORAGE_KEY)
  } catch {
    return EMPTY_VIEWING
  }
  if (raw === memo.raw) return memo.state
  const state = raw === null ? EMPTY_VIEWING : parseViewing(raw, HISTORY_LIMIT, SAVED_LIMIT)
  if (state === undefined) {
    // Not ours, or not this version: it would only be met again on every read.
    try {
      store.removeItem(VIEWING_STORAGE_KEY)
      store.removeItem(CONTINUE_WATCHING_HINT_KEY)
    } catch {
      // Refused: read as empty all the same.
    }
  }
  memo = { raw, state: state ?? EMPTY_VIEWING }
  return memo.state
}

/**
 * What the visitor's browser remembers. Never throws: without storage, or
 * when the stored value is corrupt, foreign or of another version, it is the
 * empty state (and such a value is removed). The same stored value always
 * gives the same object.
 */
export function readViewing(): ViewingState {
  const store = storage()
  return store === null ? EMPTY_VIEWING : readFrom(store)
}

const listeners = new Set<() => void>()

function notify(): void {
  for (const listener of [...listeners]) listener()
}

/**
 * Applies a change to what is stored now (another tab may have written since
 * this one read). For the store's own modules (viewing-history.ts): a page
 * changes the memory only through their named functions.
 */
export function writeViewing(change: (state: ViewingState) => ViewingState): void {
  const store = storage()
  if (store === null) return
  const current = readFrom(store)
  const next = change(current)
  if (next === current) return
  try {
    // Nothing left to remember leaves no trace at all.
    if (next.history.length === 0 && next.saved.length === 0) store.removeItem(VIEWING_STORAGE_KEY)
    else store.setItem(VIEWING_STORAGE_KEY, serializeViewing(next))
    if (next.history.some(isUnfinished)) store.setItem(CONTINUE_WATCHING_HINT_KEY, "1")
    else store.removeItem(CONTINUE_WATCHING_HINT_KEY)
  } catch {
    // Refused or full: this write is lost, the page goes on without it.
    return
  }
  notify()
}

/** Sorts entries newest first by `stamp`: Undo puts entries back in their places by date. */
export const newestFirst =
  <T>(stamp: (entry: T) => number) =>
  (a: T, b: T) =>
    stamp(b) - stamp(a)

/**
 * Puts a series on the visitor's list, at the front, dropping the oldest past
 * SAVED_LIMIT. Saving one already there refreshes its title and picture but
 * keeps its place and date. An entry with a bad field is ignored.
 */
export function saveSeries(series: Omit<SavedSeries, "savedAt">): void {
  writeViewing((state) => {
    const existing = state.saved.find((saved) => saved.seriesId === series.seriesId)
    const entry = toSavedSeries({
      seriesId: series.seriesId,
      title: series.title ?? null,
      image: series.image ?? null,
      savedAt: existing?.savedAt ?? Date.now(),
    })
    if (entry === undefined) return state
    const saved = existing ? state.saved.map((old) => (old === existing ? entry : old)) : [entry, ...state.saved].slice(0, SAVED_LIMIT)
    return { ...state, saved }
  })
}

/** Takes a series off the visitor's list; answers the entry taken off, for Undo. */
export function unsaveSeries(seriesId: string): SavedSeries | undefined {
  let removed: SavedSeries | undefined
  writeViewing((state) => {
    removed = state.saved.find((saved) => saved.seriesId === seriesId)
    return removed === undefined ? state : { ...state, saved: state.saved.filter((saved) => saved !== removed) }
  })
  return removed
}

/** Undo of an unsave: the series goes back to its place by the date it was saved (unless saved again since). */
export function restoreSaved(series: SavedSeries): void {
  writeViewing((state) => {
    if (isSaved(state, series.seriesId)) return state
    const saved = [...state.saved, series].sort(newestFirst((entry) => entry.savedAt)).slice(0, SAVED_LIMIT)
    return { ...state, saved }
  })
}

// `null` is another tab's localStorage.clear(), which cleared this key too.
function onStorage(event: StorageEvent): void {
  if (event.key === VIEWING_STORAGE_KEY || event.key === null) notify()
}

/**
 * Calls `listener` after every write from this page and every change another
 * tab makes to the key (the browser's `storage` event), and when the page
 * comes back from the back/forward cache (storage events are not delivered to
 * a page kept there). Returns the unsubscribe function. Does nothing on the
 * server.
 */
export function subscribeViewing(listener: () => void): () => void {
  if (typeof window === "undefined") return () => undefined
  // Its own function per subscription, so the same listener subscribed twice is removed once per call.
  const entry = () => listener()
  if (listeners.size === 0) {
    window.addEventListener("storage", onStorage)
    window.addEventListener("pageshow", notify)
  }
  listeners.add(entry)
  return () => {
    listeners.delete(entry)
    if (listeners.size > 0) return
    window.removeEventListener("storage", onStorage)
    window.removeEventListener("pageshow", notify)
  }
}
