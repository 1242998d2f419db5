import React, { useEffect, useRef, useState } from "react"
import styled from "styled-components"
import { AUTOPLAY_STATE } from "../../playback/autoplay-state"
import { usePrefersReducedMotion } from "../../hooks/use-prefers-reduced-motion"
import { Button, ButtonLink, VisuallyHidden, clampLines } from "../../styles/layout"
import { theme } from "../../styles/theme"

/** Seconds Up next counts down before it opens the next episode by itself. */
export const UP_NEXT_COUNTDOWN_S = 10

const Panel = styled.section`
  position: absolute;
  inset: 0;
  z-index: 3;
  display: flex;
  flex-direction: column;
  justify-content: center;
  gap: ${theme.space.xs};
  padding: ${theme.space.md} ${theme.space.lg};
  background: rgba(8, 8, 12, 0.88);
`

const Eyebrow = styled.p`
  margin: 0;
  color: ${theme.colors.accent};
  font-size: ${theme.fontSizes.sm};
  font-weight: 700;
  letter-spacing: 0.06em;
  text-transform: uppercase;
`

const NextTitle = styled.p`
  margin: 0;
  max-width: 40rem;
  font-size: ${theme.fontSizes.lg};
  font-weight: 700;
  ${clampLines(2)}
`

const Countdown = styled.p`
  margin: 0;
  color: ${theme.colors.mutedText};
`

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space.sm};
  margin-top: ${theme.space.xs};
`

export interface UpNextCardProps {
  /** The next episode's page. */
  to: string
  /** "Episode 3", when it has a number. */
  label: string | null
  title: string | null
  /** The visitor closed the card: the page stays as it is. */
  onCancel(): void
}

/**
 * Shown over the player when an episode ends: the series' next episode, which
 * opens by itself after a countdown unless the visitor cancels. For a visitor
 * who asked for less motion it does not count: it waits to be chosen. Focus
 * moves to Play now, Escape cancels, and a screen reader hears it once.
 */
export function UpNextCard({ to, label, title, onCancel }: UpNextCardProps) {
  const reducedMotion = usePrefersReducedMotion()
  const [left, setLeft] = useState(UP_NEXT_COUNTDOWN_S)
  // Play now is a Gatsby Link, whose ref typings name the Link class: reach the anchor through its box.
  const actions = useRef<HTMLDivElement>(null)
  const playNow = () => actions.current?.querySelector("a")
  const name = [label, title].filter(Boolean).join(": ")

  useEffect(() => playNow()?.focus(), [])
  useEffect(() => {
    if (reducedMotion) return
    if (left <= 0) {
      // The link's own click: Gatsby's Link then navigates in-page, with the autoplay state.
      playNow()?.click()
      return
    }
    const tick = window.setTimeout(() => setLeft(left - 1), 1000)
    return () => window.clearTimeout(tick)
  }, [left, reducedMotion])

  return (
    <Panel
      aria-labelledby="up-next-heading"
      onKeyDown={(event) => {
        if (event.key === "Escape") onCancel()
      }}
    >
      <Eyebrow id="up-next-heading">Up next</Eyebrow>
      <NextTitle>{name}</NextTitle>
      {!reducedMotion && <Countdown aria-hidden="true">Starts in {left} s</Countdown>}
      <VisuallyHidden role="status">{reducedMotion ? `Up next: ${name}.` : `Up next: ${name}. It starts in ${UP_NEXT_COUNTDOWN_S} seconds.`}</VisuallyHidden>
      <Actions ref={actions}>
        <ButtonLink to={to} state={AUTOPLAY_STATE}>
          Play now
        </ButtonLink>
        <Button type="button" $variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </Actions>
    </Panel>
  )
}
