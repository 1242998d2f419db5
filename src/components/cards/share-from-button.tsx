import React from "react"
import styled from "styled-components"
import { formatClock } from "../../playback/format-clock"
import { momentUrl } from "../../playback/moment"
import { usePlaybackPosition, type PlaybackControl } from "../../playback/playback-control"
import { sharePage } from "../../services/share"
import { CardIconButton } from "./card-icon-button"
import { theme } from "../../styles/theme"

// Left of the card's Share icon, growing leftwards; wide enough for any time under an hour, so the
// ticking clock never moves it.
const FromPill = styled(CardIconButton)`
  right: calc(${theme.space.sm} + 2.75rem + ${theme.space.xs});
  width: auto;
  min-width: 6.5rem;
  padding: 0 ${theme.space.md};
  border-radius: ${theme.radii.pill};
  font: inherit;
  font-size: ${theme.fontSizes.sm};
  font-weight: 700;
  font-variant-numeric: tabular-nums;
  white-space: nowrap;
`

/** Whole seconds played, once past the start (0 until then: nothing to offer). */
const secondsPlayed = (seconds: number | null) => (seconds !== null && seconds >= 1 ? Math.floor(seconds) : 0)

/**
 * Beside the playing episode's Share icon once the visitor has played past
 * the start: shares the page's address at that moment (`?t=`), as a link to a
 * moment opens it.
 */
export function ShareFromButton({ title, control }: { title: string; control: PlaybackControl }) {
  const seconds = usePlaybackPosition(control, secondsPlayed)
  if (!seconds) return null
  const at = formatClock(seconds)
  return (
    <FromPill type="button" aria-label={`Share ${title} from ${at}`} onClick={() => void sharePage(title, momentUrl(window.location.href, seconds))}>
      From {at}
    </FromPill>
  )
}
