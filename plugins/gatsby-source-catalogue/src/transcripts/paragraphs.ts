import type { CueWords } from "./cue-text"

/** A run of cues read as one paragraph: when its first cue starts, in seconds (to the millisecond), and its plain text. */
export interface TranscriptParagraph {
  start: number
  text: string
}

/** A cue as the grouping reads it: its times and its words. */
export type TimedWords = CueWords & { start: number; end: number }

/**
 * Where a paragraph ends: at a pause of more than `pauseSeconds` between one
 * cue's end and the next one's start (the speaker stopped), after
 * `maxCues` cues or once it spans `maxSeconds` (a page of captions reads as
 * a wall otherwise), at a chapter's start, and where another voice speaks.
 */
export const PARAGRAPH_BREAKS = { pauseSeconds: 2, maxCues: 6, maxSeconds: 60 } as const

interface Open {
  start: number
  lastStart: number
  lastEnd: number
  parts: string[]
}

/** Whether `cue` starts a new paragraph after `open`. */
function breaksBefore(cue: TimedWords, open: Open, speakerChanges: boolean, chapterStarts: readonly number[]): boolean {
  return (
    speakerChanges ||
    cue.start - open.lastEnd > PARAGRAPH_BREAKS.pauseSeconds ||
    open.parts.length >= PARAGRAPH_BREAKS.maxCues ||
    cue.start - open.start >= PARAGRAPH_BREAKS.maxSeconds ||
    chapterStarts.some((chapter) => chapter > open.lastStart && chapter <= cue.start)
  )
}

/**
 * The cues grouped into paragraphs (PARAGRAPH_BREAKS), in time order. A
 * voice's name leads the text where the voice changes ("Instructor: …");
 * a cue without a voice span continues whoever spoke last. A cue without
 * words is left out, and so is a roll-up repeat: the same words as the cue
 * before, shown while that one still is.
 */
export function paragraphsOf(cues: readonly TimedWords[], chapterStarts: readonly number[] = []): TranscriptParagraph[] {
  const paragraphs: TranscriptParagraph[] = []
  let open: Open | null = null
  let speaker: string | null = null
  let previous: TimedWords | null = null
  const close = () => open && paragraphs.push({ start: Math.round(open.start * 1000) / 1000, text: open.parts.join(" ") })
  for (const cue of [...cues].sort((a, b) => a.start - b.start)) {
    const repeat = previous !== null && cue.text === previous.text && cue.start < previous.end
    if (!cue.text || repeat) continue
    previous = cue
    const speakerChanges = cue.speaker !== null && cue.speaker !== speaker
    if (open && breaksBefore(cue, open, speakerChanges, chapterStarts)) {
      close()
      open = null
    }
    if (speakerChanges) speaker = cue.speaker
    const words = speakerChanges ? `${cue.speaker}: ${cue.text}` : cue.text
    if (open) open.parts.push(words)
    else open = { start: cue.start, lastStart: cue.start, lastEnd: cue.end, parts: [words] }
    open.lastStart = cue.start
    open.lastEnd = Math.max(open.lastEnd, cue.end)
  }
  close()
  return paragraphs
}
