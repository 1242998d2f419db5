/**
 * The "Continue on another device" link carries My list and the viewing
 * history in the URL's fragment, which a browser never sends to any server:
 *
 *   {origin}/my-list/#take=1.{data}
 *
 * `1` is the format: {data} is base64url (RFC 4648 §5, no padding) of the
 * deflate-raw (RFC 1951) bytes of UTF-8 JSON `[saved, history]`, each entry
 * an array in a fixed order (wire types below), so the field names do not
 * travel. A link of another format is refused, never guessed at.
 *
 * The receiving side trusts nothing: every entry goes through the rules the
 * store applies to its own stored value (viewing-parse.ts), and a bad one is
 * left out and counted.
 */
import type { EpisodeProgress, SavedSeries, StoredImage, ViewingState } from "../viewing-types"
import { toProgress, toSavedSeries } from "../viewing-parse"
import { HISTORY_LIMIT, SAVED_LIMIT } from "../viewing-store"

/** The payload format this site writes and reads. */
export const TAKE_FORMAT = "1"

/**
 * The longest link the site makes, in characters. Every character is a byte
 * of the QR code (byte mode), and 1 700 fits a version 30 code at error
 * correction level L (1 732 bytes; 137 modules a side, 145 with the quiet
 * zone): drawn at 2 CSS pixels a module it is 290 px wide, within a 375 px
 * phone, and a phone's camera reads it off another screen. Level L because a
 * screen neither smudges nor tears: the higher levels buy nothing here and
 * would make the code denser.
 */
export const LINK_LIMIT = 1700

/**
 * What a receiving browser reads at most, well above what any link this site
 * makes holds: a longer fragment, or data that inflates past the second
 * figure (a deflate "bomb"), is refused unread.
 */
export const READ_LIMITS = { characters: 8000, inflatedBytes: 64_000 } as const

type WireImage = [src: string, width: number, height: number] | null
type WireSeries = [seriesId: string, title: string | null, image: WireImage, savedAt: number]
type WireProgress = [
  episodeId: string,
  seconds: number,
  duration: number,
  updatedAt: number,
  seriesId: string | null,
  seriesTitle: string | null,
  episodeTitle: string | null,
  episodeNumber: number | null,
  image: WireImage,
]
export type WireViewing = [saved: WireSeries[], history: WireProgress[]]

const imageToWire = (image: StoredImage | null): WireImage => (image ? [image.src, image.width, image.height] : null)

/** The wire form of the first `saved` series and `history` positions of a state. */
export function toWire(state: ViewingState, saved: number, history: number): WireViewing {
  return [
    state.saved.slice(0, saved).map((series) => [series.seriesId, series.title, imageToWire(series.image), series.savedAt]),
    state.history
      .slice(0, history)
      .map((entry) => [
        entry.episodeId,
        entry.seconds,
        entry.duration,
        entry.updatedAt,
        entry.seriesId,
        entry.seriesTitle,
        entry.episodeTitle,
        entry.episodeNumber,
        imageToWire(entry.image),
      ]),
  ]
}

// Anything but the wire's array or null is not a picture: undefined, which the store's rules refuse.
const imageFromWire = (value: unknown) => (Array.isArray(value) ? { src: value[0], width: value[1], height: value[2] } : value === null ? null : undefined)

const seriesFromWire = (value: unknown): SavedSeries | undefined =>
  Array.isArray(value) ? toSavedSeries({ seriesId: value[0], title: value[1], image: imageFromWire(value[2]), savedAt: value[3] }) : undefined

function progressFromWire(value: unknown): EpisodeProgress | undefined {
  if (!Array.isArray(value)) return undefined
  const [episodeId, seconds, duration, updatedAt, seriesId, seriesTitle, episodeTitle, episodeNumber, image] = value as unknown[]
  return toProgress({ episodeId, seconds, duration, updatedAt, seriesId, seriesTitle, episodeTitle, episodeNumber, image: imageFromWire(image) })
}

/** What a link holds once read: the good entries, and how many were left out. */
export interface TakenViewing {
  state: ViewingState
  /** Entries that broke the store's rules, repeated an id, or came past the store's limits. */
  leftOut: number
}

/** The good entries of a wire list: valid, first of each id, at most `limit`; the rest counted. */
function goodOf<T>(list: unknown[], read: (value: unknown) => T | undefined, idOf: (entry: T) => string, limit: number) {
  const seen = new Set<string>()
  const good = list.map(read).filter((entry): entry is T => {
    if (entry === undefined || seen.has(idOf(entry)) || seen.size === limit) return false
    seen.add(idOf(entry))
    return true
  })
  return { good, leftOut: list.length - good.length }
}

/**
 * The state a link's JSON holds, or undefined when it is not the wire's
 * shape at all. A time later than `now` (the other device's clock ahead, or a
 * made-up link) counts as now, so no entry can hold the top of a list for good.
 */
export function fromWire(value: unknown, now: number): TakenViewing | undefined {
  if (!Array.isArray(value) || value.length !== 2 || !Array.isArray(value[0]) || !Array.isArray(value[1])) return undefined
  const saved = goodOf(value[0] as unknown[], seriesFromWire, (series) => series.seriesId, SAVED_LIMIT)
  const history = goodOf(value[1] as unknown[], progressFromWire, (entry) => entry.episodeId, HISTORY_LIMIT)
  return {
    state: {
      saved: saved.good.map((series) => ({ ...series, savedAt: Math.min(series.savedAt, now) })),
      history: history.good.map((entry) => ({ ...entry, updatedAt: Math.min(entry.updatedAt, now) })),
    },
    leftOut: saved.leftOut + history.leftOut,
  }
}
