import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import type { NodeInput, SourceNodesArgs } from "gatsby"
import sharp from "sharp"
import { DEFAULT_PATHS, NODE_TYPES } from "../../../plugins/gatsby-source-catalogue/src/constants"
import { finishImageWork } from "../../../plugins/gatsby-source-catalogue/src/images/work"
import { sourceNodes } from "../../../plugins/gatsby-source-catalogue/src/source-nodes"
import type { CataloguePluginOptions } from "../../../plugins/gatsby-source-catalogue/src/types"
import { IMAGE_SLOTS, IMAGE_SLOT_OWNERS } from "../../../src/styles/image-slots"
import { categoryDetails } from "./fixtures/categories"
import { FAKE_API_URL, fakeCatalogueFetch } from "./helpers/fake-catalogue-api"

// A whole sourceNodes run with real image downloads: where pictures may come
// from, and how large. The fixtures' pictures: four on the catalogue's own
// host (episode 1002's among them), episode 1001's on https://cdn.example.com.

const OWN = ["category-1", "episode-1002", "series-101", "subcategory-11"].map((name) => `http://catalogue.test/media/${name}.jpg`)
const HOSTILE = ["http://169.254.169.254/latest/meta-data/a.jpg", "http://169.254.169.254/b.jpg", "http://127.0.0.1:9/local.jpg"]

let small: Buffer
let large: Buffer
let workDir: string

beforeAll(async () => {
  small = await sharp({ create: { width: 32, height: 20, channels: 3, background: "#e63946" } })
    .jpeg()
    .toBuffer()
  // Noise does not compress: some hundred kilobytes.
  const noise = Buffer.from(Array.from({ length: 300 * 300 * 3 }, () => Math.floor(Math.random() * 256)))
  large = await sharp(noise, { raw: { width: 300, height: 300, channels: 3 } })
    .jpeg({ quality: 100 })
    .toBuffer()
})

beforeEach(() => {
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), "fetch-limits-"))
})

afterEach(() => {
  jest.restoreAllMocks()
  fs.rmSync(workDir, { recursive: true, force: true })
})

async function build(options: Partial<CataloguePluginOptions> = {}) {
  const fake = fakeCatalogueFetch({ "/categories/2": { body: { data: { ...categoryDetails["2"], images: HOSTILE.map((url) => ({ path: url })) } } } })
  const asked: string[] = []
  jest.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = String(input)
    asked.push(url)
    if (url.startsWith(FAKE_API_URL) && !url.endsWith("/changes")) return fake.fetch(input, init)
    if (url.endsWith(".jpg")) return new Response(new Uint8Array(url.endsWith("episode-1002.jpg") ? large : small), { headers: { "Content-Type": "image/jpeg" } })
    return new Response("{}", { status: 404 })
  })
  const nodes: NodeInput[] = []
  const warnings: string[] = []
  const bar = { start: jest.fn(), tick: jest.fn(), end: jest.fn(), total: 0, panicOnBuild: jest.fn() }
  const reporter = {
    info: jest.fn(),
    verbose: jest.fn(),
    warn: (message: string) => warnings.push(message),
    createProgress: () => bar,
    activityTimer: () => ({ start: jest.fn(), end: jest.fn() }),
  }
  const args = {
    actions: { createNode: (node: NodeInput) => nodes.push(node), deleteNode: jest.fn(), setPluginStatus: jest.fn() },
    createNodeId: (seed: string) => `id-${seed}`,
    createContentDigest: (content: unknown) => JSON.stringify(content).length.toString(),
    getNodesByType: () => [],
    cache: { directory: path.join(workDir, "cache"), get: async () => undefined, set: async (_: string, value: unknown) => value },
    store: { getState: () => ({ program: { directory: workDir } }) },
    reporter,
  }
  const defaults: CataloguePluginOptions = {
    apiUrl: FAKE_API_URL,
    videoApiUrl: "http://video.test",
    videoApiToken: "",
    concurrency: 4,
    retries: 0,
    retryBaseDelayMs: 0,
    requestTimeoutMs: 1000,
    paths: DEFAULT_PATHS,
    imageService: null,
    imageConcurrency: 1,
    imageSlots: IMAGE_SLOTS,
    imageSlotOwners: IMAGE_SLOT_OWNERS,
    imageOrigins: [],
    maxJsonBytes: 10 * 2 ** 20,
    maxImageBytes: 20 * 2 ** 20,
  }
  await sourceNodes!(args as unknown as SourceNodesArgs, { ...defaults, ...options } as never, () => undefined)
  await finishImageWork(reporter as never)
  const images = nodes.filter((node) => node.internal.type === NODE_TYPES.Image).map((node) => (node as { url?: string }).url)
  return { asked, warnings, images: images.sort(), panicked: bar.panicOnBuild.mock.calls.length > 0 }
}

describe("sourceNodes' fetch limits", () => {
  it("fetches pictures on the catalogue's origin only, warns once per other host, never asks it, and still builds", async () => {
    const { asked, warnings, images, panicked } = await build()
    expect(panicked).toBe(false)
    expect(images).toEqual(OWN)
    expect(asked.filter((url) => !url.startsWith("http://catalogue.test/"))).toEqual([])
    const refusals = warnings.filter((message) => message.startsWith("Not fetching from"))
    expect(refusals).toEqual([
      expect.stringMatching(
        /^Not fetching from 169\.254\.169\.254: the build only fetches from http:\/\/catalogue\.test, http:\/\/video\.test .* Skipped, first: http:\/\/169\.254\.169\.254\/latest\/meta-data\/a\.jpg$/,
      ),
      expect.stringMatching(/^Not fetching from 127\.0\.0\.1:9: /),
      expect.stringMatching(/^Not fetching from cdn\.example\.com: /),
    ])
  })

  it("fetches from an origin the imageOrigins option adds", async () => {
    const { asked, warnings, images } = await build({ imageOrigins: ["https://cdn.example.com"] })
    expect(images).toContain("https://cdn.example.com/e/1001.jpg")
    expect(asked).toContain("https://cdn.example.com/e/1001.jpg")
    expect(warnings.filter((message) => message.startsWith("Not fetching from cdn.example.com"))).toEqual([])
  })

  it("leaves out a picture over maxImageBytes as a broken one, and builds", async () => {
    expect(large.length).toBeGreaterThan(64 * 1024)
    expect(small.length).toBeLessThan(64 * 1024)
    const { warnings, images, panicked } = await build({ maxImageBytes: 64 * 1024 })
    expect(panicked).toBe(false)
    expect(images).toEqual(OWN.filter((url) => !url.endsWith("episode-1002.jpg")))
    expect(warnings).toContain(
      "Image http://catalogue.test/media/episode-1002.jpg of episode 1002 could not be used (answered more than 64 KiB (the maxImageBytes option)); it is left out.",
    )
  })
})
