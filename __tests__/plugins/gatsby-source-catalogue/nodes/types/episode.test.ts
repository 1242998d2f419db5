import { NODE_TYPES } from "../../../../../plugins/gatsby-source-catalogue/src/constants"
import { createEpisodeNode } from "../../../../../plugins/gatsby-source-catalogue/src/nodes/types/episode"
import { fakeGatsbyApi } from "../../helpers/fake-gatsby-api"
import { fakeNodeLinks } from "../../helpers/fake-node-links"

describe("createEpisodeNode", () => {
  it("builds one episode's node on its own, from the episode and what it links to", () => {
    const gatsby = fakeGatsbyApi()
    const links = fakeNodeLinks([`${NODE_TYPES.Series}-7`], {
      "vid-1": { playerEmbedUrl: "https://player.example/1", durationSeconds: 754, releaseTime: "2026-03-01T10:00:00Z", pictureUrl: "https://pictures.example/1.jpg" },
    })
    const episode = {
      id: 1,
      title: "One",
      path: "vid-1",
      description: "<p>A <b>first</b> look</p>",
      episode: 1,
      video_id: 9,
      images: [{ path: "/e.jpg" }],
      updated_at: "2026-02-03T04:05:06Z",
      seo: { title: "Watch One", description: "A first look.", image: { path: "/broken/social.txt", alt: "Someone stretching" }, canonical_url: "https://elsewhere.example/one" },
    }
    const id = createEpisodeNode(gatsby.args, { episode, seriesId: "7", subcategoryId: "3" }, links)
    expect(id).toBe("node-id-of-CatalogueEpisode-1")
    expect(gatsby.nodes).toEqual([
      expect.objectContaining({
        id,
        _id: "1",
        title: "One",
        description: "<p>A <b>first</b> look</p>",
        descriptionText: "A first look",
        episode: 1,
        videoPath: "vid-1",
        videoId: "9",
        playerEmbedUrl: "https://player.example/1",
        videoDurationSeconds: 754,
        videoReleaseTime: "2026-03-01T10:00:00Z",
        videoPictureUrl: "https://pictures.example/1.jpg",
        updatedAt: "2026-02-03T04:05:06Z",
        // The social image could not be used: none is linked, but what was asked for is kept to report it.
        seo: {
          title: "Watch One",
          description: "A first look.",
          image: null,
          imageAlt: "Someone stretching",
          imageRequested: "/broken/social.txt",
          canonicalUrl: "https://elsewhere.example/one",
          noindex: false,
        },
        seriesId: "7",
        seriesNode: "node-id-of-CatalogueSeries-7",
        // Subcategory 3 is not in the catalogue: no link rather than a dangling one.
        subcategoryId: null,
        subcategoryNode: null,
        images: ["image-node-of-/e.jpg"],
        internal: expect.objectContaining({ type: NODE_TYPES.Episode }),
      }),
    ])
  })

  it("leaves what the API left out null", () => {
    const gatsby = fakeGatsbyApi()
    createEpisodeNode(gatsby.args, { episode: { id: "e-2" }, seriesId: "7", subcategoryId: "3" }, fakeNodeLinks([]))
    expect(gatsby.nodes[0]).toMatchObject({
      _id: "e-2",
      title: null,
      description: null,
      descriptionText: null,
      episode: null,
      videoPath: null,
      videoId: null,
      playerEmbedUrl: null,
      videoDurationSeconds: null,
      // Always lists, so a page maps over them without a null check.
      chapters: [],
      transcripts: [],
      images: [],
      seo: null,
      updatedAt: null,
    })
  })
})
