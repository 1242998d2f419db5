import React, { useEffect, useRef, useState } from "react"
import styled, { keyframes } from "styled-components"
import { CatalogueImage } from "./catalogue-image"

const Frame = styled.div`
  position: relative;
  width: 100%;
  aspect-ratio: 16 / 9;
  max-height: calc(100vh - ${({ theme }) => theme.layout.headerHeight});
  overflow: hidden;
  background: ${({ theme }) => theme.colors.player};
  iframe {
    position: absolute;
    /* Over the play button: without JavaScript the button does nothing and the player is in the box from the start. */
    z-index: 2;
    inset: 0;
    width: 100%;
    height: 100%;
    border: 0;
  }
`

const PlayButton = styled.button`
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
  cursor: pointer;
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

/** The player link with the host's autoplay switch on: the visitor has just pressed play. */
export function autoplayUrl(src: string): string {
  try {
    const url = new URL(src)
    url.searchParams.set("autoplay", "1")
    return url.href
  } catch {
    return src
  }
}

const PlayIcon = () => (
  <svg width="32" height="32" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <path d="M8 5.5v13l11-6.5z" fill="currentColor" />
  </svg>
)

export interface VideoPlayerProps {
  src: string | null | undefined
  title: string
  poster: Queries.PosterImageFragment | null | undefined
}

/**
 * The full-width player as a facade: the episode's picture and a play button
 * until the visitor asks for the video, so a page that is only read loads
 * nothing of the video host. Pressing play puts the host's player in the same
 * 16:9 box, autoplaying, and moves focus into it; a spinner shows until it
 * has loaded. Without JavaScript the player itself is in the box.
 */
export function VideoPlayer({ src, title, poster }: VideoPlayerProps) {
  const [playing, setPlaying] = useState(false)
  const [loaded, setLoaded] = useState(false)
  const player = useRef<HTMLIFrameElement>(null)
  useEffect(() => {
    if (playing) player.current?.focus()
  }, [playing])

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
        <iframe ref={player} src={autoplayUrl(src)} onLoad={() => setLoaded(true)} {...iframeProps} />
      ) : (
        <>
          <PlayButton type="button" aria-label={`Play ${title}`} onClick={() => setPlaying(true)}>
            <span>
              <PlayIcon />
            </span>
          </PlayButton>
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
    </Frame>
  )
}
