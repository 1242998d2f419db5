import crypto from "node:crypto"
import path from "node:path"
import { getImageData, type IGatsbyImageData } from "gatsby-plugin-image"
import { DISPLAY_FORMAT, SOCIAL_IMAGE, type ImageSlot } from "./slots"

/** What a picture's variants and image data follow from: its size, colour and bytes. */
export interface PictureFacts {
  url: string
  filename: string
  width: number
  height: number
  /** The picture's dominant colour, shown in its box until it loads. */
  placeholderColor: string | null
  /** Of the source's bytes: a changed picture gets new file names, so they may be cached for good. */
  contentDigest: string
}

export type VariantFormat = typeof DISPLAY_FORMAT | "jpg"

/** One file made of a picture: a width in a format, or the social crop. */
export interface Variant {
  width: number
  format: VariantFormat
  /** Set on the social image only: cropped to cover width × height. */
  height?: number
}

/** Where a variant is served from: the build's own file, or an image service's URL. */
export type VariantUrl = (picture: PictureFacts, variant: Variant) => string

/** Bumped when the encoder settings change, so browsers never keep an old file under a new meaning. */
const ENCODING_VERSION = "webp-q75-e2.jpg-q80.1"

/** The folder of one picture's variants, under /_gatsby/image/ (cached for good by the host and the service worker), and in the image store. */
export function pictureFolder(picture: Pick<PictureFacts, "contentDigest">): string {
  return crypto.createHash("sha1").update(`${picture.contentDigest}:${ENCODING_VERSION}`).digest("hex").slice(0, 20)
}

/** The variant's path below the site's root, also its path below the variant cache. */
export function variantPath(picture: PictureFacts, variant: Variant): string {
  const base = path.basename(picture.filename, path.extname(picture.filename)).replace(/[^\w.-]+/g, "-") || "image"
  const size = variant.height ? `${variant.width}x${variant.height}` : `${variant.width}w`
  return `_gatsby/image/${pictureFolder(picture)}/${base}-${size}.${variant.format}`
}

/** The build's own files: variant paths on this site. */
export const builtVariantUrl: VariantUrl = (picture, variant) => `/${variantPath(picture, variant)}`

/** An image service's URL for a variant, from a template with {url}, {width} and {format}. */
export function serviceVariantUrl(template: string): VariantUrl {
  return (picture, variant) => template.replace("{url}", picture.url).replace("{width}", String(variant.width)).replace("{format}", variant.format)
}

/** The source's width:height: a cover-cropped slot's `sizes` depends on it. */
const ratioOf = (picture: PictureFacts) => picture.width / picture.height

function slotImageData(picture: PictureFacts, slot: ImageSlot, urlOf: VariantUrl): IGatsbyImageData {
  const data = getImageData({
    baseUrl: picture.url,
    pluginName: "gatsby-source-catalogue",
    sourceWidth: picture.width,
    sourceHeight: picture.height,
    layout: slot.layout,
    formats: [DISPLAY_FORMAT],
    backgroundColor: picture.placeholderColor ?? undefined,
    ...(slot.layout === "constrained" ? { width: slot.width, outputPixelDensities: slot.widths.map((width) => width / slot.width) } : { breakpoints: [...slot.widths] }),
    ...(slot.aspectRatio ? { aspectRatio: slot.aspectRatio } : {}),
    // The files keep the picture's proportions; CSS crops them to the slot's box (object-fit: cover).
    urlBuilder: ({ width }) => urlOf(picture, { width, format: DISPLAY_FORMAT }),
  } as Parameters<typeof getImageData>[0])
  return data
}

/**
 * The slot's responsive image data. With one format there is nothing to
 * choose between, so the WebP widths go on the `<img>` itself, not on a
 * `<source>` beside a fallback that would never be made.
 */
export function pictureData(picture: PictureFacts, slot: ImageSlot, urlOf: VariantUrl): IGatsbyImageData {
  const data = slotImageData(picture, slot, urlOf)
  const source = data.images.sources?.[0]
  if (!source) return data
  const sizes = slot.sizes(ratioOf(picture))
  const widths = srcSetWidths(source.srcSet)
  const smallest = widths[0]
  return {
    ...data,
    images: {
      fallback: { src: smallest ? urlOf(picture, { width: smallest, format: DISPLAY_FORMAT }) : picture.url, srcSet: source.srcSet, sizes },
      sources: [],
    },
  }
}

/** The widths a srcset lists, smallest first. */
export function srcSetWidths(srcSet: string): number[] {
  return [...srcSet.matchAll(/\s(\d+)w/g)].map((match) => Number(match[1])).sort((a, b) => a - b)
}

/** The social image: the picture cropped to cover 1200 × 630, in JPEG. */
export const SOCIAL_VARIANT: Variant = { width: SOCIAL_IMAGE.width, height: SOCIAL_IMAGE.height, format: "jpg" }

/**
 * Every file a picture needs: the widths each of its slots' image data names (the
 * same function writes the pages' srcsets, so the two cannot disagree) and
 * the social crop.
 */
export function variantsOf(picture: PictureFacts, slots: readonly ImageSlot[]): Variant[] {
  const widths = new Set<number>()
  for (const slot of slots) {
    const data = slotImageData(picture, slot, (_, variant) => `${variant.width}`)
    for (const source of data.images.sources ?? []) srcSetWidths(source.srcSet).forEach((width) => widths.add(width))
  }
  return [...[...widths].sort((a, b) => a - b).map((width): Variant => ({ width, format: DISPLAY_FORMAT })), SOCIAL_VARIANT]
}
