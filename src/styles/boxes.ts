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
