import http from "node:http"
import type { AddressInfo } from "node:net"
import type { Reporter } from "gatsby"
import { DEFAULT_PATHS } from "../../../../plugins/gatsby-source-catalogue/src/constants"
import { lookUpVideos, videoApiToken } from "../../../../plugins/gatsby-source-catalogue/src/videos/look-up"
import type { CatalogueSnapshot, CataloguePluginOptions } from "../../../../plugins/gatsby-source-catalogue/src/types"
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
