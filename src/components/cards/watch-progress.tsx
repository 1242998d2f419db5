import React from "react"
import styled from "styled-components"
import { useViewing } from "../../viewing/use-viewing"
import { isWatched, progressFraction, progressOf } from "../../viewing/viewing-store"
import type { EpisodeProgress } from "../../viewing/viewing-types"
import { VisuallyHidden } from "../../styles/layout"
import { theme } from "../../styles/theme"

const Track = styled.span`
  position: absolute;
  left: 0;
  right: 0;
  bottom: 0;
  height: 5px;
  background: rgba(255, 255, 255, 0.3);
`

const Fill = styled.span`
  display: block;
  height: 100%;
  background: ${theme.colors.accent};
`

const WatchedMark = styled.span`
  position: absolute;
  left: ${theme.space.sm};
  bottom: ${theme.space.sm};
  display: inline-flex;
  align-items: center;
  gap: 0.3rem;
  padding: 0.15rem 0.6rem;
  border-radius: ${theme.radii.pill};
  background: ${theme.colors.backgroundTranslucent};
  color: ${theme.colors.secondary};
  font-size: ${theme.fontSizes.sm};
  font-weight: 700;
`

/** A progress bar along the bottom of a picture; its words are for screen readers. */
export function ProgressBar({ progress }: { progress: EpisodeProgress }) {
  const percent = Math.round(progressFraction(progress) * 100)
  return (
    <>
      <Track aria-hidden="true">
        <Fill style={{ width: `${percent}%` }} />
      </Track>
      <VisuallyHidden>{`${percent}% watched.`}</VisuallyHidden>
    </>
  )
}

/**
 * Laid over an episode card's picture: a watched mark, or how far the visitor
 * got. Nothing for an episode never played, and nothing before hydration (the
 * page's HTML is the same for every visitor), so it never moves the card.
 */
export function WatchProgress({ episodeId }: { episodeId: string }) {
  const { state } = useViewing()
  const progress = progressOf(state, episodeId)
  if (!progress) return null
  if (isWatched(progress)) {
    return (
      <WatchedMark>
        <svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M4 12.5l5 5L20 6.5" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        Watched
      </WatchedMark>
    )
  }
  return <ProgressBar progress={progress} />
}
