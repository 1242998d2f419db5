/**
 * A WebVTT reader of our own (https://www.w3.org/TR/webvtt1/, "Parsing"),
 * for the transcripts: it keeps each cue's identifier, times and payload and
 * nothing else. The header, NOTE, STYLE and REGION blocks are skipped, cue
 * settings (`align:start`) ignored; a block whose timing line cannot be read
 * is skipped and counted, as a browser skips it. The payload is kept as
 * written, markup and all: cue-text.ts reads it.
 */

/** One cue: seconds from the start of the video. */
export interface VttCue {
  id: string | null
  start: number
  end: number
  /** The payload's lines joined with "\n", markup and character references as written. */
  payload: string
}

/** A file that does not begin with the WEBVTT signature: not a WebVTT file at all. */
export class NotWebVtt extends Error {}

/** `hh:mm:ss.ttt` (hours of two digits or more) or `mm:ss.ttt`, in seconds; null for anything else. */
export function vttTimestamp(text: string): number | null {
  const parts = /^(?:(\d{2,}):)?([0-5]\d):([0-5]\d)\.(\d{3})$/.exec(text)
  if (!parts) return null
  const [, hours = "0", minutes, seconds, thousandths] = parts
  return Number(hours) * 3600 + Number(minutes) * 60 + Number(seconds) + Number(thousandths) / 1000
}

/** A timing line's start and end; what follows the end (the cue settings) is ignored. */
function timings(line: string): { start: number; end: number } | null {
  const parts = /^[ \t]*([\d:.]+)[ \t]*-->[ \t]*([\d:.]+)(?:[ \t].*)?$/.exec(line)
  const start = parts ? vttTimestamp(parts[1]!) : null
  const end = parts ? vttTimestamp(parts[2]!) : null
  // A cue that ends before it starts is a broken file's; it is kept as an instant rather than lost.
  return start === null || end === null ? null : { start, end: Math.max(start, end) }
}

const isSkippedBlock = (first: string) => /^NOTE(?:[ \t]|$)/.test(first) || /^(?:STYLE|REGION)[ \t]*$/.test(first)

/**
 * The cue of one block (its lines, none blank), and where the block's rest
 * begins when a line of its payload holds "-->": by the standard that line
 * starts the next cue. Null for a block that is no cue: a NOTE, STYLE or
 * REGION block, or one without a readable timing line (`broken`).
 */
function readBlock(block: string[]): { cue: VttCue | null; broken: boolean; rest: string[] } {
  if (isSkippedBlock(block[0]!)) return { cue: null, broken: false, rest: [] }
  const timingAt = block[0]!.includes("-->") ? 0 : block[1]?.includes("-->") ? 1 : -1
  if (timingAt < 0) return { cue: null, broken: true, rest: [] }
  const times = timings(block[timingAt]!)
  const payloadLines = block.slice(timingAt + 1)
  const nextCue = payloadLines.findIndex((line) => line.includes("-->"))
  const payload = nextCue < 0 ? payloadLines : payloadLines.slice(0, nextCue)
  const rest = nextCue < 0 ? [] : payloadLines.slice(nextCue)
  if (!times) return { cue: null, broken: true, rest }
  return { cue: { id: timingAt === 1 ? block[0]! : null, ...times, payload: payload.join("\n") }, broken: false, rest }
}

/** The lines of `text`: CRLF, CR and LF all end one; a byte order mark and NULs go (NUL as U+FFFD, as the standard says). */
function linesOf(text: string): string[] {
  return (
    text
      .replace(/^\ufeff/, "")
      // eslint-disable-next-line no-control-regex -- WebVTT replaces each NUL
      .replace(/\u0000/g, "\ufffd")
      .split(/\r\n|\r|\n/)
  )
}

/**
 * The cues of a WebVTT file, in file order, and how many blocks were
 * skipped as unreadable. Throws NotWebVtt for a file without the signature
 * (an HTML error page, a JSON answer, an SRT file).
 */
export function parseWebVtt(text: string): { cues: VttCue[]; skipped: number } {
  const lines = linesOf(text)
  if (!/^WEBVTT(?:[ \t].*)?$/.test(lines[0] ?? "")) throw new NotWebVtt("does not begin with WEBVTT")
  // The header runs to the first blank line; none: the file is all header.
  let at = lines.indexOf("", 1)
  if (at < 0) at = lines.length
  const cues: VttCue[] = []
  let skipped = 0
  let pending: string[] = []
  for (;;) {
    if (pending.length === 0) {
      while (at < lines.length && lines[at] === "") at++
      if (at >= lines.length) break
      const end = lines.indexOf("", at)
      pending = lines.slice(at, end < 0 ? lines.length : end)
      at = end < 0 ? lines.length : end
    }
    const { cue, broken, rest } = readBlock(pending)
    if (cue) cues.push(cue)
    if (broken) skipped++
    pending = rest
  }
  return { cues, skipped }
}
