import React, { Suspense, useMemo, useState } from "react"
import { nextEpisodeOf } from "../../playback/next-episode"
import type { PlaybackControl } from "../../playback/playback-control"
import type { EpisodeSnapshot } from "../../playback/progress-recorder"
import { storedImageOf } from "../images/stored-image"
import { routes } from "../../routes"
import { useViewing } from "../../viewing/use-viewing"
import { inProgress } from "../../viewing/viewing-store"
import type { UpNextCardProps } from "./up-next-card"
import { VideoPlayer } from "./video-player"
import { lazyOptional } from "../layout/lazy-optional"
import { episodeLabel } from "../../episode-label"
import { useLinkedMoment } from "../../playback/use-linked-moment"

// Up next's code arrives with the video (it is asked for on play), not with the page; if that
// download failed (offline), the card is simply not shown.
const loadUpNext = () => import("./up-next-card").then((module) => module.UpNextCard)
const UpNextCard = lazyOptional<UpNextCardProps>(loadUpNext)

export interface EpisodePlaybackProps {
  episode: Queries.EpisodeScreenFragment
  series: { _id: string; title: string | null } | null
  /** The series' episodes, ascending by episode number. */
  seriesEpisodes: readonly Queries.EpisodeCardFragment[]
  /** The visitor came from Up next: play at once. */
  autoStart: boolean
  /** The page address's query (`location.search`): `?t=` starts the player at a moment. */
  search: string
  /** Chapters, transcript and share: their hold on the player. */
  control: PlaybackControl
}

/**
 * The episode's player with the visitor's memory: Resume where they stopped,
 * the position saved as it plays, and Up next when it ends (none after the
 * series' last episode). Keyed by episode, so each episode starts afresh.
 */
export function EpisodePlayback({ episode, series, seriesEpisodes, autoStart, search, control }: EpisodePlaybackProps) {
  const { state } = useViewing()
  const linkedStart = useLinkedMoment(search, episode.videoDurationSeconds)
  const [ended, setEnded] = useState(false)
  const listed = seriesEpisodes.find((item) => item._id === episode._id)
  const next = nextEpisodeOf(seriesEpisodes, episode._id)
  const resumeAt = inProgress(state).find((progress) => progress.episodeId === episode._id)?.seconds ?? null
  const snapshot = useMemo<EpisodeSnapshot>(
    () => ({
      episodeId: episode._id,
      seriesId: series?._id ?? null,
      seriesTitle: series?.title ?? null,
      episodeTitle: episode.title,
      episodeNumber: listed?.episode ?? null,
      image: storedImageOf(listed?.images[0] ?? null),
    }),
    [episode, series, listed],
  )
  return (
    <VideoPlayer
      src={episode.playerEmbedUrl}
      title={episode.title ?? "this episode"}
      poster={episode.images[0]}
      resumeAt={resumeAt}
      linkedStart={linkedStart}
      durationSeconds={episode.videoDurationSeconds}
      episode={snapshot}
      control={control}
      autoStart={autoStart}
      onStart={() => void loadUpNext().catch(() => undefined)}
      onEnded={() => setEnded(true)}
    >
      {ended && next && (
        <Suspense fallback={null}>
          <UpNextCard to={routes.episode(next._id)} label={episodeLabel(next.episode)} title={next.title} onCancel={() => setEnded(false)} />
        </Suspense>
      )}
    </VideoPlayer>
  )
}
