import React from "react"
import styled, { css } from "styled-components"
import { Container, Eyebrow, Section, SectionTitle, bareList } from "../../styles/layout"
import { ENTERTAINMENT_TILES } from "../../styles/boxes"
import { media, theme } from "../../styles/theme"
import { routes } from "../../routes"
import { FeaturedCard } from "../cards/featured-card"
import { HtmlContent } from "../layout/html-content"
import { ViewAllLink } from "./view-all-link"

/**
 * Desktop layouts by tile count. Five and three put one tall tile in the
 * middle column; the grid areas follow reading order a, b, c, ...
 */
const LAYOUTS: Record<number, ReturnType<typeof css>> = {
  1: css`
    grid-template-areas: "a";
  `,
  2: css`
    grid-template-columns: 1fr 1fr;
    grid-template-areas: "a b";
  `,
  3: css`
    grid-template-columns: 1fr ${ENTERTAINMENT_TILES.middleColumn}fr 1fr;
    grid-template-rows: ${ENTERTAINMENT_TILES.edgeRows} 1fr 1fr ${ENTERTAINMENT_TILES.edgeRows};
    grid-template-areas: ". b ." "a b c" "a b c" ". b .";
  `,
  4: css`
    grid-template-columns: 1fr 1fr;
    grid-template-areas: "a b" "c d";
  `,
  5: css`
    grid-template-columns: 1fr ${ENTERTAINMENT_TILES.middleColumn}fr 1fr;
    grid-template-areas: "a c d" "b c e";
  `,
}

const AREAS = ["a", "b", "c", "d", "e"] as const

const Tiles = styled.ul<{ $count: number }>`
  ${bareList}
  margin-top: ${theme.space.lg};
  display: grid;
  gap: ${theme.space[ENTERTAINMENT_TILES.gap]};
  grid-auto-rows: ${ENTERTAINMENT_TILES.rowHeight.phone};
  ${media.md} {
    grid-auto-rows: ${ENTERTAINMENT_TILES.rowHeight.wide};
    ${({ $count }) => LAYOUTS[$count]}
    ${({ $count }) => $count === 3 && `grid-auto-rows: auto; min-height: ${ENTERTAINMENT_TILES.threeTileHeight};`}
  }
`

const TileItem = styled.li<{ $area: string }>`
  > a {
    min-height: 0;
  }
  ${media.md} {
    grid-area: ${({ $area }) => $area};
  }
`

const Lead = styled.p`
  margin: 0 0 ${theme.space.md};
  font-size: ${theme.fontSizes.lg};
  font-weight: 600;
`

export interface EntertainmentSectionProps {
  title: string | null
  description: string | null
  /** Up to five of the entertainment category's subcategories. */
  subcategories: readonly Queries.SubcategoryCardFragment[]
  categoryId: string | null
  /** The tiles' `sizes` by count (1–5), then position (styles/tile-sizes.ts, worked out at build time). */
  tileSizes: readonly (readonly string[])[]
}

export function EntertainmentSection({ title, description, subcategories, categoryId, tileSizes }: EntertainmentSectionProps) {
  const count = subcategories.length
  return (
    <Section aria-labelledby="entertainment-title">
      <Container>
        <Eyebrow>Step Up, Shine</Eyebrow>
        <SectionTitle id="entertainment-title">{title}</SectionTitle>
        <Lead>Entertain, and Compete</Lead>
        <HtmlContent html={description} />
        {count > 0 && (
          <Tiles $count={count}>
            {subcategories.map((sub, index) => (
              <TileItem key={sub._id} $area={AREAS[index] ?? "a"}>
                <FeaturedCard to={routes.subcategory(sub._id)} title={sub.title} image={sub.images[0]} sizes={tileSizes[count - 1]?.[index]} />
              </TileItem>
            ))}
          </Tiles>
        )}
        {categoryId && <ViewAllLink to={routes.category(categoryId)}>View all entertainments</ViewAllLink>}
      </Container>
    </Section>
  )
}
