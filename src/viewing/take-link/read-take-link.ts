import { inflateFromBase64Url } from "./deflate-text"
import { READ_LIMITS, TAKE_FORMAT, fromWire, type TakenViewing } from "./take-link-format"
import { TAKE_KEY, canTakeLinks, isTakeHash } from "./take-link-gate"

/** Why a link cannot be taken: "damaged" (cut, changed or made up), "format" (another version of the site's), "browser" (no Compression Streams). */
export type Unreadable = "damaged" | "format" | "browser"

export type TakeReading = { kind: "none" } | { kind: "unreadable"; why: Unreadable } | ({ kind: "list" } & TakenViewing)

const PREFIX = `#${TAKE_KEY}=`

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/**
 * What a location's hash carries: nothing (no take link), a list, or why it
 * cannot be read. Never throws, whatever the hash holds: a link is anyone's
 * text. A list whose every entry was bad, or that holds none, is damaged (the
 * site never makes an empty link).
 */
export async function readTakeLink(hash: string, now = Date.now()): Promise<TakeReading> {
  if (!isTakeHash(hash)) return { kind: "none" }
  const value = hash.slice(PREFIX.length)
  const dot = value.indexOf(".")
  if (dot < 0) return { kind: "unreadable", why: "damaged" }
  if (value.slice(0, dot) !== TAKE_FORMAT) return { kind: "unreadable", why: "format" }
  if (!canTakeLinks()) return { kind: "unreadable", why: "browser" }
  const data = value.slice(dot + 1)
  const text = data.length > READ_LIMITS.characters ? undefined : await inflateFromBase64Url(data, READ_LIMITS.inflatedBytes)
  const taken = text === undefined ? undefined : fromWire(parseJson(text), now)
  if (!taken || taken.state.saved.length + taken.state.history.length === 0) return { kind: "unreadable", why: "damaged" }
  return { kind: "list", ...taken }
}
