import React, { useEffect, useRef, useState, type MouseEvent, type ReactNode } from "react"
import styled, { keyframes } from "styled-components"
import { forgetAutoplay } from "../../playback/autoplay-state"
import { formatClock } from "../../playback/format-clock"
import type { PlaybackControl } from "../../playback/playback-control"
import type { EpisodeSnapshot } from "../../playback/progress-recorder"
import { useHostPlayer } from "../../playback/use-host-player"
import { PLAY_LINK_LENGTH_ATTRIBUTE } from "../../../contract/moment-form"
import { CatalogueImage } from "../images/catalogue-image"
import { PlayIcon } from "../images/play-icon"
import { ResumeChoices } from "./resume-choices"
import { theme } from "../../styles/theme"

const Frame = styled.div`
  position: relative;
  width: 100%;
  aspect-ratio: 16 / 9;
  max-height: calc(100vh - ${theme.layout.headerHeight});
  overflow: hidden;
  background: ${theme.colors.player};
  iframe {
    position: absolute;
    /* Over the play link: without JavaScript the player is in the box from the start, to play in the page. */
    z-index: 2;
    inset: 0;
    width: 100%;
    height: 100%;
    border: 0;
  }
`

// A link to the host's player, not a button: a tap before the page's JavaScript has taken over (seconds
// on a slow phone) still plays the episode, on the host's page; after, a plain click plays it here.
const PlayLink = styled.a`
  position: absolute;
  inset: 0;
  z-index: 1;
  display: grid;
  place-items: center;
  width: 100%;
  border: 0;
  padding: 0;
  background: ${theme.colors.posterScrim};
  color: ${theme.colors.accentText};
  &:focus-visible {
    outline-offset: -6px;
  }
  span {
    display: grid;
    place-items: center;
    width: 5rem;
    height: 5rem;
    border-radius: 50%;
    background: ${theme.colors.accent};
    box-shadow: ${theme.shadows.card};
    transition: transform 0.2s, background-color 0.2s;
  }
  &:hover span,
  &:focus-visible span {
    transform: scale(1.08);
    background: ${theme.colors.accentHover};
  }
`

// Under the play button, out of its way: the button stays where it was when the page's moment arrives.
const StartsAt = styled.small`
  position: absolute;
  top: calc(50% + 3.25rem);
  left: 50%;
  transform: translateX(-50%);
  padding: 0.2rem 0.8rem;
  border-radius: ${theme.radii.pill};
  background: ${theme.colors.backgroundTranslucentSoft};
  color: ${theme.colors.text};
  font-size: ${theme.fontSizes.md};
  font-weight: 700;
  white-space: nowrap;
`

const spin = keyframes`
  to { transform: rotate(360deg); }
`

const Loading = styled.div`
  position: absolute;
  inset: 0;
  z-index: 1;
  display: grid;
  place-items: center;
  pointer-events: none;
`

const Spinner = styled.span`
  width: 3.5rem;
  height: 3.5rem;
  border-radius: 50%;
  border: 5px solid ${theme.colors.spinnerTrack};
  border-top-color: ${theme.colors.accent};
  animation: ${spin} 0.9s linear infinite;
`

const Unavailable = styled.p`
  position: absolute;
  inset: 0;
  display: grid;
  place-items: center;
  margin: 0;
  padding: ${theme.space.md};
  text-align: center;
  color: ${theme.colors.mutedText};
`

/** A click the browser should handle itself: a new tab or window asked for with a modifier or another button. */
export const opensElsewhere = (event: MouseEvent) => event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey

/**
 * The player link with the host's autoplay switch on (the visitor has just
 * pressed play) and, past 0, the host's start-time fragment (`#t=754s`, as
 * Vimeo's embeds take it), so a resumed video starts where it stopped.
 */
export function autoplayUrl(src: string, startAt = 0): string {
  try {
    const url = new URL(src)
    url.searchParams.set("autoplay", "1")
    if (startAt >= 1) url.hash = `t=${Math.floor(startAt)}s`
    return url.href
  } catch {
    return src
  }
}

export interface VideoPlayerProps {
  src: string | null | undefined
  title: string
  poster: Queries.PosterImageFragment | null | undefined
  /** Where the visitor stopped last time, in seconds; null: nothing to resume. */
  resumeAt?: number | null
  /** The moment the page's address asks for (`?t=`), in seconds; it wins over Resume. */
  linkedStart?: number | null
  /** The video's length in seconds, if known: the page's head script moves the play link to `?t=` only within it. */
  durationSeconds?: number | null
  /** The episode, for remembering its position; null: play without memory. */
  episode?: EpisodeSnapshot | null
  /** The page's other ways in (chapters, transcript) and what they hear of the position. */
  control?: PlaybackControl | null
  /** Start at once: the visitor asked for this episode from Up next. */
  autoStart?: boolean
  /** The visitor asked for the video (or Up next did). */
  onStart?: () => void
  onEnded?: () => void
  /** Laid over the player once it has something to say (Up next). */
  children?: ReactNode
}

