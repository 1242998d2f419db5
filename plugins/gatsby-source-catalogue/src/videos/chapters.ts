import type { ApiVideoChapter } from "../../../../contract/schemas"
import { plainText } from "../nodes/sanitize"

/** One chapter of a video, in whole seconds: it ends where the next begins, the last at the video's end. */
export interface Chapter {
  start: number
  end: number
  title: string
}

/** Longest chapter title kept, in characters; a longer one is cut. */
const MAX_TITLE = 120

/** 1:05 or 1:02:05, as a content editor reads a time. */
export function clockTime(seconds: number): string {
  const whole = Math.floor(seconds)
  const [h, m, s] = [Math.floor(whole / 3600), Math.floor((whole % 3600) / 60), whole % 60]
  const pad = (n: number) => String(n).padStart(2, "0")
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`
}

/**
 * The chapters a page can show from the host's list: each start in whole
 * seconds (rounded down, so a link to it never lands past its first
 * moment), in order, one per second (the earliest, then the first listed), each ending
 * where the next begins and the last at the video's end. A chapter that
 * starts before 0 or at or after the end, or has no title left once made
 * plain text, is left out, and why goes to `dropped`. Without a duration no
 * chapter has an end, so none is kept.
 */
export function chaptersOf(entries: readonly ApiVideoChapter[], durationSeconds: number | null, dropped: string[]): Chapter[] {
  if (entries.length === 0) return []
  if (durationSeconds === null) {
    dropped.push(`its ${entries.length} chapters, since it gives no duration to end the last one`)
    return []
  }
  const kept = new Map<number, string>()
  for (const entry of [...entries].sort((a, b) => a.start - b.start)) {
    const start = Math.floor(entry.start)
    const title = plainText(entry.title, MAX_TITLE)
    if (!Number.isFinite(entry.start) || start < 0 || start >= durationSeconds) {
      dropped.push(`the chapter ${JSON.stringify(title)} at ${entry.start} s, outside the video (0 to ${clockTime(durationSeconds)})`)
    } else if (!title) {
      dropped.push(`the chapter at ${clockTime(start)}, which has no title`)
    } else if (!kept.has(start)) {
      kept.set(start, title)
    }
  }
  const starts = [...kept.keys()]
  return starts.map((start, index) => ({ start, end: starts[index + 1] ?? durationSeconds, title: kept.get(start)! }))
}
