import React from "react"
import { graphql, useStaticQuery } from "gatsby"
import { ResponsiveImage, type ResponsiveImageProps } from "./responsive-image"

/** The site's own pictures in src/images, by file name without extension. */
export type SiteImageName = "home-hero-1" | "home-hero-2" | "home-hero-3"

export interface SiteImageProps extends Omit<ResponsiveImageProps, "image" | "alt"> {
  name: SiteImageName
  /** Decorative unless said otherwise: the site's pictures sit behind text that says it all. */
  alt?: string
}

/** A full-width picture of the site's own, processed at build time like the catalogue's. */
export function SiteImage({ name, alt = "", ...rest }: SiteImageProps) {
  // Sorted by name: a cold build creates File nodes in the order its file system walk finds them, so
  // unsorted, a warm and a cold build of the same site wrote this query's result in two orders.
  const data = useStaticQuery<Queries.SiteImagesQuery>(graphql`
    query SiteImages {
      allFile(filter: { sourceInstanceName: { eq: "site-images" } }, sort: { name: ASC }) {
        nodes {
          name
          childImageSharp {
            gatsbyImageData(layout: FULL_WIDTH, formats: [AUTO, WEBP], placeholder: DOMINANT_COLOR)
          }
        }
      }
    }
  `)
  const image = data.allFile.nodes.find((node) => node.name === name)?.childImageSharp?.gatsbyImageData
  if (!image) return null
  return <ResponsiveImage image={image} alt={alt} {...rest} />
}
