import { assembleSnapshot } from "../../../../plugins/gatsby-source-catalogue/src/crawl/assemble"
import type { NodeInput } from "gatsby"
import { createHttpClient } from "../../../../plugins/gatsby-source-catalogue/src/http/client"
import { DEFAULT_PATHS, NODE_TYPES } from "../../../../plugins/gatsby-source-catalogue/src/constants"
import { crawlCatalogue } from "../../../../plugins/gatsby-source-catalogue/src/crawl/full"
import { imageUrl } from "../../../../contract/image-url"
import type { ApiImage } from "../../../../contract/schemas"
import { buildCatalogueNodes } from "../../../../plugins/gatsby-source-catalogue/src/nodes/build-catalogue-nodes"
import type { ImageFile } from "../../../../plugins/gatsby-source-catalogue/src/images/probe"
import { createLimiter } from "../../../../plugins/gatsby-source-catalogue/src/http/limiter"
import { fakeGatsbyApi } from "../helpers/fake-gatsby-api"
import { FAKE_API_URL, fakeCatalogueFetch } from "../helpers/fake-catalogue-api"
import { requestLimits } from "../helpers/request-limits"

async function buildNodes(override: Parameters<typeof fakeCatalogueFetch>[0] = {}, brokenImages: string[] = []) {
  const fake = fakeCatalogueFetch(override)
  const client = createHttpClient({
    ...requestLimits(FAKE_API_URL),
    baseUrl: FAKE_API_URL,
    timeoutMs: 1000,
    retries: 0,
    retryBaseDelayMs: 0,
    limiter: createLimiter(4),
    fetch: fake.fetch,
  })
  const snapshot = assembleSnapshot(await crawlCatalogue({ client, paths: DEFAULT_PATHS, warn: () => undefined }))
  const images = new Map<string, ImageFile>()
  const toUrl = (image: ApiImage | null | undefined) => imageUrl(image, FAKE_API_URL)
  for (const url of [
    "http://catalogue.test/media/category-1.jpg",
    "http://catalogue.test/media/series-101.jpg",
    "https://cdn.example.com/e/1001.jpg",
    "http://catalogue.test/media/episode-1002.jpg",
    "http://catalogue.test/media/subcategory-11.jpg",
  ]) {
    if (brokenImages.includes(url)) continue
    images.set(url, { url, filename: "x.jpg", mimeType: "image/jpeg", width: 1600, height: 1000, filesize: 10, contentDigest: `d-${url}`, placeholderColor: "#336699" })
  }
  const gatsby = fakeGatsbyApi()
  buildCatalogueNodes(gatsby.args, snapshot, {
    imageUrl: toUrl,
    images,
    videos: new Map([
      [
        "vid-1001",
        {
          playerEmbedUrl: "https://player.example/1001",
          durationSeconds: 615,
          releaseTime: "2026-01-02T03:04:05Z",
          pictureUrl: null,
          chapters: [],
          textTracks: [],
          transcripts: [],
        },
      ],
    ]),
  })
  const ofType = (type: string) => gatsby.nodes.filter((node) => node.internal.type === type) as (NodeInput & Record<string, unknown>)[]
  const one = (type: string, id: string) => ofType(type).find((node) => node._id === id)!
  return { ofType, one }
}

