import type { ApiVideoChapter } from "../../../../contract/schemas"
import { CAPTION_LINES, VOICES, type CaptionLine, type Phase, type ProgrammeKind } from "./lines"
import { SAMPLE_TRACKS, type TrackLanguage } from "./tracks"

/** What a sample captions file is written from. */
export interface CaptionedVideo {
  title: string
  videoId: number
  /** Seconds. */
  duration: number
  kind: ProgrammeKind
  chapters: ApiVideoChapter[]
}

/** One cue as written: its times, settings and payload (markup included). */
interface Cue {
  id: string | null
  start: number
  end: number
  settings: string
  payload: string
}

/** Lines said one after another before the class goes on without words. */
const BURST = 3
/** A caption line longer than this is broken over two lines, as captioners do. */
const MAX_LINE = 42

/** 00:01:02.500 */
function timestamp(seconds: number): string {
  const ms = Math.round(seconds * 1000)
  const pad = (n: number, width = 2) => String(n).padStart(width, "0")
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`
}

/** Cue text: `&`, `<` and `>` as character references, so a title with them reads as written. */
const escapeText = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")

/** A long line broken at the space nearest its middle. */
function wrap(text: string): string {
  if (text.length <= MAX_LINE) return text
  const middle = text.length / 2
  const spaces = [...text.matchAll(/ /g)].map((match) => match.index!)
  const at = spaces.reduce((best, index) => (Math.abs(index - middle) < Math.abs(best - middle) ? index : best), spaces[0] ?? -1)
  return at < 0 ? text : `${text.slice(0, at)}\n${text.slice(at + 1)}`
}

/** How long a line stays up: about a third of a second a word, within 1.5 to 6.5 s. */
const showFor = (text: string) => Math.min(6.5, Math.max(1.5, 1.2 + 0.35 * text.split(/\s+/).length))

/** The lines a chapter says: its phase's, the middle chapters sharing theirs in turn; subtitles carry no sounds. */
function chapterLines(video: CaptionedVideo, index: number, language: TrackLanguage): { phase: Phase; lines: CaptionLine[] } {
  const last = video.chapters.length - 1
  const phase: Phase = index === 0 ? "open" : index === last ? "close" : "main"
  const spoken = CAPTION_LINES[video.kind][phase].filter((line) => SAMPLE_TRACKS[language].kind === "captions" || line.mark !== "sound")
  if (phase !== "main") return { phase, lines: spoken }
  const share = Math.ceil(spoken.length / Math.max(1, last - 1))
  return { phase, lines: spoken.slice((index - 1) * share, index * share) }
}

/** The payload of one line: its voice where the speaker changes, its mark, its words (title filled in) wrapped. */
function payloadOf(line: CaptionLine, words: string, voiceChanges: string | null): string {
  const text = wrap(escapeText(words))
  const marked = line.mark === "sound" ? `<i>${text}</i>` : line.mark === "count" ? `<b>${text}</b>` : line.mark === "loud" ? `<c.loud>${text}</c>` : text
  return voiceChanges ? `<v ${voiceChanges}>${marked}` : marked
}

/**
 * The cues of every chapter: its lines in bursts of BURST, spread over the
 * chapter (a class talks, then moves to music), each shown about as long as
 * it takes to read; the first cue of a chapter named after it.
 */
function cuesOf(video: CaptionedVideo, language: TrackLanguage): Cue[] {
  const cues: Cue[] = []
  let speaker: string | null = null
  video.chapters.forEach((chapter, index) => {
    const end = video.chapters[index + 1]?.start ?? video.duration
    const { lines } = chapterLines(video, index, language)
    const bursts = Math.max(1, Math.ceil(lines.length / BURST))
    const lead = index === 0 ? 1 : 3
    const spacing = (end - chapter.start - lead - 3) / bursts
    lines.forEach((line, n) => {
      const burstStart = chapter.start + lead + Math.floor(n / BURST) * spacing
      const previous = n % BURST === 0 ? undefined : cues[cues.length - 1]
      const start = previous ? previous.end + 0.4 : burstStart
      const words = line[language].replace("{title}", video.title)
      const voice = line.mark === "sound" ? null : (line.voice ?? VOICES[video.kind])
      const voiceChanges = voice !== null && voice !== speaker ? voice : null
      if (voice !== null) speaker = voice
      cues.push({
        id: n === 0 ? `chapter-${index + 1}` : null,
        start,
        end: start + showFor(words),
        settings: line.mark === "sound" ? " align:start line:10%" : "",
        payload: payloadOf(line, words, voiceChanges),
      })
    })
  })
  return cues
}

/**
 * A sample captions or subtitles file (WebVTT) of a video: what the class
 * does, in plain sentences, timed across its chapters, with the markup real
 * files carry (a voice span where the speaker changes, italic sounds, bold
 * counts, a `loud` class, cue settings, a NOTE and a STYLE block) so that a
 * site's reader and sanitiser meet all of it.
 */
export function captionsFile(video: CaptionedVideo, language: TrackLanguage): string {
  const track = SAMPLE_TRACKS[language]
  const header = [
    `WEBVTT - ${video.title.replace(/\s+/g, " ").replace(/-->/g, "")}`,
    `Kind: ${track.kind}`,
    `Language: ${track.language}`,
    "",
    "NOTE",
    `Sample ${track.kind} written for the reference server: they say what the`,
    "class does; they are not a recording of it.",
    "",
    "STYLE",
    "::cue(.loud) {",
    "  color: #ffd166;",
    "}",
  ]
  const cues = cuesOf(video, language).map((cue) => [...(cue.id ? [cue.id] : []), `${timestamp(cue.start)} --> ${timestamp(cue.end)}${cue.settings}`, cue.payload].join("\n"))
  return `${[header.join("\n"), ...cues].join("\n\n")}\n`
}
