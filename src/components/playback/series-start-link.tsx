import React from "react"
import { routes } from "../../routes"
import { ButtonLink } from "../../styles/layout"
import { useViewing } from "../../viewing/use-viewing"
import { seriesStart, seriesStartLabel } from "../../viewing/series-start"
import { PlayIcon } from "../images/play-icon"

/**
 * The series hero's way in: "Start episode 1" in the built page (a first
 * visit, and without JavaScript), "Resume episode 3" or "Start episode 4" once
 * the visitor's own memory is read. A plain link, so it works before hydration.
 */
export function SeriesStartLink({ episodes }: { episodes: readonly { _id: string; episode: number | null }[] }) {
  const { state } = useViewing()
  const start = seriesStart(state.history, episodes)
  if (!start) return null
  return (
    <p>
      <ButtonLink to={routes.episode(start.episodeId)}>
        <PlayIcon size={20} />
        {seriesStartLabel(start)}
      </ButtonLink>
    </p>
  )
}
