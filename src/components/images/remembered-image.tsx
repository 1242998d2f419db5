import React, { useState, type ReactNode } from "react"
import styled from "styled-components"
import type { StoredImage } from "../../viewing/viewing-types"
import { theme } from "../../styles/theme"

/** The card picture's 1.6 box, whatever the remembered file turns out to be: cards of one row keep one height. */
const Box = styled.div`
  position: relative;
  aspect-ratio: 1.6;
  overflow: hidden;
  background: ${theme.colors.surfaceRaised};
  img {
    position: absolute;
    inset: 0;
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`

/**
 * A card picture remembered in the visitor's storage (Continue watching, My
 * list): the file saved when the card was, in the card's box. If that file
 * has gone (a later release changed the picture), the box stays, empty.
 */
export function RememberedImage({ image, children }: { image: StoredImage | null; children?: ReactNode }) {
  const [broken, setBroken] = useState(false)
  return (
    <Box>
      {image && !broken && <img src={image.src} width={image.width} height={image.height} alt="" loading="lazy" decoding="async" onError={() => setBroken(true)} />}
      {children}
    </Box>
  )
}
