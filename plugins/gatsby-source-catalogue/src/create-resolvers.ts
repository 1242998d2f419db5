import type { GatsbyNode } from "gatsby"
import { NODE_TYPES } from "./constants"
import { servedBy } from "./images/probe"
import { SOCIAL_VARIANT, builtVariantUrl, pictureData, serviceVariantUrl, type PictureFacts, type VariantUrl } from "./images/variants"
import type { CataloguePluginOptions } from "./types"

interface ImageNodeSource extends Omit<PictureFacts, "contentDigest"> {
  internal: { contentDigest: string }
}

const factsOf = (source: ImageNodeSource): PictureFacts => ({ ...source, contentDigest: source.internal.contentDigest })

/**
 * The pages' picture fields. Pure functions of the image node: the files
 * they name are made by the image processor (build mode) or by the image
 * service, so a query never waits on image work.
 */
export const createResolvers: GatsbyNode["createResolvers"] = ({ createResolvers: create }, pluginOptions) => {
  const options = pluginOptions as unknown as CataloguePluginOptions
  const service = options.imageService ?? undefined
  const urlOf = (picture: PictureFacts): VariantUrl => {
    const served = servedBy(service, picture.url)
    return served ? serviceVariantUrl(served.urlTemplate) : builtVariantUrl
  }
  create({
    [NODE_TYPES.Image]: {
      picture: {
        type: "GatsbyImageData",
        description: "Responsive image data for one of the site's image slots.",
        args: { slot: "CatalogueImageSlot!" },
        resolve: (source: ImageNodeSource, { slot }: { slot: string }) => {
          const picture = factsOf(source)
          return pictureData(picture, options.imageSlots[slot]!, urlOf(picture))
        },
      },
      social: {
        type: "CatalogueImageFile!",
        description: "The picture a shared link shows: 1200 × 630 JPEG, cropped to cover (an image service's: 1200 wide, its own height).",
        resolve: (source: ImageNodeSource) => {
          const picture = factsOf(source)
          const served = servedBy(service, picture.url)
          const height = served ? Math.round((SOCIAL_VARIANT.width * picture.height) / picture.width) : SOCIAL_VARIANT.height!
          return { src: urlOf(picture)(picture, SOCIAL_VARIANT), width: SOCIAL_VARIANT.width, height }
        },
      },
    },
  })
}
