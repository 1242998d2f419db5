/**
 * What the visitor's browser remembers about their viewing (docs/reference/viewing-memory.md): where
 * they stopped in each episode and the series they saved. It lives only in
 * their localStorage (the site has no login) and is never sent anywhere.
 */

/** A picture kept beside an entry so a card can be drawn without the catalogue. */
export interface StoredImage {
  src: string
  width: number
  height: number
}

/** Where the visitor stopped in one episode. */
export interface EpisodeProgress {
  episodeId: string
  /** Position reached, in seconds (rounded to 0.1 s). */
  seconds: number
  /** The video's length in seconds (0 when the player has not told it yet). */
  duration: number
  /** When this entry was last written, in ms since the epoch. */
  updatedAt: number
  seriesId: string | null
  seriesTitle: string | null
  episodeTitle: string | null
  episodeNumber: number | null
  image: StoredImage | null
}

/** A series on the visitor's own list ("My list"). */
export interface SavedSeries {
  seriesId: string
  title: string | null
  image: StoredImage | null
  /** When it was saved, in ms since the epoch. */
  savedAt: number
}

/** Everything remembered; the lists are never mutated, every write makes new ones. */
export interface ViewingState {
  /** Most recent first, at most HISTORY_LIMIT. */
  history: readonly EpisodeProgress[]
  /** Most recently saved first, at most SAVED_LIMIT. */
  saved: readonly SavedSeries[]
}
