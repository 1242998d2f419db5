import React from "react"
import styled from "styled-components"
import { formatClock } from "../../playback/format-clock"
import { chapterAt } from "../../playback/moment"
import { usePlaybackPosition, type PlaybackControl } from "../../playback/playback-control"
import { bareList } from "../../styles/layout"
import { MomentLink } from "./moment-link"
import { theme } from "../../styles/theme"

const Chapters = styled.section`
  max-width: 48rem;
  margin: ${theme.space.lg} 0;
`

const ChapterTitle = styled.h2`
  margin: 0 0 ${theme.space.sm};
  font-size: ${theme.fontSizes.lg};
`

const ChapterItems = styled.ol`
  ${bareList}
  display: grid;
  gap: ${theme.space.xs};
`

// The current chapter changes its colours and shows its bar, never its size: marking it moves nothing.
const ChapterMoment = styled(MomentLink)`
  display: grid;
  grid-template-columns: 4.5rem 1fr;
  gap: ${theme.space.sm};
  align-items: baseline;
  min-height: 2.75rem;
  padding: ${theme.space.sm} ${theme.space.md};
  border-left: 4px solid transparent;
  border-radius: 4px;
  background: ${theme.colors.surface};
  color: ${theme.colors.text};
  text-decoration: none;
  &:hover {
    background: ${theme.colors.surfaceRaised};
  }
  & > :first-child {
    color: ${theme.colors.accent};
    font-weight: 700;
    font-variant-numeric: tabular-nums;
  }
  &[aria-current="true"] {
    border-left-color: ${theme.colors.accent};
    background: ${theme.colors.surfaceRaised};
  }
  @media (forced-colors: active) {
    &[aria-current="true"] {
      forced-color-adjust: none;
      border-left-color: Highlight;
    }
  }
`

/** A chapter as the page query gives it: whole seconds, the end where the next begins. */
export interface EpisodeChapter {
  readonly start: number
  readonly end: number
  readonly title: string
}

export interface ChapterListProps {
  chapters: readonly EpisodeChapter[]
  src: string | null | undefined
  control: PlaybackControl
}

/**
 * The video host's chapters, each a link to its moment (MomentLink), the one
 * playing marked (`aria-current` and its bar) while the player is open.
 * Nothing when the host gave none.
 */
export function ChapterList({ chapters, src, control }: ChapterListProps) {
  const current = usePlaybackPosition(control, (seconds) => chapterAt(chapters, seconds))
  if (chapters.length === 0) return null
  return (
    <Chapters aria-labelledby="chapters">
      <ChapterTitle id="chapters">Chapters</ChapterTitle>
      <ChapterItems>
        {chapters.map((chapter, index) => (
          <li key={chapter.start}>
            <ChapterMoment src={src} seconds={chapter.start} control={control} aria-current={index === current ? "true" : undefined}>
              <span>{formatClock(chapter.start)}</span> <span>{chapter.title}</span>
            </ChapterMoment>
          </li>
        ))}
      </ChapterItems>
    </Chapters>
  )
}
