import React, { type ReactNode } from "react"
import styled from "styled-components"
import { Link } from "gatsby"
import { CARD_GRID } from "../styles/boxes"
import { bareList, clampLines } from "../styles/layout"
import { media } from "../styles/theme"
import { CatalogueImage } from "./catalogue-image"
import { Skeleton } from "./skeleton"
import { EpisodeFacts } from "./episode-facts"
import { routes } from "../routes"

export const Grid = styled.ul`
  ${bareList}
  display: grid;
  gap: ${({ theme }) => theme.space[CARD_GRID.gap.phone]};
  grid-template-columns: 1fr;
  ${media.md} {
    grid-template-columns: repeat(${CARD_GRID.columns.md}, 1fr);
    gap: ${({ theme }) => theme.space[CARD_GRID.gap.wide]};
  }
  ${media.lg} {
    grid-template-columns: repeat(${CARD_GRID.columns.lg}, 1fr);
  }
`

export const Card = styled.li`
  position: relative;
  display: flex;
  flex-direction: column;
  overflow: hidden;
  border-radius: ${({ theme }) => theme.radii.card};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  transition: transform 0.2s, border-color 0.2s;
  &:hover,
  &:focus-within {
    transform: translateY(-3px);
    border-color: ${({ theme }) => theme.colors.accent};
  }
`

export const CardLink = styled(Link)`
  display: flex;
  flex-direction: column;
  flex: 1;
  text-decoration: none;
`

export const CardBody = styled.div`
  padding: ${({ theme }) => theme.space.md};
`

export const CardLabel = styled.p`
  margin: 0 0 ${({ theme }) => theme.space.xs};
  color: ${({ theme }) => theme.colors.accent};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 700;
  letter-spacing: 0.06em;
  text-transform: uppercase;
`

export const CardTitle = styled.h3`
  margin: 0 0 ${({ theme }) => theme.space.xs};
  font-size: ${({ theme }) => theme.fontSizes.lg};
`

// The title's one line and the text's three, at the global type scale.
const TitleSkeleton = styled(Skeleton)`
  height: calc(${({ theme }) => theme.fontSizes.lg} * ${({ theme }) => theme.lineHeights.heading});
  margin-bottom: ${({ theme }) => theme.space.xs};
`

const TextSkeleton = styled(Skeleton)`
  height: calc(3 * ${({ theme }) => theme.fontSizes.md} * ${({ theme }) => theme.lineHeights.body});
`

export const CardText = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.mutedText};
  ${clampLines(3)}
`

export interface CardItem {
  key: string
  to: string
  title: string | null
  text?: string | null
  label?: string | null
  /** An episode's length in seconds, said beside its label (the video host's, at build time). */
  durationSeconds?: number | null
  image?: Queries.CardImageFragment | null
  /** Laid over the card's picture, such as the visitor's progress in an episode. */
  imageOverlay?: ReactNode
  /** A control of the card's own beside its link, such as Save. */
  action?: ReactNode
}

/** The picture, label, title and text of a card, shared by linked and inert cards. */
export function CardContent({ item, children }: { item: Omit<CardItem, "key" | "to" | "action">; children?: ReactNode }) {
  return (
    <>
      {/* The card's title names it; the picture would only say the title again. */}
      <CatalogueImage image={item.image} alt="">
        {item.imageOverlay}
      </CatalogueImage>
      <CardBody>
        {(item.label || item.durationSeconds) && (
          <CardLabel>
            <EpisodeFacts label={item.label} durationSeconds={item.durationSeconds} />
          </CardLabel>
        )}
        <CardTitle>{item.title}</CardTitle>
        {item.text && <CardText>{item.text}</CardText>}
        {children}
      </CardBody>
    </>
  )
}

/**
 * A card still on its way: the picture's 1.6 box, a title line and three
 * lines of text, the size of the card that will replace it.
 */
export function CardSkeleton() {
  return (
    <Card aria-hidden="true">
      <Skeleton $aspectRatio={1.6} />
      <CardBody>
        <TitleSkeleton />
        <TextSkeleton />
      </CardBody>
    </Card>
  )
}

/** A grid of linked cards: picture, optional label, title and text. */
export function CardGrid({ items, className }: { items: readonly CardItem[]; className?: string }) {
  return (
    <Grid className={className}>
      {items.map((item) => (
        <Card key={item.key}>
          <CardLink to={item.to}>
            <CardContent item={item} />
          </CardLink>
          {item.action}
        </Card>
      ))}
    </Grid>
  )
}

/** A subcategory's card: its title, short description and first picture, linking to its page. */
export const subcategoryCard = (sub: Queries.SubcategoryCardFragment): CardItem => ({
  key: sub._id,
  to: routes.subcategory(sub._id),
  title: sub.title,
  text: sub.shortDesc,
  image: sub.images[0],
})
