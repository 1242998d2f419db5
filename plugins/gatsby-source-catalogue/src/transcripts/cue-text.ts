import { plainText } from "../nodes/sanitize"

/** What a cue says, as plain text, and who says it when a voice span names them. */
export interface CueWords {
  /** The name of the cue's first voice span (`<v Instructor>`); null when it has none. */
  speaker: string | null
  text: string
}

/** Longest speaker name kept; a longer annotation is cut. */
const MAX_SPEAKER = 60

/**
 * A cue payload read as the standard's cue text tokenizer reads it: every
 * `<...>` is a tag (a class, italic, bold, underline, ruby, voice or
 * language span, an end tag or a timestamp), everything else is text with
 * its character references as written. A tag left open at the end is
 * dropped. Ruby text (`<rt>`) is a reading aid, not words said, and is left
 * out.
 */
function tokens(payload: string): { text: string[]; voices: string[] } {
  const text: string[] = []
  const voices: string[] = []
  let rubyText = 0
  for (let at = 0; at < payload.length;) {
    const open = payload.indexOf("<", at)
    const run = payload.slice(at, open < 0 ? payload.length : open)
    if (run && rubyText === 0) text.push(run)
    if (open < 0) break
    const close = payload.indexOf(">", open)
    if (close < 0) break
    const tag = payload.slice(open + 1, close)
    const name = /^\/?([^\s.>]*)/.exec(tag)![1]!.toLowerCase()
    if (name === "rt") rubyText = Math.max(0, rubyText + (tag.startsWith("/") ? -1 : 1))
    else if (name === "v" && !tag.startsWith("/")) voices.push(tag.replace(/^[^\s]*/, ""))
    at = close + 1
  }
  return { text, voices }
}

/**
 * The plain text of one cue: VTT markup gone (a voice span's name kept as
 * the cue's speaker), lines joined with a space, character references
 * decoded, and then sanitised as every text from outside is
 * (nodes/sanitize.ts plainText): whatever the decoding spelled out as markup
 * (`&lt;script&gt;`) is dropped, and so are control characters.
 */
export function cueWords(payload: string): CueWords {
  const { text, voices } = tokens(payload.replace(/\n/g, " "))
  const speaker = voices.length > 0 ? plainText(voices[0]!, MAX_SPEAKER) : ""
  return { speaker: speaker || null, text: plainText(text.join("")) }
}