describe("buildCatalogueNodes", () => {
  it("creates a node per entity, linked by upstream ids in API order", async () => {
    const { ofType, one } = await buildNodes()
    expect(ofType(NODE_TYPES.Category).map((n) => [n._id, n.subcategoryIds, n.position])).toEqual([
      ["1", ["11", "12"], 0],
      ["2", ["21"], 1],
    ])
    expect(one(NODE_TYPES.Subcategory, "11")).toMatchObject({ categoryId: "1", seriesIds: ["101", "102"], shortDesc: "Fast intervals." })
    expect(one(NODE_TYPES.Series, "101")).toMatchObject({ subcategoryId: "11", episodeIds: ["1001", "1002"], tags: ["Hard"] })
    expect(one(NODE_TYPES.Episode, "1001")).toMatchObject({
      seriesId: "101",
      subcategoryId: "11",
      episode: 1,
      videoPath: "vid-1001",
      videoId: "1001",
      playerEmbedUrl: "https://player.example/1001",
    })
    expect(one(NODE_TYPES.Episode, "1002").playerEmbedUrl).toBeNull()
  })

  it("links by Gatsby node id, beside the upstream ids, so pages depend only on the nodes they read", async () => {
    const { one } = await buildNodes({ "/sub-categories/12": { status: 404 } })
    const nodeOf = (type: string, id: string) => one(type, id).id
    expect(one(NODE_TYPES.Category, "1").subcategoryNodes).toEqual([nodeOf(NODE_TYPES.Subcategory, "11")])
    expect(one(NODE_TYPES.Subcategory, "11")).toMatchObject({
      categoryNode: nodeOf(NODE_TYPES.Category, "1"),
      seriesNodes: [nodeOf(NODE_TYPES.Series, "101"), nodeOf(NODE_TYPES.Series, "102")],
    })
    expect(one(NODE_TYPES.Series, "101").episodeNodes).toEqual([nodeOf(NODE_TYPES.Episode, "1001"), nodeOf(NODE_TYPES.Episode, "1002")])
    expect(one(NODE_TYPES.Episode, "1001")).toMatchObject({
      seriesNode: nodeOf(NODE_TYPES.Series, "101"),
      subcategoryNode: nodeOf(NODE_TYPES.Subcategory, "11"),
    })
    expect(one(NODE_TYPES.FeaturedItem, "2").categoryNode).toBeNull()
  })

  it("sanitises every description and keeps nulls as nulls", async () => {
    const { one } = await buildNodes()
    expect(one(NODE_TYPES.Category, "1").description).toBe("<p>Fitness </p>")
    expect(one(NODE_TYPES.Subcategory, "11").description).toBe("<p>Intervals <a>go</a></p>")
    expect(one(NODE_TYPES.Category, "2")).toMatchObject({ shortDesc: null, pageSubTitle: null, description: null, images: [] })
    expect(one(NODE_TYPES.Series, "102")).toMatchObject({ description: null, tags: [] })
  })

  it("gives every description its plain text, from the sanitised HTML, null when empty", async () => {
    const { one } = await buildNodes()
    expect(one(NODE_TYPES.Category, "1").descriptionText).toBe("Fitness")
    expect(one(NODE_TYPES.Subcategory, "11").descriptionText).toBe("Intervals go")
    expect(one(NODE_TYPES.Series, "101").descriptionText).toBe("Thirty days")
    expect(one(NODE_TYPES.FeaturedItem, "1").descriptionText).toBe("Fit")
    expect(one(NODE_TYPES.Episode, "1001").descriptionText).toBe("Warm up, then go.")
    expect(one(NODE_TYPES.Category, "2").descriptionText).toBeNull()
    expect(one(NODE_TYPES.Series, "102").descriptionText).toBeNull()
  })

  it("links images as image nodes, resolving relative paths against the API origin", async () => {
    const { ofType, one } = await buildNodes()
    const imageNodes = ofType(NODE_TYPES.Image)
    const idOf = (url: string) => imageNodes.find((n) => n.url === url)!.id
    expect(one(NODE_TYPES.Category, "1").images).toEqual([idOf("http://catalogue.test/media/category-1.jpg")])
    expect(one(NODE_TYPES.Episode, "1001").images).toEqual([idOf("https://cdn.example.com/e/1001.jpg")])
    expect(imageNodes[0]!.internal.contentDigest).toMatch(/^d-/)
  })

  it("leaves a broken image out of its entity", async () => {
    const { one } = await buildNodes({}, ["http://catalogue.test/media/series-101.jpg"])
    expect(one(NODE_TYPES.Series, "101").images).toEqual([])
  })

  it("drops links to entities that were skipped, so no page query meets a dangling link", async () => {
    const { one } = await buildNodes({ "/sub-categories/12": { status: 404 } })
    expect(one(NODE_TYPES.Category, "1").subcategoryIds).toEqual(["11"])
  })

  it("marks the fitness and entertainment features and their categories", async () => {
    const { one } = await buildNodes()
    expect(one(NODE_TYPES.FeaturedItem, "1")).toMatchObject({ role: "fitness", categoryId: "1", position: 2 })
    // Its category (99) is not in the catalogue: no link rather than a broken one.
    expect(one(NODE_TYPES.FeaturedItem, "2")).toMatchObject({ role: "entertainment", categoryId: null })
    expect(one(NODE_TYPES.FeaturedItem, "3")).toMatchObject({ role: null, categoryId: null, position: 2, description: null })
  })

  it("keeps statistics in order with numbers for missing totals", async () => {
    const { ofType } = await buildNodes()
    expect(ofType(NODE_TYPES.CategoryStatistic).map((n) => [n.title, n.totalVideos, n.position])).toEqual([
      ["Fitness", 3, 0],
      ["Dance", 0, 1],
    ])
  })
})
