import type { ApiVideoTextTrack } from "../../../../contract/schemas"
import { resolveAgainst } from "../http/client"
import { plainText } from "../nodes/sanitize"

/** A captions or subtitles file to read: the host's entry, checked, with its URL made absolute. */
export interface TextTrack {
  /** BCP 47, as the page's `lang` attribute takes it. */
  language: string
  label: string
  kind: ApiVideoTextTrack["kind"]
  url: string
}

/** A BCP 47 tag's shape (a language and its subtags): enough to keep anything else out of a `lang` attribute. */
const LANGUAGE_TAG = /^[a-z]{2,8}(?:-[a-z\d]{1,8})*$/i

/** Longest track label kept, in characters. */
const MAX_LABEL = 80

/**
 * The tracks to read, one per language: the host's captions for it, else its
 * subtitles (captions say what is heard besides the words, as a transcript
 * should), the first listed of a kind. A track whose language is no BCP 47
 * tag or whose URL is not http(s) once resolved against VIDEO_API_URL is
 * left out, and why goes to `dropped`. A label that is empty once made
 * plain text becomes the language tag.
 */
export function textTracksOf(entries: readonly ApiVideoTextTrack[], videoApiUrl: string, dropped: string[]): TextTrack[] {
  const byLanguage = new Map<string, TextTrack>()
  for (const entry of entries) {
    const url = resolveAgainst(videoApiUrl, entry.url.trim())
    if (!LANGUAGE_TAG.test(entry.language) || entry.language.length > 35) {
      dropped.push(`the text track ${JSON.stringify(plainText(entry.label, MAX_LABEL))}, whose language ${JSON.stringify(entry.language)} is no BCP 47 tag`)
    } else if (!/^https?:\/\//i.test(url) || !URL.canParse(url)) {
      dropped.push(`the ${entry.language} text track, whose URL is not http or https`)
    } else {
      const key = entry.language.toLowerCase()
      const known = byLanguage.get(key)
      if (!known || (known.kind !== "captions" && entry.kind === "captions")) {
        byLanguage.set(key, { language: entry.language, label: plainText(entry.label, MAX_LABEL) || entry.language, kind: entry.kind, url: new URL(url).href })
      }
    }
  }
  return [...byLanguage.values()]
}
