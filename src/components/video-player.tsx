import React, { useEffect, useRef, useState, type ReactNode } from "react"
import styled, { keyframes } from "styled-components"
import { forgetAutoplay } from "../playback/autoplay-state"
import type { EpisodeSnapshot } from "../playback/progress-recorder"
import { useHostPlayer } from "../playback/use-host-player"
import { CatalogueImage } from "./catalogue-image"
import { PlayIcon } from "./play-icon"
import { ResumeChoices } from "./resume-choices"

const Frame = styled.div`
  position: relative;
  width: 100%;
  aspect-ratio: 16 / 9;
  max-height: calc(100vh - ${({ theme }) => theme.layout.headerHeight});
  overflow: hidden;
  background: ${({ theme }) => theme.colors.player};
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
  background: ${({ theme }) => theme.colors.posterScrim};
  color: ${({ theme }) => theme.colors.accentText};
  &:focus-visible {
    outline-offset: -6px;
  }
  span {
    display: grid;
    place-items: center;
    width: 5rem;
    height: 5rem;
    border-radius: 50%;
    background: ${({ theme }) => theme.colors.accent};
    box-shadow: ${({ theme }) => theme.shadows.card};
    transition: transform 0.2s, background-color 0.2s;
  }
  &:hover span,
  &:focus-visible span {
    transform: scale(1.08);
    background: ${({ theme }) => theme.colors.accentHover};
  }
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
  border: 5px solid ${({ theme }) => theme.colors.spinnerTrack};
  border-top-color: ${({ theme }) => theme.colors.accent};
  animation: ${spin} 0.9s linear infinite;
`

const Unavailable = styled.p`
  position: absolute;
  inset: 0;
  display: grid;
  place-items: center;
  margin: 0;
  padding: ${({ theme }) => theme.space.md};
  text-align: center;
  color: ${({ theme }) => theme.colors.mutedText};
`

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
  /** The episode, for remembering its position; null: play without memory. */
  episode?: EpisodeSnapshot | null
  /** Start at once: the visitor asked for this episode from Up next. */
  autoStart?: boolean
  /** The visitor asked for the video (or Up next did). */
  onStart?: () => void
  onEnded?: () => void
  /** Laid over the player once it has something to say (Up next). */
  children?: ReactNode
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
export function VideoPlayer({ src, title, poster, resumeAt = null, episode = null, autoStart = false, onStart, onEnded, children }: VideoPlayerProps) {
  const [startAt, setStartAtState] = useState<number | null>(null)
  const setStartAt = (seconds: number) => {
    setStartAtState(seconds)
    onStart?.()
  }
  const [loaded, setLoaded] = useState(false)
  const player = useRef<HTMLIFrameElement>(null)
  const playing = startAt !== null
  useEffect(() => {
    if (playing) player.current?.focus()
  }, [playing])
  useEffect(() => {
    if (!autoStart || !src) return
    setStartAt(resumeAt ?? 0)
    forgetAutoplay()
    // Once, on arrival: a later change of the remembered position must not restart the video.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  useHostPlayer(player, playing, { episode, startAt: startAt ?? 0, onEnded })

  if (!src) {
    return (
      <Frame>
        <Unavailable>This video cannot be played right now.</Unavailable>
      </Frame>
    )
  }
  const iframeProps = { title, allow: "autoplay; fullscreen; picture-in-picture", allowFullScreen: true }
  return (
    <Frame aria-busy={playing && !loaded}>
      <CatalogueImage image={poster} alt="" fill priority />
      {playing ? (
        <iframe ref={player} src={autoplayUrl(src, startAt)} onLoad={() => setLoaded(true)} {...iframeProps} />
      ) : (
        <>
          {resumeAt === null ? (
            <PlayLink
              href={autoplayUrl(src)}
              aria-label={`Play ${title}`}
              onClick={(event) => {
                // A new tab or window asked for with a modifier or the middle button is the browser's to open.
                if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
                event.preventDefault()
                setStartAt(0)
              }}
              onKeyDown={(event) => {
                // Space as well as Enter: it is drawn as a play button, and Space on a link would scroll the page.
                if (event.key !== " ") return
                event.preventDefault()
                setStartAt(0)
              }}
            >
              <span>
                <PlayIcon />
              </span>
            </PlayLink>
          ) : (
            <ResumeChoices resumeAt={resumeAt} onStart={setStartAt} />
          )}
          <noscript>
            <iframe src={src} {...iframeProps} />
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
