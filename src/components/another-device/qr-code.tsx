import React, { useMemo } from "react"
import styled from "styled-components"
import { encode } from "uqr"
import { theme } from "../../styles/theme"

/** The light margin a reader needs around a QR code: 4 modules (ISO/IEC 18004). */
const QUIET_ZONE = 4
/** About this wide: each module a whole number of CSS pixels (sharp on any screen), at least 2. */
const TARGET_PX = 320
const MIN_MODULE_PX = 2
/** Version 30: LINK_LIMIT (take-link-format.ts) is chosen to fit it at level L. */
const MAX_VERSION = 30

// Dark on light whatever the theme or a forced-colours mode: cameras read a QR code that way round.
const Picture = styled.svg`
  display: block;
  max-width: 100%;
  height: auto;
  margin: ${theme.space.md} auto;
  forced-color-adjust: none;
`

/** One SVG path for the dark modules: a run of dark modules in a row is one rectangle. */
function pathOf(modules: boolean[][]): string {
  let path = ""
  modules.forEach((row, y) => {
    for (let x = 0; x < row.length; x++) {
      if (!row[x]) continue
      const start = x
      while (row[x + 1]) x++
      path += `M${start + QUIET_ZONE} ${y + QUIET_ZONE}h${x - start + 1}v1h-${x - start + 1}z`
    }
  })
  return path
}

/**
 * `text` as a QR code drawn in the page (SVG), at error correction level L,
 * raised where the same size allows more (a screen is not smudged: density
 * matters more). `label` is its text alternative.
 */
export function QrCode({ text, label }: { text: string; label: string }) {
  const code = useMemo(() => {
    try {
      return encode(text, { ecc: "L", boostEcc: true, border: 0, maxVersion: MAX_VERSION })
    } catch {
      // Longer than any link the site makes: the link stays to copy, without its picture.
      return null
    }
  }, [text])
  if (!code) return null
  const size = code.size + 2 * QUIET_ZONE
  const pixels = size * Math.max(MIN_MODULE_PX, Math.floor(TARGET_PX / size))
  return (
    <Picture role="img" aria-label={label} viewBox={`0 0 ${size} ${size}`} width={pixels} height={pixels} shapeRendering="crispEdges">
      <rect width={size} height={size} fill="#fff" />
      <path d={pathOf(code.data)} fill="#000" />
    </Picture>
  )
}
