import { PREVIEW_TOKEN_HEADER } from "../../../contract/preview/draft-videos"
import { ANSWERS } from "../../../contract/schemas"
import { expectContract } from "../helpers/contract"
import { startTestServer, TEST_VIDEO_TOKEN, type TestServer } from "../helpers/test-server"

// The video host stand-in holds a draft episode's video as a real host would,
// but shows it only to the preview lane's build: a lookup needs the host's own
// token and, for a video only drafts name, CATALOGUE_PREVIEW_TOKEN as well
// (PREVIEW_TOKEN_HEADER). Its player page opens only at the link that lookup
// answered. Anyone else meets the 404 of a video the host does not have.

const PREVIEW_TOKEN = "video-preview-token-0123456789"
const DRAFT_PATH = "790000801"
const DRAFT_TITLE = "Unannounced Draft Episode"

let server: TestServer
let publishedPath: string

beforeAll(async () => {
  server = await startTestServer({}, { drafts: { previewToken: PREVIEW_TOKEN } })
  publishedPath = (server.db.prepare("SELECT path FROM episodes ORDER BY id LIMIT 1").get() as { path: string }).path
  const json = (path: string, fields: unknown) => server.admin(`drafts/${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(fields) })
  const series = await json("series", { sub_category_id: 13, title: "Unannounced Draft Series" })
  expect(series.status).toBe(201)
  expect((await json("episodes", { series_id: series.body.data.id, path: DRAFT_PATH, title: DRAFT_TITLE })).status).toBe(201)
})

afterAll(async () => {
  await server.destroy()
})

/** A lookup with the host's token (unless `video` says otherwise) and, when given, a preview token. */
const lookUp = (path: string, { video = TEST_VIDEO_TOKEN, preview }: { video?: string | null; preview?: string } = {}) =>
  server.call(`/video-host/videos/${encodeURIComponent(path)}`, {
    headers: { ...(video === null ? {} : { authorization: `Bearer ${video}` }), ...(preview === undefined ? {} : { [PREVIEW_TOKEN_HEADER]: preview }) },
  })

describe("GET /video-host/videos/{path} of a video only drafts name", () => {
  it("answers 404 with the host's token alone, as for a video the host does not have", async () => {
    const answer = await lookUp(DRAFT_PATH)
    expect(answer.status).toBe(404)
    expect(answer.body).toEqual({ error: `No video "${DRAFT_PATH}".` })
    expect(JSON.stringify(answer.body)).not.toContain(DRAFT_TITLE)
  })

  it("answers the draft's video, private, with the preview token as well", async () => {
    const answer = await lookUp(DRAFT_PATH, { preview: PREVIEW_TOKEN })
    expect(answer.status).toBe(200)
    expect(answer.headers.get("cache-control")).toBe("private, no-store")
    const video = expectContract(ANSWERS.video, answer.body)
    expect(video.name).toBe(DRAFT_TITLE)
    expect(video.player_embed_url).toMatch(new RegExp(`^${server.origin}/player/${DRAFT_PATH}\\?h=[\\w-]{43}$`))
  })

  it("answers 401 for a wrong preview token, and for the preview token without the host's", async () => {
    expect((await lookUp(DRAFT_PATH, { preview: `${PREVIEW_TOKEN}x` })).status).toBe(401)
    expect((await lookUp(publishedPath, { preview: "not-the-preview-token-000" })).status).toBe(401)
    expect((await lookUp(DRAFT_PATH, { video: null, preview: PREVIEW_TOKEN })).status).toBe(401)
    expect((await lookUp(DRAFT_PATH, { video: PREVIEW_TOKEN, preview: PREVIEW_TOKEN })).status).toBe(401)
  })

  it("answers a published video as before, with or without the preview token, its player link plain", async () => {
    for (const preview of [undefined, PREVIEW_TOKEN]) {
      const answer = await lookUp(publishedPath, { preview })
      expect(answer.status).toBe(200)
      expect(answer.headers.get("cache-control")).toBeNull()
      expect(expectContract(ANSWERS.video, answer.body).player_embed_url).toBe(`${server.origin}/player/${publishedPath}`)
    }
  })
})

describe("GET /player/{path} of a video only drafts name", () => {
  it("opens at the link the preview build was given, and is not found without its key or with another", async () => {
    const link = new URL(expectContract(ANSWERS.video, (await lookUp(DRAFT_PATH, { preview: PREVIEW_TOKEN })).body).player_embed_url!)
    const key = link.searchParams.get("h")!
    const page = await server.call(`${link.pathname}${link.search}&autoplay=1`)
    expect(page.status).toBe(200)
    expect(page.headers.get("cache-control")).toBe("private, no-store")
    expect(page.body).toContain(`<title>${DRAFT_TITLE}</title>`)

    const otherKey = `${key.slice(0, -1)}${key.endsWith("A") ? "B" : "A"}`
    for (const path of [`/player/${DRAFT_PATH}`, `/player/${DRAFT_PATH}?h=${otherKey}`, `/player/${DRAFT_PATH}?h=${PREVIEW_TOKEN}`, `/video/${DRAFT_PATH}`]) {
      const refused = await server.call(path)
      expect(refused.status).toBe(404)
      expect(refused.body).toBe("<p>Video not found.</p>")
    }
    // The key opens its own video's page, no other.
    expect((await server.call(`/player/790000802?h=${key}`)).status).toBe(404)
  })

  it("still serves a published video's page to anyone", async () => {
    expect((await server.call(`/player/${publishedPath}`)).status).toBe(200)
  })
})

describe("the video host when the draft view is off", () => {
  it("finds no draft's video, whatever token is sent", async () => {
    const closed = await startTestServer({}, { drafts: { previewToken: null } })
    try {
      const series = await closed.admin("drafts/series", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ sub_category_id: 13, title: "Closed Draft" }),
      })
      const episode = await closed.admin("drafts/episodes", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ series_id: series.body.data.id, path: DRAFT_PATH, title: DRAFT_TITLE }),
      })
      expect(episode.status).toBe(201)
      const call = (headers: Record<string, string>) => closed.call(`/video-host/videos/${DRAFT_PATH}`, { headers: { authorization: `Bearer ${TEST_VIDEO_TOKEN}`, ...headers } })
      expect((await call({})).status).toBe(404)
      expect((await call({ [PREVIEW_TOKEN_HEADER]: PREVIEW_TOKEN })).status).toBe(401)
      expect((await closed.call(`/player/${DRAFT_PATH}`)).status).toBe(404)
    } finally {
      await closed.destroy()
    }
  })
})
