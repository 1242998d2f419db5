import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import type { GatsbyCache } from "gatsby"
import sharp from "sharp"
import { pictureData, serviceVariantUrl, srcSetWidths, SOCIAL_VARIANT } from "../../../../plugins/gatsby-source-catalogue/src/images/variants"
import { fetchImages, SERVICE_PROBE_WIDTH, smallCopyUrl } from "../../../../plugins/gatsby-source-catalogue/src/images/probe"
import { openImageStore } from "../../../../plugins/gatsby-source-catalogue/src/images/store"
import { createLimiter } from "../../../../plugins/gatsby-source-catalogue/src/http/limiter"
import { requestLimits } from "../helpers/request-limits"
import { REFERENCE_IMAGE_SERVICE_TEMPLATE, imageServiceFromEnv } from "../../../../plugins/gatsby-source-catalogue/src/plugin-options-schema"
import { mediaDir } from "../../../../cms/src/config"
import { startTestServer, type TestServer } from "../../../cms/helpers/test-server"
import { IMAGE_SLOTS } from "../../../../src/styles/image-slots"

// Image service mode against the bundled reference server's real resize endpoint:
// the build asks for a 64 px copy only, and every URL the pages would name answers with that width.

let server: TestServer
let cacheDir: string

beforeAll(async () => {
  server = await startTestServer()
  cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), "image-service-"))
})

afterAll(async () => {
  await server.destroy()
  fs.rmSync(cacheDir, { recursive: true, force: true })
})

const cacheIn = (directory: string) => ({ name: "test", directory, get: async () => undefined, set: async (_: string, value: unknown) => value }) as unknown as GatsbyCache

/** Every file under `dir`. */
const filesUnder = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)]))

describe("image service mode", () => {
  it("learns a picture's proportions and colour from a 64 px copy and never downloads the original", async () => {
    const service = imageServiceFromEnv({ CATALOGUE_IMAGE_SERVICE: "on", CATALOGUE_API_URL: `${server.origin}/api` })!
    expect(service).toEqual({ origins: [server.origin], urlTemplate: REFERENCE_IMAGE_SERVICE_TEMPLATE, maxWidth: 1600 })
    const url = `${server.origin}/media/series-101.jpg`
    const files = await fetchImages([url], {
      cache: cacheIn(cacheDir),
      imageService: service,
      limiter: createLimiter(1),
      limits: requestLimits(server.origin),
      usedBy: new Map(),
      warn: jest.fn(),
    })
    const file = files.get(url)!
    expect(file).toMatchObject({ url, width: 1600, height: 1000, mimeType: "image/jpeg" })
    expect(file.placeholderColor).toMatch(/^#[0-9a-f]{6}$/)
    expect(file.sourceFile).toBeUndefined()
    // All the build asked for: one small copy, read in memory.
    expect(filesUnder(cacheDir)).toEqual([])
    expect(fs.readdirSync(path.join(mediaDir(server.dataDir), "resized"))).toEqual([`series-101-w${SERVICE_PROBE_WIDTH}.jpg`])

    // Every width the poster names is served by the service, in WebP, at that width.
    const poster = pictureData({ ...file, contentDigest: file.contentDigest }, IMAGE_SLOTS.POSTER, serviceVariantUrl(service.urlTemplate))
    const srcSet = poster.images.fallback!.srcSet!
    expect(srcSetWidths(srcSet)).toEqual([400, 800, 1280, 1600])
    for (const candidate of srcSet.split(",")) {
      const [address, descriptor] = candidate.trim().split(" ")
      const response = await fetch(address!)
      expect(response.headers.get("content-type")).toBe("image/webp")
      const metadata = await sharp(Buffer.from(await response.arrayBuffer())).metadata()
      expect(`${metadata.width}w`).toBe(descriptor)
    }
    const social = await fetch(serviceVariantUrl(service.urlTemplate)({ ...file }, SOCIAL_VARIANT))
    expect(social.headers.get("content-type")).toBe("image/jpeg")
    // Reading the body also lets the server close: an unread response keeps its socket busy.
    const socialMetadata = await sharp(Buffer.from(await social.arrayBuffer())).metadata()
    // A width-only service cannot crop, so the social image keeps the picture's proportions.
    expect([socialMetadata.width, socialMetadata.height]).toEqual([SOCIAL_VARIANT.width, (SOCIAL_VARIANT.width * file.height) / file.width])
  })

  it("keeps a picture's facts in the image store: the next full read asks the service nothing while its answer is fresh, and asks again once it is not", async () => {
    // A server of its own: the first test counts what was asked of the shared one.
    const own = await startTestServer()
    const service = imageServiceFromEnv({ CATALOGUE_IMAGE_SERVICE: "on", CATALOGUE_API_URL: `${own.origin}/api` })!
    const store = openImageStore(fs.mkdtempSync(path.join(os.tmpdir(), "image-service-store-")))
    const url = `${own.origin}/media/series-102.jpg`
    const read = () =>
      fetchImages([url], {
        cache: cacheIn(cacheDir),
        imageService: service,
        limiter: createLimiter(1),
        limits: requestLimits(own.origin),
        usedBy: new Map(),
        warn: jest.fn(),
        store,
      })
    const asked = jest.spyOn(globalThis, "fetch")
    try {
      const first = (await read()).get(url)
      expect(asked.mock.calls.map(([address]) => String(address))).toEqual([smallCopyUrl(service, url)])
      expect(first).toMatchObject({ url, width: 1600, height: 1000 })

      asked.mockClear()
      expect((await read()).get(url)).toEqual(first)
      expect(asked).not.toHaveBeenCalled()

      // The answer as a year later: no longer fresh.
      const stored = (await store.readFacts(url, smallCopyUrl(service, url)))!
      await store.writeFacts(url, { ...stored, validators: { ...stored.validators, freshUntil: Date.now() - 1 } }, smallCopyUrl(service, url))
      expect((await read()).get(url)).toEqual(first)
      expect(asked).toHaveBeenCalledTimes(1)
    } finally {
      asked.mockRestore()
      fs.rmSync(store.directory, { recursive: true, force: true })
      await own.destroy()
    }
  })

  it("is off unless asked, and refuses a template it could not fill", () => {
    expect(imageServiceFromEnv({})).toBeNull()
    expect(imageServiceFromEnv({ CATALOGUE_IMAGE_SERVICE: "off" })).toBeNull()
    expect(imageServiceFromEnv({ CATALOGUE_IMAGE_SERVICE: "https://img.example/{url}?width={width}&f={format}", CATALOGUE_API_URL: "https://cms.example/api" })).toEqual({
      origins: ["https://cms.example"],
      urlTemplate: "https://img.example/{url}?width={width}&f={format}",
      maxWidth: 1600,
    })
    expect(() => imageServiceFromEnv({ CATALOGUE_IMAGE_SERVICE: "https://img.example/resize" })).toThrow(/URL template with \{url\}, \{width\}/)
  })
})
