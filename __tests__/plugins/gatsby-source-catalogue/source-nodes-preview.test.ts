import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import type { NodeInput, SourceNodesArgs } from "gatsby"
import { PREVIEW_TOKEN_HEADER } from "../../../contract/preview/draft-videos"
import { DEFAULT_PATHS, NODE_TYPES } from "../../../plugins/gatsby-source-catalogue/src/constants"
import * as probe from "../../../plugins/gatsby-source-catalogue/src/images/probe"
import { sourceNodes } from "../../../plugins/gatsby-source-catalogue/src/source-nodes"
import { startTestServer, TEST_VIDEO_TOKEN, type TestServer } from "../../cms/helpers/test-server"
import { statefulGatsby } from "./helpers/fake-gatsby-api"

// catalogue-api.md, "Drafts and preview", from the plugin's side, against the
// reference server: a build given CATALOGUE_PREVIEW_TOKEN reads the draft
// view (and its changes feed), a build without it the published view, and a
// preview of a backend without drafts the published view, saying so.

// Pictures are not what most of these tests are about: none is fetched unless a test says so.
jest.mock("../../../plugins/gatsby-source-catalogue/src/images/probe", () => ({
  ...jest.requireActual("../../../plugins/gatsby-source-catalogue/src/images/probe"),
  fetchImages: jest.fn(async () => new Map()),
}))

const PREVIEW_TOKEN = "plugin-preview-token-0123456789"

/** A Gatsby that keeps its nodes between builds of one cache folder; every request the build makes is kept. */
function fakeGatsby(server: TestServer) {
  const cacheDirectory = fs.mkdtempSync(path.join(os.tmpdir(), "catalogue-preview-"))
  const { nodes, log, args } = statefulGatsby(cacheDirectory)
  const options = {
    apiUrl: `${server.origin}/api`,
    videoApiUrl: `${server.origin}/video-host`,
    videoApiToken: TEST_VIDEO_TOKEN,
    concurrency: 4,
    retries: 0,
    retryBaseDelayMs: 0,
    requestTimeoutMs: 5000,
    paths: DEFAULT_PATHS,
    imageService: null,
    imageOrigins: [],
    maxJsonBytes: 10 * 2 ** 20,
    maxImageBytes: 20 * 2 ** 20,
  }
  return {
    /** One build, as the preview lane (with the token) or the live one; answers its log and the requests it made. */
    async build(token?: string) {
      const requests: { url: string; authorization: string | null; previewHeader: string | null }[] = []
      const realFetch = globalThis.fetch
      const spy = jest.spyOn(globalThis, "fetch").mockImplementation((input, init) => {
        const headers = new Headers(init?.headers)
        requests.push({ url: String(input), authorization: headers.get("authorization"), previewHeader: headers.get(PREVIEW_TOKEN_HEADER) })
        return realFetch(input, init)
      })
      const before = process.env.CATALOGUE_PREVIEW_TOKEN
      if (token) process.env.CATALOGUE_PREVIEW_TOKEN = token
      else delete process.env.CATALOGUE_PREVIEW_TOKEN
      log.length = 0
      try {
        await sourceNodes!(args as unknown as SourceNodesArgs, options as never, () => undefined)
      } finally {
        spy.mockRestore()
        if (before === undefined) delete process.env.CATALOGUE_PREVIEW_TOKEN
        else process.env.CATALOGUE_PREVIEW_TOKEN = before
      }
      return { log: log.join("\n"), requests }
    },
    node: (type: string, id: string) => nodes.get(`id-${type}-${id}`) as (NodeInput & Record<string, unknown>) | undefined,
    settings: () => args.getNodesByType(NODE_TYPES.SiteSettings)[0] as NodeInput & Record<string, unknown>,
    dispose: () => fs.rmSync(cacheDirectory, { recursive: true, force: true }),
  }
}

