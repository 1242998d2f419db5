/** A transcript as the page query gives it: one captions or subtitles track, as paragraphs of plain text. */
export interface EpisodeTranscriptText {
  /** BCP 47. */
  readonly language: string
  readonly label: string
  readonly paragraphs: readonly { readonly start: number; readonly text: string }[]
}

/** A language tag's language alone, lower case: `en-GB` → `en`. */
const primary = (tag: string) => tag.split("-")[0]!.toLowerCase()

/**
 * The transcripts with the page's language first (its exact tag, else the
 * same language in another region, else none), the others in the host's
 * order. The first is the one the page shows open and search engines read.
 */
export function orderTranscripts<T extends { readonly language: string }>(transcripts: readonly T[], pageLanguage: string): T[] {
  const rank = (transcript: T) => (transcript.language.toLowerCase() === pageLanguage.toLowerCase() ? 0 : primary(transcript.language) === primary(pageLanguage) ? 1 : 2)
  // Array.prototype.sort is stable: equal ranks keep the host's order.
  return [...transcripts].sort((a, b) => rank(a) - rank(b))
}

/** A transcript as one text, a paragraph a line: VideoObject's `transcript`. Null when it has no words. */
export function transcriptText(transcript: { readonly paragraphs: readonly { readonly text: string }[] } | undefined): string | null {
  const text = (transcript?.paragraphs ?? [])
    .map((paragraph) => paragraph.text.trim())
    .filter(Boolean)
    .join("\n")
  return text || null
}
