import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import sharp from "sharp"
import { createImageProcessor } from "../../../../plugins/gatsby-source-catalogue/src/images/process"
import { dominantColor } from "../../../../plugins/gatsby-source-catalogue/src/images/probe"
import { variantPath, variantsOf, type PictureFacts } from "../../../../plugins/gatsby-source-catalogue/src/images/variants"
import { IMAGE_SLOTS } from "../../../../src/styles/image-slots"

let dir: string
let source: string
const picture: PictureFacts = { url: "http://cms.test/media/series-3.jpg", filename: "series-3.jpg", width: 1600, height: 1000, placeholderColor: null, contentDigest: "d1" }

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "image-processing-"))
  source = path.join(dir, "series-3.jpg")
  // Red on the left three quarters, blue on the right: a dominant colour to find and a crop to check.
  const left = await sharp({ create: { width: 1200, height: 1000, channels: 3, background: "#d02020" } })
    .png()
    .toBuffer()
  await sharp({ create: { width: 1600, height: 1000, channels: 3, background: "#2020d0" } })
    .composite([{ input: left, left: 0, top: 0 }])
    .jpeg()
    .toFile(source)
})

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

const processor = (name: string) => createImageProcessor({ cacheDir: path.join(dir, name, "cache"), publicDir: path.join(dir, name, "public"), concurrency: 2, warn: jest.fn() })

describe("the image processor", () => {
  it("makes each file the picture's slots name at its width, publishes it, and reads the source once", async () => {
    const work = processor("first")
    const sourceFile = jest.fn(async () => source)
    work.ensure(picture, [IMAGE_SLOTS.CARD, IMAGE_SLOTS.HERO], sourceFile)
    const summary = await work.finish()
    const variants = variantsOf(picture, [IMAGE_SLOTS.CARD, IMAGE_SLOTS.HERO])
    expect(summary).toMatchObject({ processed: 1, variants: variants.length, reused: 0, failed: 0 })
    expect(sourceFile).toHaveBeenCalledTimes(1)
    for (const variant of variants) {
      const published = path.join(dir, "first", "public", variantPath(picture, variant))
      const metadata = await sharp(published).metadata()
      expect(metadata.format).toBe(variant.format === "jpg" ? "jpeg" : "webp")
      expect(metadata.width).toBe(variant.width)
      expect(metadata.height).toBe(variant.height ?? Math.round((variant.width * 1000) / 1600))
      // A hard link to the cached file: no second copy of the bytes.
      expect(fs.statSync(published).nlink).toBe(2)
    }
  })

  it("makes nothing when the cache has the files: a rebuild processes 0 pictures, even with public/ emptied", async () => {
    const first = processor("warm")
    first.ensure(picture, [IMAGE_SLOTS.CARD], async () => source)
    await first.finish()
    fs.rmSync(path.join(dir, "warm", "public"), { recursive: true })
    const again = processor("warm")
    const sourceFile = jest.fn(async () => source)
    again.ensure(picture, [IMAGE_SLOTS.CARD], sourceFile)
    await expect(again.finish()).resolves.toMatchObject({ processed: 0, variants: 0, reused: 1 })
    expect(sourceFile).not.toHaveBeenCalled()
    expect(fs.existsSync(path.join(dir, "warm", "public", variantPath(picture, { width: 400, format: "webp" })))).toBe(true)
  })

  it("makes new files for changed bytes at the same URL", async () => {
    const work = processor("changed")
    work.ensure(picture, [IMAGE_SLOTS.CARD], async () => source)
    work.ensure({ ...picture, contentDigest: "d2" }, [IMAGE_SLOTS.CARD], async () => source)
    await expect(work.finish()).resolves.toMatchObject({ processed: 2 })
  })

  it("warns, naming the picture, when its source cannot be read, and carries on", async () => {
    const warn = jest.fn()
    const work = createImageProcessor({ cacheDir: path.join(dir, "bad", "cache"), publicDir: path.join(dir, "bad", "public"), concurrency: 1, warn })
    const notImage = path.join(dir, "not-an-image.jpg")
    fs.writeFileSync(notImage, "<html>")
    work.ensure({ ...picture, url: "http://cms.test/media/broken.jpg" }, [IMAGE_SLOTS.CARD], async () => notImage)
    work.ensure(picture, [IMAGE_SLOTS.CARD], async () => source)
    await expect(work.finish()).resolves.toMatchObject({ processed: 1, failed: 1 })
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("http://cms.test/media/broken.jpg"))
  })
})

describe("dominantColor", () => {
  it("is the colour most of the picture is", async () => {
    const color = await dominantColor(source)
    const [r, g, b] = [1, 3, 5].map((at) => Number.parseInt(color!.slice(at, at + 2), 16))
    expect(r).toBeGreaterThan(180)
    expect(b).toBeLessThan(80)
    expect(g).toBeLessThan(80)
  })
})
