/**
 * Reading back what the store wrote, trusting nothing: the value sits in the
 * visitor's localStorage, where an older site version, another script on the
 * origin, a browser extension or the visitor themselves may have changed it.
 * Hand-written rather than zod because this ships to every page.
 */
import type { EpisodeProgress, SavedSeries, StoredImage, ViewingState } from "./viewing-types"

/** The shape's version; a stored value with any other version is discarded. */
export const VIEWING_VERSION = 1

type Fields = Record<string, unknown>

const isRecord = (value: unknown): value is Fields => typeof value === "object" && value !== null && !Array.isArray(value)
const isCount = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value) && value >= 0
const isId = (value: unknown): value is string => typeof value === "string" && value !== ""
const isTextOrNull = (value: unknown): value is string | null => value === null || typeof value === "string"
// A picture's address is put into an <img src>: only a site path or a web
// address, never a javascript: or other scheme a tampered value could carry.
const isImageAddress = (value: unknown): value is string => typeof value === "string" && /^(https?:\/\/|\/)\S/.test(value)

/** A valid picture, a valid "no picture" (null), or undefined when the value is bad. */
function toImage(value: unknown): StoredImage | null | undefined {
  if (value === null) return null
  if (!isRecord(value) || !isImageAddress(value.src)) return undefined
  const { width, height } = value
  // A zero side would make the card's aspect ratio meaningless.
  if (!isCount(width) || !isCount(height) || width === 0 || height === 0) return undefined
  return { src: value.src, width, height }
}

/** A fresh progress entry with exactly the known fields, or undefined when any is bad. */
export function toProgress(value: unknown): EpisodeProgress | undefined {
  if (!isRecord(value)) return undefined
  const { episodeId, seconds, duration, updatedAt, seriesId, seriesTitle, episodeTitle, episodeNumber } = value
  const image = toImage(value.image)
  const valid =
    isId(episodeId) &&
    isCount(seconds) &&
    isCount(duration) &&
    isCount(updatedAt) &&
    (seriesId === null || isId(seriesId)) &&
    isTextOrNull(seriesTitle) &&
    isTextOrNull(episodeTitle) &&
    (episodeNumber === null || isCount(episodeNumber)) &&
    image !== undefined
  if (!valid) return undefined
  return { episodeId, seconds, duration, updatedAt, seriesId, seriesTitle, episodeTitle, episodeNumber, image }
}

/** A fresh saved-series entry with exactly the known fields, or undefined when any is bad. */
export function toSavedSeries(value: unknown): SavedSeries | undefined {
  if (!isRecord(value)) return undefined
  const { seriesId, title, savedAt } = value
  const image = toImage(value.image)
  if (!isId(seriesId) || !isTextOrNull(title) || !isCount(savedAt) || image === undefined) return undefined
  return { seriesId, title, image, savedAt }
}

/** The good entries of a stored list, first occurrence of each id kept, at most `limit`. */
function goodEntries<T>(list: unknown, toEntry: (value: unknown) => T | undefined, idOf: (entry: T) => string, limit: number): T[] {
  if (!Array.isArray(list)) return []
  const seen = new Set<string>()
  const kept: T[] = []
  for (const value of list) {
    const entry = toEntry(value)
    if (entry === undefined || seen.has(idOf(entry))) continue
    seen.add(idOf(entry))
    kept.push(entry)
    if (kept.length === limit) break
  }
  return kept
}

/**
 * The state a stored string holds, or undefined when it is not our versioned
 * object at all (bad JSON, a foreign shape, another version). Inside our
 * object, bad entries are dropped one by one and the good ones kept.
 */
export function parseViewing(raw: string, historyLimit: number, savedLimit: number): ViewingState | undefined {
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch {
    return undefined
  }
  if (!isRecord(value) || value.version !== VIEWING_VERSION) return undefined
  return {
    history: goodEntries(value.history, toProgress, (entry) => entry.episodeId, historyLimit),
    saved: goodEntries(value.saved, toSavedSeries, (entry) => entry.seriesId, savedLimit),
  }
}

/** The string the store writes for a state. */
export function serializeViewing(state: ViewingState): string {
  return JSON.stringify({ version: VIEWING_VERSION, history: state.history, saved: state.saved })
}
