import type { ApiVideo } from "../../../../contract/schemas"
import type { FoundVideo } from "../find-video"
import { videoDuration } from "../sample-video"
import { sampleChapters } from "./chapters"
import { programmeKind } from "./lines"
import { sampleTextTracks, trackFileName, trackLanguages } from "./tracks"
import { captionsFile } from "./webvtt"

/** What a video's captions are written from: its episode's title, its length, its category's kind and its chapters. */
function captionedVideo(found: FoundVideo) {
  const { episode } = found
  const duration = videoDuration(episode.video_id)
  const kind = programmeKind(found.library.categoryTitleOfVideo(episode.path))
  return { title: episode.title ?? "Untitled video", videoId: episode.video_id, duration, kind, chapters: sampleChapters(episode.video_id, duration, kind) }
}

/**
 * The `chapters` and `text_tracks` of a video's answer, for the videos that
 * have them (captions/tracks.ts trackLanguages); nothing for the others,
 * whose answers leave both out as a host without them does.
 */
export function sampleVideoExtras(found: FoundVideo): Pick<ApiVideo, "chapters" | "text_tracks"> {
  if (trackLanguages(found.episode.video_id).length === 0) return {}
  return { chapters: captionedVideo(found).chapters, text_tracks: sampleTextTracks(found.episode.path, found.episode.video_id) }
}

/** The WebVTT file `fileName` (`en.vtt`) of a video; undefined when it has no such track. */
export function sampleCaptionsFile(found: FoundVideo, fileName: string): string | undefined {
  const language = trackLanguages(found.episode.video_id).find((candidate) => trackFileName(candidate) === fileName)
  return language && captionsFile(captionedVideo(found), language)
}
