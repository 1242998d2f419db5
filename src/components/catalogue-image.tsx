import React from "react"
import { GatsbyImage, type GatsbyImageProps } from "gatsby-plugin-image"
import { graphql } from "gatsby"

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

export interface CatalogueImageProps extends Pick<GatsbyImageProps, "className" | "loading" | "objectFit"> {
  image: Queries.CardImageFragment | Queries.HeroImageFragment | null | undefined
  /** The entity's title: what the picture is of. */
  alt: string
}

/** A catalogue picture as responsive, optimised image data; nothing when the entity has none. */
export function CatalogueImage({ image, alt, ...rest }: CatalogueImageProps) {
  if (!image?.gatsbyImage) return null
  return <GatsbyImage image={image.gatsbyImage} alt={alt} {...rest} />
}