interface PlayFacadeProps {
  src: string
  title: string
  startAt: number | null
  durationSeconds: number | null
  onStart(seconds: number): void
}

/** The play link over the episode's picture; with a moment to start at, it says so and its address carries it. */
function PlayFacade({ src, title, startAt, durationSeconds, onStart }: PlayFacadeProps) {
  const at = startAt === null ? null : formatClock(startAt)
  // The server's HTML is the same for every query: the head script finds the link by this mark and moves it to `?t=`.
  const mark = { [PLAY_LINK_LENGTH_ATTRIBUTE]: durationSeconds ?? "" }
  return (
    <PlayLink
      {...mark}
      href={autoplayUrl(src, startAt ?? 0)}
      aria-label={at ? `Play ${title}, starts at ${at}` : `Play ${title}`}
      onClick={(event) => {
        if (opensElsewhere(event)) return
        event.preventDefault()
        onStart(startAt ?? 0)
      }}
      onKeyDown={(event) => {
        // Space as well as Enter: it is drawn as a play button, and Space on a link would scroll the page.
        if (event.key !== " ") return
        event.preventDefault()
        onStart(startAt ?? 0)
      }}
    >
      <span>
        <PlayIcon />
      </span>
      {at && <StartsAt>Starts at {at}</StartsAt>}
    </PlayLink>
  )
}

/**
 * The player's side of the page's control: plays from a moment (opens the
 * player there, or seeks the open one, or where the host's SDK would not
 * seek, starts it again there) and says where it is.
 */
function usePlayerControl(control: PlaybackControl | null, playFrom: (seconds: number) => void) {
  const latest = useRef(playFrom)
  useEffect(() => {
    latest.current = playFrom
  })
  useEffect(() => {
    if (!control) return
    control.attach((seconds) => latest.current(seconds))
    return () => {
      control.attach(null)
      control.report(null)
    }
  }, [control])
}

/**
 * The full-width player as a facade: the episode's picture and a play link
 * (or Resume and Play from start, for a visitor who stopped part-way) until
 * the visitor asks for the video, so a page that is only read loads nothing
 * of the video host. Pressing play puts the host's player in the same 16:9
 * box, autoplaying, and moves focus into it; a spinner shows until it has
 * loaded. Only then does the host's SDK load, to remember the position.
 * Without JavaScript the player itself is in the box.
 */
export function VideoPlayer(props: VideoPlayerProps) {
  const { src, title, poster, resumeAt = null, linkedStart = null, durationSeconds = null, episode = null, control = null, autoStart = false, onStart, onEnded, children } = props
  const [startAt, setStartAtState] = useState<number | null>(null)
  // A new iframe for each restart where the player could not seek.
  const [take, setTake] = useState(0)
  const setStartAt = (seconds: number) => {
    setStartAtState(seconds)
    onStart?.()
  }
  const [loaded, setLoaded] = useState(false)
  const frame = useRef<HTMLDivElement>(null)
  const player = useRef<HTMLIFrameElement>(null)
  const playing = startAt !== null
  useEffect(() => {
    if (playing) player.current?.focus()
  }, [playing])
  useEffect(() => {
    if (!autoStart || !src) return
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the video starts only in the browser: the built page shows its picture
    setStartAt(resumeAt ?? 0)
    forgetAutoplay()
    // Once, on arrival: a later change of the remembered position must not restart the video.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on arrival
  }, [])
  const seek = useHostPlayer(player, playing, { episode, startAt: startAt ?? 0, onEnded, onTime: (seconds) => control?.report(seconds) })
  usePlayerControl(control, (seconds) => {
    if (!src) return
    if (!playing) return setStartAt(seconds)
    frame.current?.scrollIntoView({ block: "nearest" })
    if (seek(seconds)) return
    setStartAtState(seconds)
    setTake((count) => count + 1)
  })

  if (!src) {
    return (
      <Frame>
        <Unavailable>This video cannot be played right now.</Unavailable>
      </Frame>
    )
  }
  const iframeProps = { allow: "autoplay; fullscreen; picture-in-picture", allowFullScreen: true }
  return (
    <Frame ref={frame} aria-busy={playing && !loaded}>
      <CatalogueImage image={poster} alt="" fill priority />
      {playing ? (
        <iframe key={take} ref={player} src={autoplayUrl(src, startAt)} onLoad={() => setLoaded(true)} title={title} {...iframeProps} />
      ) : (
        <>
          {resumeAt === null || linkedStart !== null ? (
            <PlayFacade src={src} title={title} startAt={linkedStart} durationSeconds={durationSeconds} onStart={setStartAt} />
          ) : (
            <ResumeChoices resumeAt={resumeAt} onStart={setStartAt} />
          )}
          <noscript>
            <iframe src={src} title={title} {...iframeProps} />
          </noscript>
        </>
      )}
      {playing && !loaded && (
        <Loading role="status" aria-label="Loading video">
          <Spinner />
        </Loading>
      )}
      {children}
    </Frame>
  )
}
