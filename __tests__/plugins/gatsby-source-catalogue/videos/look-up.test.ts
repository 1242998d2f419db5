import http from "node:http"
import type { AddressInfo } from "node:net"
import type { Reporter } from "gatsby"
import { DEFAULT_PATHS } from "../../../../plugins/gatsby-source-catalogue/src/constants"
import { lookUpVideos, videoApiToken, videosReadAgain } from "../../../../plugins/gatsby-source-catalogue/src/videos/look-up"
import type { CatalogueSnapshot, CataloguePluginOptions } from "../../../../plugins/gatsby-source-catalogue/src/types"
import { within } from "../helpers/deadline"
import { requestLimits } from "../helpers/request-limits"

// The token is read from the environment when the plugin runs, never taken
// into the plugin's options: Gatsby persists those under .cache.

const ENV_TOKEN = "token-from-the-environment"
let server: http.Server
let videoApiUrl: string
const authorizations: (string | undefined)[] = []
const savedToken = process.env.VIDEO_API_TOKEN

beforeAll(async () => {
  server = http.createServer((req, res) => {
    authorizations.push(req.headers.authorization)
    res.end(JSON.stringify({ player_embed_url: `https://player.test${req.url}` }))
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  videoApiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

beforeEach(() => {
  authorizations.length = 0
  process.env.VIDEO_API_TOKEN = ENV_TOKEN
})

afterEach(() => {
  if (savedToken === undefined) delete process.env.VIDEO_API_TOKEN
  else process.env.VIDEO_API_TOKEN = savedToken
})

/** One episode whose video is `v1`, and the video host on the test server. */
async function lookUp(token: Partial<Pick<CataloguePluginOptions, "videoApiToken">>) {
  const snapshot = { episodes: [{ episode: { id: 1, path: "v1" }, seriesId: "1", subcategoryId: "1" }] } as unknown as CatalogueSnapshot
  const options = { videoApiUrl, concurrency: 2, paths: DEFAULT_PATHS, ...token } as CataloguePluginOptions
  const { guard, maxBytes } = requestLimits(videoApiUrl)
  const bar = { start: jest.fn(), tick: jest.fn(), end: jest.fn() }
  const reporter = { info: jest.fn(), createProgress: () => bar } as unknown as Reporter
  const warnings: string[] = []
  const videos = await lookUpVideos({
    snapshot,
    options,
    requests: { guard, maxBytes, timeoutMs: 5000, retries: 0, retryBaseDelayMs: 0 },
    cache: { get: async () => undefined, set: async (_: string, value: unknown) => value },
    reporter,
    warn: (message) => warnings.push(message),
  })
  return { videos, warnings }
}

describe("the video host's token", () => {
  it("comes from VIDEO_API_TOKEN as it is when the plugin runs, when the option is unset", async () => {
    const { videos } = await lookUp({})
    expect(videos.get("v1")?.playerEmbedUrl).toBe("https://player.test/videos/v1")
    expect(authorizations).toEqual([`Bearer ${ENV_TOKEN}`])
  })

  it("is the option's when a site sets one, and none when the option is empty", async () => {
    await lookUp({ videoApiToken: "from-the-option" })
    expect(authorizations).toEqual(["Bearer from-the-option"])
    const { videos, warnings } = await lookUp({ videoApiToken: "" })
    expect([videos.size, authorizations.length]).toEqual([0, 1])
    expect(warnings).toEqual(["VIDEO_API_TOKEN is not set: no player links were looked up, so episodes show no player."])
  })

  it("is empty when neither is set", () => {
    expect(videoApiToken({}, {})).toBe("")
    expect(videoApiToken({}, { VIDEO_API_TOKEN: "t" })).toBe("t")
  })
})

describe("a video's chapters and transcripts", () => {
  // Long enough for a loopback answer on a loaded machine; fr.vtt is given up on after it.
  const TIMEOUT_MS = 1500
  let host: http.Server
  let hostUrl: string
  const held: http.ServerResponse[] = []

  beforeAll(async () => {
    host = http.createServer((req, res) => {
      if (req.url === "/videos/v1") {
        res.end(
          JSON.stringify({
            player_embed_url: "https://player.test/v1",
            duration: 90,
            chapters: [
              { start: 0, title: "Warm-up" },
              { start: 45, title: "Cool-down" },
            ],
            text_tracks: [
              { language: "en", label: "English (CC)", kind: "captions", url: "/tracks/en.vtt" },
              { language: "es", label: "Español", kind: "subtitles", url: "/tracks/es.vtt" },
              { language: "fr", label: "Français", kind: "subtitles", url: "/tracks/fr.vtt" },
            ],
          }),
        )
      } else if (req.url === "/tracks/en.vtt") {
        res.end("WEBVTT\n\n00:01.000 --> 00:03.000\n<v Coach>March on the spot.\n\n00:46.000 --> 00:48.000\nSlow it down.")
      } else if (req.url === "/tracks/es.vtt") {
        res.writeHead(500).end()
      } else {
        // fr.vtt never answers: the build gives up on it after the timeout.
        held.push(res)
      }
    })
    await new Promise<void>((resolve) => host.listen(0, "127.0.0.1", resolve))
    hostUrl = `http://127.0.0.1:${(host.address() as AddressInfo).port}`
  })

  afterAll(async () => {
    for (const res of held) res.destroy()
    host.closeAllConnections()
    await new Promise<void>((resolve) => host.close(() => resolve()))
  })

  it("come with the lookup; a track that fails or never answers leaves its language out with a warning, and the build goes on", async () => {
    const snapshot = { episodes: [{ episode: { id: 1, path: "v1" }, seriesId: "1", subcategoryId: "1" }] } as unknown as CatalogueSnapshot
    const options = { videoApiUrl: hostUrl, videoApiToken: "t", concurrency: 2, paths: DEFAULT_PATHS } as CataloguePluginOptions
    const { guard, maxBytes } = requestLimits(hostUrl)
    const bar = { start: jest.fn(), tick: jest.fn(), end: jest.fn() }
    const info: string[] = []
    const reporter = { info: (line: string) => info.push(line), createProgress: () => bar } as unknown as Reporter
    const warnings: string[] = []
    const videos = await within(
      lookUpVideos({
        snapshot,
        options,
        requests: { guard, maxBytes, timeoutMs: TIMEOUT_MS, retries: 0, retryBaseDelayMs: 0 },
        cache: { get: async () => undefined, set: async (_: string, value: unknown) => value },
        reporter,
        warn: (message) => warnings.push(message),
      }),
      TIMEOUT_MS + 5000,
      "Looking up the video and its tracks",
    )
    expect(videos.get("v1")).toMatchObject({
      playerEmbedUrl: "https://player.test/v1",
      chapters: [
        { start: 0, end: 45, title: "Warm-up" },
        { start: 45, end: 90, title: "Cool-down" },
      ],
      transcripts: [
        {
          language: "en",
          label: "English (CC)",
          kind: "captions",
          paragraphs: [
            { start: 1, text: "Coach: March on the spot." },
            { start: 46, text: "Slow it down." },
          ],
        },
      ],
    })
    expect(warnings.sort()).toEqual([
      `Video v1: its es transcript (Español) at ${hostUrl}/tracks/es.vtt answered HTTP 500; the episode shows none in es.`,
      `Video v1: its fr transcript (Français) at ${hostUrl}/tracks/fr.vtt did not answer within ${TIMEOUT_MS} ms; the episode shows none in fr.`,
    ])
    expect(info).toContain("Transcripts: 1 of 3 text tracks, 3 read from the video host (the rest cached)")
  })
})

describe("the videos a build asks the host for again", () => {
  const snapshot = {
    episodes: [{ episode: { id: 1001, path: "v1001" } }, { episode: { id: 1002, path: "v1002" } }, { episode: { id: 1003, path: null } }],
  } as unknown as CatalogueSnapshot

  it("are those of the episodes the delta read read again, and none after a full read", () => {
    expect([...videosReadAgain(snapshot, new Set(["episode 1002", "episode 1003", "series 101", "episode 9999"]))]).toEqual(["v1002"])
    expect(videosReadAgain(snapshot, undefined).size).toBe(0)
  })
})
