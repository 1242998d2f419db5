import React, { type ReactNode } from "react"
import { CatalogueImage } from "../images/catalogue-image"
import { EpisodeFacts } from "./episode-facts"
import { Card, CardBody, CardLabel, CardLink, CardText, CardTitle, Grid } from "./card-parts"

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
