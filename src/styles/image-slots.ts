import { CARD_GRID, ENTERTAINMENT_TILES, HERO_BOX, PAGE_COLUMN } from "./boxes"
import { theme } from "./theme"

// Every place the site shows a catalogue picture, and the widths made for
// it: the source plugin takes these as its `imageSlots` and
// `imageSlotOwners` options (gatsby-config.ts). The widths follow from the
// picture's CSS box at 1x and 2x on a 375 px phone and a 1280 px desktop, as
// measured in Chromium (`npm run images:measure`, README "Image slots"), and
// nothing else is made. `sizes` tells the browser that box before layout, so
// a phone picks a phone width; it is worked out from the same values the
// components draw the boxes with (boxes.ts). The site imports nothing of the
// plugin: the plugin's options schema checks these at the start of every
// build, and its tests type them against its own `ImageSlot`.

const px = (value: string) => (value.endsWith("rem") ? Number.parseFloat(value) * 16 : Number.parseFloat(value))
const pagePadding = { phone: px(theme.space[PAGE_COLUMN.padding.phone]), wide: px(theme.space[PAGE_COLUMN.padding.wide]) }
const gridGap = px(theme.space[CARD_GRID.gap.wide])
const pageMax = px(theme.layout.maxWidth)
const { md: mdColumns, lg: lgColumns } = CARD_GRID.columns

/** The card grid's column width: one column on phones, then CARD_GRID's columns from `md` and `lg`. */
const CARD_SIZES = [
  `(min-width: ${pageMax}px) ${Math.ceil((pageMax - 2 * pagePadding.wide - (lgColumns - 1) * gridGap) / lgColumns)}px`,
  `(min-width: ${theme.breakpoints.lg}) calc((100vw - ${2 * pagePadding.wide + (lgColumns - 1) * gridGap}px) / ${lgColumns})`,
  `(min-width: ${theme.breakpoints.md}) calc((100vw - ${2 * pagePadding.wide + (mdColumns - 1) * gridGap}px) / ${mdColumns})`,
  `calc(100vw - ${2 * pagePadding.phone}px)`,
].join(", ")

/** A card picture's width:height, and so every card box's. */
const CARD_RATIO = 1.6

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

export const IMAGE_SLOTS = {
  /**
   * Grid and carousel cards: 341 px wide on a phone, 262 px on a desktop (682 and 524 at 2x). The home
   * page's tall entertainment tile draws it 794 px wide (cover; 1 588 at 2x), hence 1600, a file the
   * hero or poster of the same picture makes anyway (a featured picture's alone is extra).
   */
  CARD: { layout: "constrained", width: 400, aspectRatio: CARD_RATIO, widths: [400, 800, 1600], sizes: () => CARD_SIZES },
  /** The player's still on an episode page: the full width, 16:9 (375 and 1280 px; 750 and 2560 at 2x). */
  POSTER: { layout: "fullWidth", aspectRatio: 16 / 9, widths: [400, 800, 1280, 1600], sizes: () => "100vw" },
  /**
   * Category, subcategory and series heroes: the full width and HERO_BOX's
   * share of the viewport's height, the picture cropped to cover. On a tall
   * phone the height decides: a 375 × 812 phone shows the picture 909 px wide (1 818 at 2x).
   */
  HERO: {
    layout: "fullWidth",
    aspectRatio: null,
    // 2 560 for a 1 280 px desktop at 2x (1 600 was 0.6x there). No file is made wider than the original:
    // the sample catalogue's are 1 600 px, a real one's are often wider.
    widths: [1024, 1280, 1600, 1920, 2560],
    sizes: (ratio: number) => {
      const vhWide = Math.round(HERO_BOX.windowShare * ratio)
      // Where the window is narrower than the picture drawn at the hero's height, that width; else the window's.
      return `(max-aspect-ratio: ${vhWide}/100) ${vhWide}vh, 100vw`
    },
  },
} as const

/**
 * Which slots show the pictures of each kind of entity (the page templates'
 * fragments): only their widths are made. A picture several entities share
 * gets the union. Site settings' pictures are only ever social images.
 */
export const IMAGE_SLOT_OWNERS: Record<string, readonly (keyof typeof IMAGE_SLOTS)[]> = {
  category: ["HERO"],
  subcategory: ["CARD", "HERO"],
  series: ["CARD", "HERO"],
  episode: ["CARD", "POSTER"],
  featured: ["CARD"],
  "site-settings": [],
}
