import type { ApiVideoTextTrack } from "../../../../contract/schemas"

/** The sample text tracks there are: English captions, and Spanish subtitles for some videos. */
export const SAMPLE_TRACKS = {
  en: { language: "en", label: "English (CC)", kind: "captions" },
  es: { language: "es", label: "Español", kind: "subtitles" },
} as const satisfies Record<string, Omit<ApiVideoTextTrack, "url">>

export type TrackLanguage = keyof typeof SAMPLE_TRACKS

/**
 * Which videos have chapters and captions: a third of them, by video id
 * (in the sample catalogue, whose video ids are 760 000 000 + the episode's
 * id, the episodes whose id is a multiple of 3: 1002, 1005, …); and of
 * those, the even ids have Spanish subtitles too (1002, 1008, …). Drawn from
 * the id so every server and every lookup agree.
 */
export function trackLanguages(videoId: number): TrackLanguage[] {
  if (videoId % 3 !== 1) return []
  return videoId % 2 === 0 ? ["en", "es"] : ["en"]
}

/** A track file's name below its video: `en.vtt`. */
export const trackFileName = (language: TrackLanguage) => `${language}.vtt`

/** Where a video's track is, relative to the video host's base URL (VIDEO_API_URL), as catalogue-api.md allows. */
export const trackPath = (path: string, language: TrackLanguage) => `/videos/${encodeURIComponent(path)}/texttracks/${trackFileName(language)}`

/** The `text_tracks` of a video's answer. */
export function sampleTextTracks(path: string, videoId: number): ApiVideoTextTrack[] {
  return trackLanguages(videoId).map((language) => ({ ...SAMPLE_TRACKS[language], url: trackPath(path, language) }))
}
