import type { ApiVideoChapter } from "../../../../contract/schemas"
import { CHAPTER_TITLES, type ProgrammeKind } from "./lines"

/** Where the first chapter ends and the last begins, as shares of the video. */
const WARM_UP_SHARE = 0.12
const COOL_DOWN_SHARE = 0.86

/**
 * A sample video's chapters: 3 to 6 (drawn from its id), the first at 0,
 * the last in its final seventh, the middle ones evenly between, each a few
 * seconds off the round figure as an editor would set them; titled for its
 * kind (lines.ts CHAPTER_TITLES). The same on every call.
 */
export function sampleChapters(videoId: number, duration: number, kind: ProgrammeKind): ApiVideoChapter[] {
  const count = 3 + (videoId % 4)
  const titles = CHAPTER_TITLES[kind]
  const middle = titles.middle.slice(0, count - 2)
  const from = duration * WARM_UP_SHARE
  const to = duration * COOL_DOWN_SHARE
  const nudge = (index: number) => (videoId * 7 + index * 13) % 9
  const middleStarts = middle.map((_, index) => Math.round(from + (index * (to - from)) / middle.length) + nudge(index))
  return [
    { start: 0, title: titles.first },
    ...middle.map((title, index) => ({ start: middleStarts[index]!, title })),
    { start: Math.round(to) + nudge(count), title: titles.last },
  ]
}
