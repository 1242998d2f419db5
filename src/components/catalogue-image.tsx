import React from "react"
import { graphql } from "gatsby"
import { ResponsiveImage, type ResponsiveImageProps } from "./responsive-image"

export const query = graphql`
  fragment CardImage on CatalogueImage {
    gatsbyImage(
      layout: CONSTRAINED
      width: 400
      aspectRatio: 1.6
      formats: [WEBP, JPG]
      outputPixelDensities: [0.5, 1, 2]
      placeholder: DOMINANT_COLOR
    )
  }
  fragment PosterImage on CatalogueImage {
    gatsbyImage(
      layout: FULL_WIDTH
      width: 1600
      aspectRatio: 1.7778
      formats: [WEBP, JPG]
      breakpoints: [750, 1080, 1600]
      placeholder: DOMINANT_COLOR
    )
  }
  fragment HeroImage on CatalogueImage {
    gatsbyImage(
      layout: FULL_WIDTH
      width: 1600
      formats: [WEBP, JPG]
      breakpoints: [750, 1080, 1600]
      placeholder: DOMINANT_COLOR
    )
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
