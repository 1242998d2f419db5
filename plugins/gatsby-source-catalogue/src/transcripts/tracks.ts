import crypto from "node:crypto"
import type { GatsbyCache } from "gatsby"
import { CACHE_KEYS } from "../constants"
import { CatalogueRequestError, type HttpClient } from "../http/client"
import type { TextTrack } from "../videos/text-tracks"
import type { VideoFacts } from "../videos/links"
import { cueWords } from "./cue-text"
import { paragraphsOf, type TranscriptParagraph } from "./paragraphs"
import { NotWebVtt, parseWebVtt } from "./webvtt"

/** One text track of a video, read into paragraphs of plain text. */
export interface Transcript {
  language: string
  label: string
  kind: string
  paragraphs: TranscriptParagraph[]
}

export interface TranscriptContext {
  /** The video host's client: its token goes only to the host's own origin (http/client.ts getText). */
  client: HttpClient
  cache: Pick<GatsbyCache, "get" | "set">
  /** The largest track file read (the maxTextTrackBytes option). */
  maxBytes: number
  warn: (message: string) => void
  onProgress?: () => void
  /** Videos whose tracks are read again though cached: a host may change a file at the same URL. */
  readAgain?: ReadonlySet<string>
}

/** What a cache entry holds: the paragraphs of one file, as grouped at the chapters it was read with. */
interface CachedTranscript {
  paragraphs: TranscriptParagraph[]
}

const isCachedTranscript = (value: unknown): value is CachedTranscript => Array.isArray((value as CachedTranscript | null)?.paragraphs)

/**
 * A track's cache key: its URL and the chapter starts its paragraphs break
 * at. An answer that names another file or other chapters reads it again;
 * the same answer never does.
 */
function cacheKey(track: TextTrack, facts: VideoFacts): string {
  const digest = crypto
    .createHash("sha256")
    .update(JSON.stringify([track.url, facts.chapters.map((chapter) => chapter.start)]))
    .digest("hex")
  return `${CACHE_KEYS.transcript}:${digest}`
}

/** A URL as a warning names it: without its query, which may hold a signed key to the file. */
const shownUrl = (url: string) => url.replace(/[?#].*$/, "")

/** The file's paragraphs; null (told to `warn`) when it could not be read or says nothing. */
async function readTrack(
  videoPath: string,
  track: TextTrack,
  facts: VideoFacts,
  context: TranscriptContext,
): Promise<{ paragraphs: TranscriptParagraph[]; storable: boolean } | null> {
  const failed = (reason: string) => {
    context.warn(`Video ${videoPath}: its ${track.language} transcript (${track.label}) at ${shownUrl(track.url)} ${reason}; the episode shows none in ${track.language}.`)
    return null
  }
  try {
    const { text, storable } = await context.client.getText(track.url, { accept: "text/vtt", maxBytes: context.maxBytes, option: "maxTextTrackBytes" })
    const { cues, skipped } = parseWebVtt(text)
    const timed = cues.map((cue) => ({ start: cue.start, end: cue.end, ...cueWords(cue.payload) }))
    const paragraphs = paragraphsOf(
      timed,
      facts.chapters.map((chapter) => chapter.start),
    )
    if (paragraphs.length === 0) return failed(`has no cue with words${skipped > 0 ? ` (${skipped} blocks could not be read)` : ""}`)
    return { paragraphs, storable }
  } catch (error) {
    if (error instanceof NotWebVtt) return failed(`is not a WebVTT file (it ${error.message})`)
    if (error instanceof CatalogueRequestError) return failed(error.reason)
    throw error
  }
}

/**
 * The transcripts of each video that has text tracks, read at build time
 * with the video host's client (its limits, retries, allowed origins and a
 * cap of their own). A track that fails, times out, is too large or is not
 * WebVTT is left out with a warning, never failing the build, and is asked
 * again on the next build; one read is kept across builds as the video's
 * facts are (cacheKey), unless its answer or the video's said no-store, and
 * read again whenever its episode is (`readAgain`).
 */
export async function readTranscripts(
  videos: ReadonlyMap<string, VideoFacts>,
  forThisBuild: ReadonlySet<string>,
  context: TranscriptContext,
): Promise<{ transcripts: Map<string, Transcript[]>; read: number }> {
  const transcripts = new Map<string, Transcript[]>()
  let read = 0
  await Promise.all(
    [...videos].map(async ([videoPath, facts]) => {
      const found = await Promise.all(
        facts.textTracks.map(async (track): Promise<Transcript | null> => {
          const key = cacheKey(track, facts)
          const cached: unknown = context.readAgain?.has(videoPath) ? undefined : await context.cache.get(key)
          let paragraphs = isCachedTranscript(cached) ? cached.paragraphs : null
          if (!paragraphs) {
            read += 1
            const fresh = await readTrack(videoPath, track, facts, context)
            if (fresh?.storable && !forThisBuild.has(videoPath)) await context.cache.set(key, { paragraphs: fresh.paragraphs } satisfies CachedTranscript)
            paragraphs = fresh?.paragraphs ?? null
          }
          context.onProgress?.()
          return paragraphs && { language: track.language, label: track.label, kind: track.kind, paragraphs }
        }),
      )
      const kept = found.filter((transcript): transcript is Transcript => transcript !== null)
      if (kept.length > 0) transcripts.set(videoPath, kept)
    }),
  )
  return { transcripts, read }
}
