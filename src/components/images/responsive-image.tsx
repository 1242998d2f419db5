import React, { type ReactNode } from "react"
import styled from "styled-components"
import type { IGatsbyImageData } from "gatsby-plugin-image"

const Frame = styled.div<{ $fill: boolean }>`
  position: ${({ $fill }) => ($fill ? "absolute" : "relative")};
  ${({ $fill }) => $fill && "inset: 0; width: 100%; height: 100%;"}
  overflow: hidden;
  img {
    position: absolute;
    inset: 0;
    width: 100%;
    height: 100%;
    margin: 0;
    max-width: none;
  }
`

/**
 * The class of a picture's box, for the components that size it. Not
 * gatsby-plugin-image's own class: that plugin's global CSS hides
 * `.gatsby-image-wrapper [data-main-image]` until its script shows it.
 */
export const PICTURE_FRAME = "picture-frame"

/** The attribute width of full-width data without a srcset. */
const FALLBACK_ATTRIBUTE_WIDTH = 1000

/**
 * The `width` and `height` attributes of the `<img>`, in whole pixels as HTML
 * requires. Full-width image data is 1 by 1/aspect-ratio: it is said in
 * pixels of the widest file. The attributes only give the picture's
 * proportions; its box is sized by the CSS around it.
 */
export function attributeSize({ width, height, images }: Pick<IGatsbyImageData, "width" | "height" | "images">): { width: number; height: number } {
  const widths = (images.fallback?.srcSet ?? "").match(/\d+(?=w\b)/g)?.map(Number) ?? []
  const scale = width === 1 ? (widths.length ? Math.max(...widths) : FALLBACK_ATTRIBUTE_WIDTH) : 1
  return { width: Math.round(width * scale), height: Math.round(height * scale) }
}

export interface ResponsiveImageProps {
  /** Image data from the build's image pipeline (`gatsbyImage` or `gatsbyImageData` in GraphQL). */
  image: IGatsbyImageData
  alt: string
  className?: string
  /** The page's largest picture above the fold: fetched at once and first. Everything else waits until it is near. */
  priority?: boolean
  objectFit?: "cover" | "contain"
  /** Cover the positioned box it sits in (a hero, a featured card, the player) instead of keeping its own proportions. */
  fill?: boolean
  /** Overrides the slot's `sizes` where this use draws the picture at another width than the slot's box. */
  sizes?: string
  /** Laid over the picture, in its box: a card's progress bar or watched mark. */
  children?: ReactNode
}

/**
 * A picture from the build's responsive image data, drawn as plain HTML: a
 * box of the picture's size and dominant colour, and a `<picture>` with the
 * WebP and JPEG widths the build made. It renders the same on the server and
 * in the browser and needs no script: gatsby-plugin-image's own component
 * hydrates each picture through react-dom/server, a 21 KB gzip chunk loaded
 * after every page's hydration, to do what the browser's `loading` attribute
 * already does.
 */
export function ResponsiveImage({ image, alt, className, priority = false, objectFit = "cover", fill = false, sizes, children }: ResponsiveImageProps) {
  const { layout, width, height, backgroundColor, images } = image
  const size = fill
    ? {}
    : layout === "fixed"
      ? { width, height }
      : layout === "constrained"
        ? { width: "100%", maxWidth: width, aspectRatio: `${width} / ${height}` }
        : { width: "100%", aspectRatio: `${width} / ${height}` }
  // React 18 knows no fetchPriority prop; the lowercase attribute passes through as it is.
  const fetchPriority: Record<string, string> = priority ? { fetchpriority: "high" } : {}
  return (
    <Frame className={[PICTURE_FRAME, className].filter(Boolean).join(" ")} $fill={fill} style={{ backgroundColor, ...size }}>
      <picture>
        {images.sources?.map((source) => (
          <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={sizes ?? source.sizes} media={source.media} />
        ))}
        <img
          data-main-image=""
          src={images.fallback?.src}
          srcSet={images.fallback?.srcSet}
          sizes={sizes ?? images.fallback?.sizes}
          {...attributeSize(image)}
          alt={alt}
          loading={priority ? "eager" : "lazy"}
          decoding={priority ? undefined : "async"}
          style={{ objectFit }}
          {...fetchPriority}
        />
      </picture>
      {children}
    </Frame>
  )
}
