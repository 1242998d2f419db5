import type { Transcript } from "../transcripts/tracks"
import type { VideoFacts } from "./links"

/** All an episode's node takes from the video host: the lookup's facts and the transcripts read from its tracks. */
export type EpisodeVideo = VideoFacts & { transcripts: Transcript[] }
