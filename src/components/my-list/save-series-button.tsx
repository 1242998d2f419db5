import React from "react"
import styled from "styled-components"
import { storedImageOf } from "../images/stored-image"
import type { StoredImage } from "../../viewing/viewing-types"
import { PAGE_COLUMN } from "../../styles/boxes"
import { Button } from "../../styles/layout"
import { media, theme } from "../../styles/theme"
import { useViewing } from "../../viewing/use-viewing"
import { isSaved, saveSeries, unsaveSeries } from "../../viewing/viewing-store"
import { CardIconButton } from "../cards/card-icon-button"
import { BookmarkIcon } from "../images/bookmark-icon"

// At the right edge of the page column (layout.ts Container), as the hero's title is at its left.
const HeroPill = styled(Button)`
  position: absolute;
  z-index: 2;
  top: ${theme.space.md};
  right: ${theme.space[PAGE_COLUMN.padding.phone]};
  ${media.md} {
    top: ${theme.space.lg};
    right: max(
      ${theme.space[PAGE_COLUMN.padding.wide]},
      calc((100% - ${theme.layout.maxWidth}) / 2 + ${theme.space[PAGE_COLUMN.padding.wide]})
    );
  }
  background: ${theme.colors.backgroundTranslucentSoft};
  &[aria-pressed="true"] {
    background: ${theme.colors.accent};
    color: ${theme.colors.accentText};
  }
`

const SavedIconButton = styled(CardIconButton)`
  &[aria-pressed="true"] {
    color: ${theme.colors.accent};
  }
  &[aria-pressed="true"]:hover {
    color: ${theme.colors.accentText};
  }
`

/** A series as My list keeps it: its id, title and the picture its card there shows. */
export interface SaveableSeries {
  id: string
  title: string | null
  image: StoredImage | null
}

/** A series from the build's data, as Save keeps it. */
export const saveableSeries = (series: { _id: string; title: string | null; images: readonly Queries.CardImageFragment[] }): SaveableSeries => ({
  id: series._id,
  title: series.title,
  image: storedImageOf(series.images[0]),
})

export interface SaveSeriesButtonProps {
  series: SaveableSeries
  /** `card`: the round icon in a card's corner; `hero`: a pill in the series page's hero. */
  look: "card" | "hero"
}

/**
 * Save: puts the series on the visitor's own list (My list) or takes it off,
 * in their browser's storage. A toggle button (aria-pressed); the hero's pill
 * says "Saved" once it is (a sighted visitor read "Save" on a saved series),
 * the card's icon keeps its name and fills. It appears only once the page is running and the browser keeps
 * storage: without either it could do nothing. It is laid over a picture, so
 * appearing moves nothing.
 */
export function SaveSeriesButton({ series, look }: SaveSeriesButtonProps) {
  const { state, available, hydrated } = useViewing()
  if (!hydrated || !available) return null
  const saved = isSaved(state, series.id)
  const toggle = () => (saved ? unsaveSeries(series.id) : saveSeries({ seriesId: series.id, title: series.title, image: series.image }))
  if (look === "hero") {
    return (
      <HeroPill type="button" $variant="ghost" aria-pressed={saved} onClick={toggle}>
        <BookmarkIcon filled={saved} />
        {saved ? "Saved" : "Save"}
      </HeroPill>
    )
  }
  return (
    <SavedIconButton type="button" aria-pressed={saved} aria-label={`Save ${series.title ?? "this series"}`} onClick={toggle}>
      <BookmarkIcon filled={saved} />
    </SavedIconButton>
  )
}
