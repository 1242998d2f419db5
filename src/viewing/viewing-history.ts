import type { EpisodeProgress } from "./viewing-types"
import { toProgress } from "./viewing-parse"
import { HISTORY_LIMIT, newestFirst, progressOf, writeViewing } from "./viewing-store"

// The viewing history's writes, apart from viewing-store.ts: Save (on every page with a series card)
// needs the store, not these, and every page that imports a module ships all of it.

/** Seconds kept to a tenth: finer means nothing to a visitor and costs storage. */
const toTenth = (seconds: number) => Math.round(seconds * 10) / 10

/**
 * Remembers where the visitor is in an episode: the entry is replaced and
 * moved to the front, stamped with the time now, and the oldest entry is
 * dropped past HISTORY_LIMIT. An entry with a bad field (NaN seconds, an
 * empty id) is ignored rather than stored.
 */
export function recordProgress(entry: Omit<EpisodeProgress, "updatedAt">): void {
  const progress = toProgress({
    episodeId: entry.episodeId,
    seconds: toTenth(entry.seconds),
    duration: toTenth(entry.duration),
    updatedAt: Date.now(),
    seriesId: entry.seriesId ?? null,
    seriesTitle: entry.seriesTitle ?? null,
    episodeTitle: entry.episodeTitle ?? null,
    episodeNumber: entry.episodeNumber ?? null,
    image: entry.image ?? null,
  })
  if (progress === undefined) return
  writeViewing((state) => ({
    ...state,
    history: [progress, ...state.history.filter((old) => old.episodeId !== progress.episodeId)].slice(0, HISTORY_LIMIT),
  }))
}

/** Forgets one episode (the remove control of "Continue watching"); answers the entry forgotten, for Undo. */
export function removeFromHistory(episodeId: string): EpisodeProgress | undefined {
  let removed: EpisodeProgress | undefined
  writeViewing((state) => {
    removed = progressOf(state, episodeId)
    return removed === undefined ? state : { ...state, history: state.history.filter((progress) => progress !== removed) }
  })
  return removed
}

/** Forgets every position ("Clear viewing history"), the saved list stays; answers the entries forgotten, for Undo. */
export function clearHistory(): readonly EpisodeProgress[] {
  let removed: readonly EpisodeProgress[] = []
  writeViewing((state) => {
    removed = state.history
    return state.history.length === 0 ? state : { ...state, history: [] }
  })
  return removed
}

/**
 * Undo of a removal: puts forgotten entries back in their places by date. An
 * episode played again since keeps its newer entry; past HISTORY_LIMIT the
 * oldest go, as ever.
 */
export function restoreHistory(entries: readonly EpisodeProgress[]): void {
  writeViewing((state) => {
    const back = entries.filter((entry) => progressOf(state, entry.episodeId) === undefined)
    if (back.length === 0) return state
    const history = [...state.history, ...back].sort(newestFirst((entry) => entry.updatedAt)).slice(0, HISTORY_LIMIT)
    return { ...state, history }
  })
}
