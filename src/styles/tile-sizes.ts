import { ENTERTAINMENT_TILES, FEATURED_CARD, PAGE_COLUMN } from "./boxes"
import { theme } from "./theme"

// The `sizes` of the home page's tiles, which draw a card picture in boxes of their own. Worked out at
// build time (gatsby-node.ts hands them to the home page in its context), so the browser's bundle
// carries the strings in the page's data, not this code.

/** A CSS length in rem or px as pixels (1rem = 16px). */
export const px = (value: string) => (value.endsWith("rem") ? Number.parseFloat(value) * 16 : Number.parseFloat(value))
export const pagePadding = { phone: px(theme.space[PAGE_COLUMN.padding.phone]), wide: px(theme.space[PAGE_COLUMN.padding.wide]) }
export const pageMax = px(theme.layout.maxWidth)

/** A card picture's width:height, and so every card box's. */
export const CARD_RATIO = 1.6

const tileGap = px(theme.space[ENTERTAINMENT_TILES.gap])
const tileRow = px(ENTERTAINMENT_TILES.rowHeight.wide)

/**
 * The `sizes` of the home page's entertainment tile `index` of `count`
 * (entertainment-section.tsx), which draws a card picture to cover a box of
 * its own: from `md` the tiles of a three- or five-tile grid are as wide as
 * their height makes the picture (their columns are narrower than that), the
 * others as wide as their column; on phones, the column. The card grid's
 * `sizes` said 262 px for all of them, and the tall tile, drawn 794 px wide,
 * got the 400 px file.
 */
export function entertainmentTileSizes(count: number, index: number): string {
  const phone = `calc(100vw - ${2 * pagePadding.phone}px)`
  const content = pageMax - 2 * pagePadding.wide
  const wide = (value: string) => `(min-width: ${theme.breakpoints.md}) ${value}, ${phone}`
  const coverFor = (height: number) => `${Math.ceil(height * CARD_RATIO)}px`
  if (count === 5) return wide(coverFor(index === 2 ? 2 * tileRow + tileGap : tileRow))
  if (count === 3) {
    const height = px(ENTERTAINMENT_TILES.threeTileHeight)
    const middleRow = (height - 2 * px(ENTERTAINMENT_TILES.edgeRows) - 3 * tileGap) / 2
    return wide(coverFor(index === 1 ? height : 2 * middleRow + tileGap))
  }
  const columns = count === 1 ? 1 : 2
  const atMax = Math.ceil((content - (columns - 1) * tileGap) / columns)
  const inset = 2 * pagePadding.wide + (columns - 1) * tileGap
  const belowMax = columns === 1 ? `calc(100vw - ${inset}px)` : `calc((100vw - ${inset}px) / ${columns})`
  return `(min-width: ${pageMax}px) ${atMax}px, ${wide(belowMax)}`
}

/**
 * The `sizes` of a home category row's tiles (category-row.tsx): featured
 * cards in columns never wider than their height makes the picture, so the
 * picture is drawn at that width everywhere.
 */
export const CATEGORY_ROW_TILE_SIZES = `${Math.ceil(px(FEATURED_CARD.minHeight) * CARD_RATIO)}px`

/** Every `sizes` the home page's tiles use: the entertainment tiles by count (1–5) and position, a category row's. */
export interface HomeTileSizes {
  entertainment: string[][]
  categoryRow: string
}

export function homeTileSizes(): HomeTileSizes {
  return {
    entertainment: [1, 2, 3, 4, 5].map((count) => Array.from({ length: count }, (_, index) => entertainmentTileSizes(count, index))),
    categoryRow: CATEGORY_ROW_TILE_SIZES,
  }
}