describe("a build of the draft view", () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer({}, { drafts: { previewToken: PREVIEW_TOKEN } })
  })
  afterAll(async () => {
    await server.destroy()
  })
  const saveDraft = (path: string, fields: unknown) =>
    server.admin(`drafts/${path}`, { method: "PATCH", headers: { "content-type": "application/json" }, body: JSON.stringify(fields) })

  it("with the preview token shows the drafts, flagged, then reads only what the draft feed names; the token goes to the catalogue's origin alone", async () => {
    await saveDraft("series/101", { title: "HIIT, Drafted" })
    const preview = fakeGatsby(server)
    try {
      const first = await preview.build(PREVIEW_TOKEN)
      expect(first.log).not.toMatch(/PANIC|WARN .*draft view/)
      expect(preview.node(NODE_TYPES.Series, "101")).toMatchObject({ title: "HIIT, Drafted", draft: true })
      expect(preview.node(NODE_TYPES.Series, "102")).toMatchObject({ draft: false })
      expect(preview.settings()).toMatchObject({ previewLane: true, draftView: true, previewNote: null })
      const carrying = first.requests.filter((request) => request.authorization === `Bearer ${PREVIEW_TOKEN}`)
      expect(carrying.length).toBeGreaterThan(10)
      expect(carrying.filter((request) => !(request.url.startsWith(`${server.origin}/api/`) && new URL(request.url).searchParams.get("preview") === "1"))).toEqual([])
      // The video host is the catalogue's (the reference server's): its own token, and the preview token beside it.
      const lookups = first.requests.filter((request) => request.url.includes("/video-host/"))
      expect(lookups.length).toBeGreaterThan(10)
      expect(lookups.every((request) => request.authorization === `Bearer ${TEST_VIDEO_TOKEN}` && request.previewHeader === PREVIEW_TOKEN)).toBe(true)
      expect(first.requests.filter((request) => request.previewHeader !== null && !request.url.startsWith(`${server.origin}/video-host/`))).toEqual([])

      await saveDraft("episodes/1001", { title: "Day 1, Drafted" })
      const second = await preview.build(PREVIEW_TOKEN)
      expect(second.log).toMatch(/delta read of \d+ changed and 0 deleted/)
      expect(preview.node(NODE_TYPES.Episode, "1001")).toMatchObject({ title: "Day 1, Drafted", draft: true })
    } finally {
      preview.dispose()
    }
  })

  it("gets a draft-only episode's pictures and player with the token, where the live build gets neither", async () => {
    const series = await server.admin("drafts/series", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ sub_category_id: 13, title: "Preview Only Series" }),
    })
    const episode = await server.admin("drafts/episodes", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ series_id: series.body.data.id, path: "790000701", title: "Preview Only Episode", images: ["/media/episode-790701.jpg"] }),
    })
    expect(episode.status).toBe(201)
    const draftPicture = `${server.origin}/media/episode-790701.jpg`
    const fetchImages = jest.mocked(probe.fetchImages)
    const { fetchImages: realFetchImages } = jest.requireActual<typeof probe>("../../../plugins/gatsby-source-catalogue/src/images/probe")
    // This build's picture requests, as the build makes them, for the draft's picture alone (no other is drawn or processed).
    const fetched: Map<string, probe.ImageFile>[] = []
    fetchImages.mockImplementationOnce(async (urls, context) => {
      const found = await realFetchImages(
        [...urls].filter((url) => url === draftPicture),
        { ...context, onImage: undefined, store: undefined },
      )
      fetched.push(found)
      return found
    })
    const preview = fakeGatsby(server)
    const live = fakeGatsby(server)
    try {
      await preview.build(PREVIEW_TOKEN)
      expect(fetched[0]?.get(draftPicture)).toMatchObject({ mimeType: "image/jpeg", width: 1600 })
      const node = preview.node(NODE_TYPES.Episode, String(episode.body.data.id))
      expect(node).toMatchObject({ title: "Preview Only Episode", draft: true })
      const player = await fetch(String(node!.playerEmbedUrl))
      expect([player.status, await player.text()]).toEqual([200, expect.stringContaining("<title>Preview Only Episode</title>")])

      const visitorsBuild = await live.build()
      expect(live.node(NODE_TYPES.Episode, String(episode.body.data.id))).toBeUndefined()
      expect(visitorsBuild.requests.some((request) => request.url.includes("790000701") || request.url.includes("790701"))).toBe(false)
      const liveCall = fetchImages.mock.calls.at(-1)!
      expect(liveCall[1].limits.credentials).toBeUndefined()
    } finally {
      preview.dispose()
      live.dispose()
    }
  })

  it("gives episodes the video host's chapters and transcripts, and a draft-only episode its own with the preview token alone", async () => {
    const series = await server.admin("drafts/series", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ sub_category_id: 11, title: "Captioned Draft Series" }),
    })
    // A video id of a third (id % 3 === 1): the reference server gives it chapters and English captions.
    const fields = { series_id: series.body.data.id, path: "790000801", video_id: 790000801, title: "Captioned Draft Episode" }
    const episode = await server.admin("drafts/episodes", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(fields) })
    expect(episode.status).toBe(201)
    const preview = fakeGatsby(server)
    const live = fakeGatsby(server)
    try {
      const built = await live.build()
      expect(built.log).not.toMatch(/WARN .*(transcript|chapter)/)
      const captioned = live.node(NODE_TYPES.Episode, "1002")!
      const chapters = captioned.chapters as { start: number; end: number; title: string }[]
      expect(chapters[0]).toMatchObject({ start: 0, title: "Warm-up" })
      expect(chapters.every((chapter, index) => chapter.end === (chapters[index + 1]?.start ?? captioned.videoDurationSeconds))).toBe(true)
      const transcripts = captioned.transcripts as { language: string; kind: string; paragraphs: { start: number; text: string }[] }[]
      expect(transcripts.map(({ language, kind }) => [language, kind])).toEqual([
        ["en", "captions"],
        ["es", "subtitles"],
      ])
      expect(transcripts[0]!.paragraphs[0]!.text).toMatch(/^Instructor: Welcome to /)
      expect(transcripts.flatMap((transcript) => transcript.paragraphs).every((paragraph) => paragraph.text !== "" && !/[<>]/.test(paragraph.text))).toBe(true)
      expect(live.node(NODE_TYPES.Episode, "1001")).toMatchObject({ chapters: [], transcripts: [] })
      expect(built.log).toMatch(/Transcripts: \d+ of \d+ text tracks/)

      await preview.build(PREVIEW_TOKEN)
      const draft = preview.node(NODE_TYPES.Episode, String(episode.body.data.id))!
      expect((draft.transcripts as { language: string }[]).map((transcript) => transcript.language)).toEqual(["en"])
      expect((draft.chapters as unknown[]).length).toBeGreaterThanOrEqual(3)
    } finally {
      preview.dispose()
      live.dispose()
    }
  })

  it("without the token shows the published catalogue, as visitors see it", async () => {
    await saveDraft("series/103", { title: "Never Live" })
    const live = fakeGatsby(server)
    try {
      const build = await live.build()
      expect(build.requests.some((request) => request.url.includes("preview=") || request.authorization?.includes(PREVIEW_TOKEN) || request.previewHeader !== null)).toBe(false)
      expect(live.node(NODE_TYPES.Series, "103")?.title).not.toBe("Never Live")
      expect(live.node(NODE_TYPES.Series, "103")).toMatchObject({ draft: false })
      expect(live.settings()).toMatchObject({ previewLane: false, draftView: false, previewNote: null })
    } finally {
      live.dispose()
    }
  })
})

describe("a preview of a backend without drafts", () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer()
  })
  afterAll(async () => {
    await server.destroy()
  })

  it("shows the published catalogue and says why", async () => {
    const preview = fakeGatsby(server)
    try {
      const build = await preview.build(PREVIEW_TOKEN)
      expect(build.log).toMatch(/WARN The catalogue refused the draft view \(.*\/api\/categories answered 401\): this preview shows the published catalogue\./)
      expect(preview.settings()).toMatchObject({ previewLane: true, draftView: false, previewNote: expect.stringMatching(/refused the draft view/) })
      expect(preview.node(NODE_TYPES.Series, "101")).toMatchObject({ draft: false })
    } finally {
      preview.dispose()
    }
  })
})
