import { theme } from "../../../src/styles/theme"

/**
 * Every place the site shows a catalogue picture, and the widths made for it.
 * The widths follow from the picture's CSS box at 1x and 2x on a 375 px phone
 * and a 1280 px desktop, as measured in Chromium (`npm run images:measure`,
 * README "Image slots"), and nothing else is made. `sizes` tells the browser
 * that box before layout, so a phone picks a phone width.
 */
export interface ImageSlot {
  layout: "constrained" | "fullWidth"
  /** Constrained slots: the largest CSS width the box reaches. */
  width?: number
  /** The box's proportions; null: the picture's own (cover-cropped by CSS either way). */
  aspectRatio: number | null
  /** Widths of the files made for this slot, in px, smallest first. */
  widths: readonly number[]
  /** The `sizes` attribute; the picture's own width:height ratio matters where CSS crops it to cover a taller box. */
  sizes: (pictureRatio: number) => string
}

const px = (value: string) => (value.endsWith("rem") ? Number.parseFloat(value) * 16 : Number.parseFloat(value))
const pagePadding = { phone: px(theme.space.md), wide: px(theme.space.lg) }
const gridGap = px(theme.space.lg)
const pageMax = px(theme.layout.maxWidth)

/** The card grid's column width: one column on phones, two from `md`, four from `lg` (card-grid.tsx). */
const CARD_SIZES = [
  `(min-width: ${pageMax}px) ${Math.ceil((pageMax - 2 * pagePadding.wide - 3 * gridGap) / 4)}px`,
  `(min-width: ${theme.breakpoints.lg}) calc((100vw - ${2 * pagePadding.wide + 3 * gridGap}px) / 4)`,
  `(min-width: ${theme.breakpoints.md}) calc((100vw - ${2 * pagePadding.wide + gridGap}px) / 2)`,
  `calc(100vw - ${2 * pagePadding.phone}px)`,
].join(", ")

/** Share of the viewport's height a page hero takes (hero.tsx: `clamp(24rem, 70vh, 52rem)`). */
const HERO_HEIGHT_VH = 70

export const IMAGE_SLOTS = {
  /** Grid and carousel cards: 341 px wide on a phone, 262 px on a desktop (682 and 524 at 2x); home tiles draw it up to 794 (cover). */
  CARD: { layout: "constrained", width: 400, aspectRatio: 1.6, widths: [400, 800], sizes: () => CARD_SIZES },
  /** The player's still on an episode page: the full width, 16:9 (375 and 1280 px; 750 and 2560 at 2x). */
  POSTER: { layout: "fullWidth", aspectRatio: 16 / 9, widths: [400, 800, 1280, 1600], sizes: () => "100vw" },
  /**
   * Category, subcategory and series heroes: the full width and 70 % of the
   * viewport's height, the picture cropped to cover. On a tall phone the
   * height decides: a 375 × 812 phone shows the picture 909 px wide (1 818 at 2x).
   */
  HERO: {
    layout: "fullWidth",
    aspectRatio: null,
    widths: [1024, 1280, 1600],
    sizes: (ratio) => {
      const vhWide = Math.round(HERO_HEIGHT_VH * ratio)
      // Where the window is narrower than the picture drawn at the hero's height, that width; else the window's.
      return `(max-aspect-ratio: ${vhWide}/100) ${vhWide}vh, 100vw`
    },
  },
} as const satisfies Record<string, ImageSlot>

export type ImageSlotName = keyof typeof IMAGE_SLOTS

/**
 * Which slots show the pictures of each kind of entity (the page templates'
 * fragments): only their widths are made. A picture several entities share
 * gets the union. Site settings' pictures are only ever social images.
 */
export const SLOTS_BY_OWNER: Record<string, readonly ImageSlotName[]> = {
  category: ["HERO"],
  subcategory: ["CARD", "HERO"],
  series: ["CARD", "HERO"],
  episode: ["CARD", "POSTER"],
  featured: ["CARD"],
  "site-settings": [],
}

/** The slots of a picture from the entities that show it ("episode 12", "featured 5", …). */
export function slotsOfOwners(owners: readonly string[]): ImageSlotName[] {
  const slots = new Set<ImageSlotName>()
  for (const owner of owners) for (const slot of SLOTS_BY_OWNER[owner.split(" ")[0] ?? ""] ?? Object.keys(IMAGE_SLOTS)) slots.add(slot as ImageSlotName)
  return [...slots]
}

/** The picture a shared link shows: what Open Graph and X cards ask for, in JPEG, which every crawler reads. */
export const SOCIAL_IMAGE = { width: 1200, height: 630 } as const

/**
 * The format of displayed pictures: WebP only. Every browser in use decodes
 * it (Safari since 14, 2020), it is 10–48 % smaller than JPEG at the same
 * quality here, and one format halves the files a fallback would double.
 * AVIF is 40–60 times slower to encode (README "Image slots").
 */
export const DISPLAY_FORMAT = "webp" as const
