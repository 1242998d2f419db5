import React from "react"
import styled from "styled-components"
import { Link } from "gatsby"
import { FEATURED_CARD } from "../../styles/boxes"
import { clampLines } from "../../styles/layout"
import { CatalogueImage } from "../images/catalogue-image"
import { theme } from "../../styles/theme"

const CardLink = styled(Link)`
  position: relative;
  display: flex;
  align-items: flex-end;
  height: 100%;
  min-height: ${FEATURED_CARD.minHeight};
  overflow: hidden;
  border-radius: ${theme.radii.card};
  background: ${theme.colors.surfaceRaised};
  text-decoration: none;
  box-shadow: ${theme.shadows.card};
  .picture-frame {
    transition: transform 0.4s;
  }
  &::after {
    content: "";
    position: absolute;
    inset: 0;
    background: ${theme.colors.cardScrim};
  }
  &:hover .picture-frame {
    transform: scale(1.05);
  }
`

const Body = styled.div`
  position: relative;
  z-index: 1;
  padding: ${theme.space.md};
`

const Title = styled.h3`
  margin: 0 0 ${theme.space.xs};
  font-size: ${theme.fontSizes.lg};
`

const Text = styled.p`
  margin: 0;
  font-size: ${theme.fontSizes.sm};
  color: ${theme.colors.text};
  ${clampLines(3)}
`

export interface FeaturedCardProps {
  to: string
  title: string | null
  text?: string | null
  image?: Queries.CardImageFragment | null
  /** The picture's `sizes` where the card is not a grid card's size (the home page's entertainment tiles). */
  sizes?: string
  className?: string
}

/** A clickable card with its picture as the background and the title and text over it. */
export function FeaturedCard({ to, title, text, image, sizes, className }: FeaturedCardProps) {
  return (
    <CardLink to={to} className={className}>
      {/* The card's title names it; the picture would only say the title again. */}
      <CatalogueImage image={image} alt="" fill sizes={sizes} />
      <Body>
        <Title>{title}</Title>
        {text && <Text>{text}</Text>}
      </Body>
    </CardLink>
  )
}
