import type { StoredImage } from "../../viewing/viewing-types"
import { attributeSize } from "./responsive-image"

type ImageWithData = { gatsbyImage: Queries.CardImageFragment["gatsbyImage"] } | null | undefined

/**
 * The picture a remembered card shows on a later visit (Continue watching,
 * My list): the card slot's JPEG fallback, one file, with its proportions.
 * The build's image file names are content hashes that last as long as the
 * picture does; a card whose picture has since changed just shows its box.
 */
export function storedImageOf(image: ImageWithData): StoredImage | null {
  const data = image?.gatsbyImage
  const src = data?.images.fallback?.src
  if (!data || !src) return null
  return { src, ...attributeSize(data) }
}
