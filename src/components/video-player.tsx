import React, { useEffect, useState } from "react"
import styled, { keyframes } from "styled-components"
import { Skeleton } from "./skeleton"

const Frame = styled.div`
  position: relative;
  width: 100%;
  aspect-ratio: 16 / 9;
  max-height: calc(100vh - ${({ theme }) => theme.layout.headerHeight});
  background: ${({ theme }) => theme.colors.player};
  iframe {
    position: absolute;
    inset: 0;
    width: 100%;
    height: 100%;
    border: 0;
  }
`

const spin = keyframes`
  to { transform: rotate(360deg); }
`

const Loading = styled.div`
  position: absolute;
  inset: 0;
  display: grid;
  place-items: center;
  > div {
    position: absolute;
    inset: 0;
    border-radius: 0;
  }
`

const Spinner = styled.span`
  position: relative;
  width: 3.5rem;
  height: 3.5rem;
  border-radius: 50%;
  border: 5px solid rgba(255, 255, 255, 0.25);
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
 * The full-width player. The iframe is added once the page is interactive so
 * its load event is always seen; until then a skeleton and a spinner hold its
 * place at the final size.
 */
export function VideoPlayer({ src, title }: { src: string | null | undefined; title: string }) {
  const [mounted, setMounted] = useState(false)
  const [loaded, setLoaded] = useState(false)
  useEffect(() => setMounted(true), [])

  if (!src) {
    return (
      <Frame>
        <Unavailable>This video cannot be played right now.</Unavailable>
      </Frame>
    )
  }
  return (
    <Frame aria-busy={!loaded}>
      {mounted && (
        <iframe
          src={src}
          title={title}
          allow="autoplay; fullscreen; picture-in-picture"
          allowFullScreen
          onLoad={() => setLoaded(true)}
        />
      )}
      {!loaded && (
        <Loading role="status" aria-label="Loading video">
          <Skeleton $width="100%" $height="100%" />
          <Spinner />
        </Loading>
      )}
    </Frame>
  )
}
