// A moment of an episode: whole seconds from the start. Links to one carry
// it as `t` (`/detail/12/?t=90`), in the form contract/moment-form.ts reads.
import { MOMENT_FORM } from "../../contract/moment-form"

/**
 * The moment a link's `t` asks for, in whole seconds. Null for none: `t`
 * missing, 0, not one of MOMENT_FORM's forms, or at or past the video's end when
 * its length is known. A bad `t` is ignored, never an error: the episode then
 * plays from the start, as without one.
 */
export function parseMoment(t: string | null | undefined, durationSeconds?: number | null): number | null {
  const parts = t ? MOMENT_FORM.exec(t) : null
  if (!parts) return null
  const [, bare, hours = "0", minutes = "0", seconds = "0"] = parts
  const at = bare !== undefined ? Number(bare) : Number(hours) * 3600 + Number(minutes) * 60 + Number(seconds)
  if (!(at >= 1)) return null
  if (durationSeconds && durationSeconds > 0 && at >= durationSeconds) return null
  return at
}

/** The moment a page address's query asks for (`location.search`), as parseMoment reads it. */
export const momentOfSearch = (search: string, durationSeconds?: number | null): number | null => parseMoment(new URLSearchParams(search).get("t"), durationSeconds)

/** `href` with its `t` set to the moment (any other query kept, the fragment dropped): what Share and key moments link to. */
export function momentUrl(href: string, seconds: number): string {
  const url = new URL(href)
  url.searchParams.set("t", String(Math.max(0, Math.floor(seconds))))
  url.hash = ""
  return url.href
}

/** A seek lands within a frame or so of where it was asked to: a chapter asked for is the chapter shown. */
const SEEK_SLACK_S = 0.25

/** The index of the chapter playing at `seconds` (the last that has begun); -1 before the first, or when nothing plays. */
export function chapterAt(chapters: readonly { start: number }[], seconds: number | null): number {
  if (seconds === null) return -1
  let current = -1
  chapters.forEach((chapter, index) => {
    if (chapter.start <= seconds + SEEK_SLACK_S) current = index
  })
  return current
}
