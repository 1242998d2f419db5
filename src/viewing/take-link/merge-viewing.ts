import type { EpisodeProgress, SavedSeries, ViewingState } from "../viewing-types"
import { HISTORY_LIMIT, SAVED_LIMIT, newestFirst, progressOf, readViewing, writeViewing } from "../viewing-store"

/**
 * This browser's memory with another's added: every saved series of either
 * (one already here keeps its place and date), and per episode the position
 * written last (`updatedAt`; a tie keeps this browser's). Each list stays in
 * date order and within the store's limits, the oldest going first. Entries
 * of `current` are kept as the same objects, so what is new can be told.
 */
export function mergeViewing(current: ViewingState, incoming: ViewingState): ViewingState {
  const savedHere = new Set(current.saved.map((series) => series.seriesId))
  const newSeries = incoming.saved.filter((series) => !savedHere.has(series.seriesId))
  const newer = incoming.history.filter((entry) => {
    const here = progressOf(current, entry.episodeId)
    return here === undefined || entry.updatedAt > here.updatedAt
  })
  if (newSeries.length === 0 && newer.length === 0) return current
  const replaced = new Set(newer.map((entry) => entry.episodeId))
  return {
    saved: [...current.saved, ...newSeries].sort(newestFirst((series) => series.savedAt)).slice(0, SAVED_LIMIT),
    history: [...current.history.filter((entry) => !replaced.has(entry.episodeId)), ...newer].sort(newestFirst((entry) => entry.updatedAt)).slice(0, HISTORY_LIMIT),
  }
}

/** What taking a list would add here: series new to My list, and positions new or newer than this browser's. */
export interface TakeAdditions {
  series: readonly SavedSeries[]
  positions: readonly EpisodeProgress[]
}

/** The additions `mergeViewing` makes to `current`: what the visitor is asked to confirm, and what the page then says was added. */
export function additionsOf(current: ViewingState, incoming: ViewingState): TakeAdditions {
  const merged = mergeViewing(current, incoming)
  const had = { saved: new Set(current.saved), history: new Set(current.history) }
  return {
    series: merged.saved.filter((series) => !had.saved.has(series)),
    positions: merged.history.filter((entry) => !had.history.has(entry)),
  }
}

/** Whether taking a list adds nothing here: everything it carries is here already, or older. */
export const addsNothing = (additions: TakeAdditions) => additions.series.length + additions.positions.length === 0

/**
 * Adds a list taken from another device to this browser's memory, merged
 * with what is stored now (another tab may have written since the visitor
 * was asked). Answers what was added, or undefined when the browser refused
 * the write (storage full or turned off): the store never throws, so this
 * reads back what it holds.
 */
export function takeViewing(incoming: ViewingState): TakeAdditions | undefined {
  let added: TakeAdditions = { series: [], positions: [] }
  writeViewing((state) => {
    added = additionsOf(state, incoming)
    return mergeViewing(state, incoming)
  })
  return addsNothing(additionsOf(readViewing(), incoming)) ? added : undefined
}
