import { theme } from "./theme"

// The CSS boxes catalogue pictures are drawn in, named once: the components
// that draw them (layout.ts, card-grid.tsx, hero.tsx) and the image slots
// that size the files for them (image-slots.ts) read the same values.

type Space = keyof typeof theme.space

/** The page column (layout.ts `Container`): at most `theme.layout.maxWidth` wide, padded by these theme spaces. */
export const PAGE_COLUMN = { padding: { phone: "md", wide: "lg" } } as const satisfies { padding: Record<"phone" | "wide", Space> }

/** The card grid (card-grid.tsx): one column on phones, then these many from `md` and `lg`, with these theme spaces between. */
export const CARD_GRID = { columns: { md: 2, lg: 4 }, gap: { phone: "md", wide: "lg" } } as const satisfies {
  columns: Record<"md" | "lg", number>
  gap: Record<"phone" | "wide", Space>
}

/** A page hero (hero.tsx): this share of the window's height, in vh, held between `min` and `max`. */
export const HERO_BOX = { min: "24rem", windowShare: 70, max: "52rem" } as const

/**
 * The home page's entertainment tiles (entertainment-section.tsx): one column of `rowHeight.phone` rows on
 * phones; from `md`, a grid by tile count whose middle column is `middleColumn` times the others, with
 * `gap` between. Three tiles: the middle one `threeTileHeight` tall, the others between `edgeRows` rows.
 */
export const ENTERTAINMENT_TILES = {
  rowHeight: { phone: "12rem", wide: "15rem" },
  middleColumn: 1.25,
  threeTileHeight: "32rem",
  edgeRows: "4rem",
  gap: "md",
} as const satisfies { gap: Space; rowHeight: Record<"phone" | "wide", string>; middleColumn: number; threeTileHeight: string; edgeRows: string }

/**
 * How much of the home page's first screen Continue watching has, for a visitor with something to continue
 * (the hero is that much shorter): its heading and the top of its first cards. The rest of the section is
 * below the fold, where growing moves nothing the visitor sees.
 */
export const CONTINUE_WATCHING_FIRST_SCREEN = "12rem"

/** A featured card (featured-card.tsx): its picture covers a box at least this tall. */
export const FEATURED_CARD = { minHeight: "16rem" } as const
