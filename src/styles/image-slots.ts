import { CARD_GRID, HERO_BOX } from "./boxes"
import { CARD_RATIO, pageMax, pagePadding, px } from "./tile-sizes"
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

const gridGap = px(theme.space[CARD_GRID.gap.wide])
const { md: mdColumns, lg: lgColumns } = CARD_GRID.columns

/** The card grid's column width: one column on phones, then CARD_GRID's columns from `md` and `lg`. */
const CARD_SIZES = [
  `(min-width: ${pageMax}px) ${Math.ceil((pageMax - 2 * pagePadding.wide - (lgColumns - 1) * gridGap) / lgColumns)}px`,
  `(min-width: ${theme.breakpoints.lg}) calc((100vw - ${2 * pagePadding.wide + (lgColumns - 1) * gridGap}px) / ${lgColumns})`,
  `(min-width: ${theme.breakpoints.md}) calc((100vw - ${2 * pagePadding.wide + (mdColumns - 1) * gridGap}px) / ${mdColumns})`,
  `calc(100vw - ${2 * pagePadding.phone}px)`,
].join(", ")

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
