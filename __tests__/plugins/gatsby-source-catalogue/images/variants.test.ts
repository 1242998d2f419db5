import { IMAGE_SLOTS, IMAGE_SLOT_OWNERS } from "../../../../src/styles/image-slots"
import { slotsOfOwners } from "../../../../plugins/gatsby-source-catalogue/src/images/slots"
import {
  builtVariantUrl,
  pictureData,
  serviceVariantUrl,
  srcSetWidths,
  variantPath,
  variantsOf,
  type PictureFacts,
} from "../../../../plugins/gatsby-source-catalogue/src/images/variants"

const picture: PictureFacts = {
  url: "http://cms.test/media/episode-7.jpg",
  filename: "episode-7.jpg",
  width: 1600,
  height: 1000,
  placeholderColor: "#112233",
  contentDigest: "abc",
}

/** The site's own slots, as gatsby-config.ts hands them to the plugin. */
const SITE_SLOTS = { imageSlots: IMAGE_SLOTS, imageSlotOwners: IMAGE_SLOT_OWNERS }

describe("image slots", () => {
  it("give each slot exactly its widths, WebP on the <img> itself, the box's proportions and colour", () => {
    const card = pictureData(picture, IMAGE_SLOTS.CARD, builtVariantUrl)
    expect(card.layout).toBe("constrained")
    expect(card.width / card.height).toBeCloseTo(1.6)
    expect(card.backgroundColor).toBe("#112233")
    expect(card.images.sources).toEqual([])
    // 1600 for the home page's tall tile at 2x (794 px drawn at 1x).
    expect(srcSetWidths(card.images.fallback!.srcSet!)).toEqual([400, 800, 1600])
    expect(card.images.fallback!.src).toBe(`/${variantPath(picture, { width: 400, format: "webp" })}`)
    expect(card.images.fallback!.sizes).toContain("calc(100vw - 32px)")

    const poster = pictureData(picture, IMAGE_SLOTS.POSTER, builtVariantUrl)
    expect(srcSetWidths(poster.images.fallback!.srcSet!)).toEqual([400, 800, 1280, 1600])
    expect(poster.images.fallback!.sizes).toBe("100vw")
  })

  it("size a cover-cropped hero by the picture's own proportions", () => {
    expect(pictureData(picture, IMAGE_SLOTS.HERO, builtVariantUrl).images.fallback!.sizes).toBe("(max-aspect-ratio: 112/100) 112vh, 100vw")
    const wide = { ...picture, width: 1600, height: 900 }
    expect(pictureData(wide, IMAGE_SLOTS.HERO, builtVariantUrl).images.fallback!.sizes).toBe("(max-aspect-ratio: 124/100) 124vh, 100vw")
  })

  it("name a hero's 2x widths for a 1280 px desktop where the picture is that wide", () => {
    const large = { ...picture, width: 3200, height: 2000 }
    expect(srcSetWidths(pictureData(large, IMAGE_SLOTS.HERO, builtVariantUrl).images.fallback!.srcSet!)).toEqual([1024, 1280, 1600, 1920, 2560])
    // The sample's 1600 px pictures stop there.
    expect(srcSetWidths(pictureData(picture, IMAGE_SLOTS.HERO, builtVariantUrl).images.fallback!.srcSet!)).toEqual([1024, 1280, 1600])
  })

  it("never name a width wider than the picture", () => {
    const small = { ...picture, width: 1000, height: 625 }
    expect(Math.max(...srcSetWidths(pictureData(small, IMAGE_SLOTS.POSTER, builtVariantUrl).images.fallback!.srcSet!))).toBeLessThanOrEqual(1000)
    expect(variantsOf(small, [IMAGE_SLOTS.POSTER]).every((variant) => variant.width <= 1200)).toBe(true)
  })

  it("make a picture only the files its entities' slots name, plus the social crop", () => {
    const widths = (slots: Parameters<typeof variantsOf>[1]) =>
      variantsOf(picture, slots).map((variant) => `${variant.width}${variant.height ? `x${variant.height}` : ""}.${variant.format}`)
    expect(widths(slotsOfOwners(["episode 7"], SITE_SLOTS))).toEqual(["400.webp", "800.webp", "1280.webp", "1600.webp", "1200x630.jpg"])
    expect(widths(slotsOfOwners(["category 1"], SITE_SLOTS))).toEqual(["1024.webp", "1280.webp", "1600.webp", "1200x630.jpg"])
    expect(widths(slotsOfOwners(["site-settings null"], SITE_SLOTS))).toEqual(["1200x630.jpg"])
    // Every width any slot's srcset names is made.
    for (const slot of Object.values(IMAGE_SLOTS)) {
      const made = new Set(variantsOf(picture, [slot]).map((variant) => variant.width))
      expect(srcSetWidths(pictureData(picture, slot, builtVariantUrl).images.fallback!.srcSet!).every((width) => made.has(width))).toBe(true)
    }
  })

  it("name new files when the picture's bytes change, so they may be cached for good", () => {
    const variant = { width: 400, format: "webp" as const }
    expect(variantPath(picture, variant)).toMatch(/^_gatsby\/image\/[0-9a-f]{20}\/episode-7-400w\.webp$/)
    expect(variantPath({ ...picture, contentDigest: "changed" }, variant)).not.toBe(variantPath(picture, variant))
  })

  it("in image service mode, name the service's URLs for the same widths", () => {
    const urlOf = serviceVariantUrl("{url}?w={width}&fm={format}")
    const card = pictureData(picture, IMAGE_SLOTS.CARD, urlOf)
    expect(card.images.fallback!.srcSet).toBe(`${picture.url}?w=400&fm=webp 400w,\n${picture.url}?w=800&fm=webp 800w,\n${picture.url}?w=1600&fm=webp 1600w`)
  })
})
