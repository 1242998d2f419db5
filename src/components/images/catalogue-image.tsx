import React from "react"
import { graphql } from "gatsby"
import { ResponsiveImage, type ResponsiveImageProps } from "./responsive-image"

// Each slot's widths and `sizes` follow from its CSS box (src/styles/image-slots.ts, README "Image slots").
export const query = graphql`
  fragment CardImage on CatalogueImage {
    gatsbyImage: picture(slot: CARD)
  }
  fragment PosterImage on CatalogueImage {
    gatsbyImage: picture(slot: POSTER)
  }
  fragment HeroImage on CatalogueImage {
    gatsbyImage: picture(slot: HERO)
  }
`

export interface CatalogueImageProps extends Omit<ResponsiveImageProps, "image"> {
  image: Queries.CardImageFragment | Queries.HeroImageFragment | Queries.PosterImageFragment | null | undefined
}

/** A catalogue picture as responsive, optimised image data; nothing when the entity has none. */
export function CatalogueImage({ image, ...rest }: CatalogueImageProps) {
  if (!image?.gatsbyImage) return null
  return <ResponsiveImage image={image.gatsbyImage} {...rest} />
}
