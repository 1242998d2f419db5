import React from "react"
import { GatsbyImage, type IGatsbyImageData } from "gatsby-plugin-image"
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

export interface CatalogueImageProps {
  image: { readonly gatsbyImage: unknown } | null | undefined
  /** The entity's title: what the picture is of. */
  alt: string
  className?: string
}

/** A catalogue picture as responsive, optimised image data; nothing when the entity has none. */
export function CatalogueImage({ image, alt, className }: CatalogueImageProps) {
  const data = image?.gatsbyImage as IGatsbyImageData | null | undefined
  if (!data) return null
  return <GatsbyImage image={data} alt={alt} className={className} />
}
