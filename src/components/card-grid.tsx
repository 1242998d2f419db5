import React from "react"
import styled from "styled-components"
import { Link } from "gatsby"
import { CatalogueImage } from "./catalogue-image"

const Grid = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  grid-template-columns: repeat(auto-fill, minmax(14rem, 1fr));
`

const Card = styled.li`
  background: ${({ theme }) => theme.colors.surface};
  border-radius: ${({ theme }) => theme.radii.card};
  overflow: hidden;
`

const CardLink = styled(Link)`
  display: block;
  text-decoration: none;
  height: 100%;
`

const CardBody = styled.div`
  padding: ${({ theme }) => theme.space.md};
`

const CardTitle = styled.h3`
  margin: 0 0 ${({ theme }) => theme.space.xs};
  font-size: ${({ theme }) => theme.fontSizes.lg};
`

const CardText = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.mutedText};
`

export interface CardItem {
  key: string
  to: string
  title: string | null
  text?: string | null
  label?: string | null
  image?: { readonly gatsbyImage: unknown } | null
}

/** A grid of linked cards: picture, optional label, title and text. */
export function CardGrid({ items, className }: { items: readonly CardItem[]; className?: string }) {
  return (
    <Grid className={className}>
      {items.map((item) => (
        <Card key={item.key}>
          <CardLink to={item.to}>
            <CatalogueImage image={item.image} alt={item.title ?? ""} />
            <CardBody>
              {item.label && <CardText>{item.label}</CardText>}
              <CardTitle>{item.title}</CardTitle>
              {item.text && <CardText>{item.text}</CardText>}
            </CardBody>
          </CardLink>
        </Card>
      ))}
    </Grid>
  )
}
