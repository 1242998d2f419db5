import crypto from "node:crypto"
import http from "node:http"
import { ANSWERS } from "../../../contract/schemas"
import { expectContract } from "../helpers/contract"
import { startTestServer, TEST_VIDEO_TOKEN, type TestServer } from "../helpers/test-server"

// VIDEO_PLAYER_ORIGIN: the player links name the host's own origin, and the
// player page (only it) answers to that name. The protocol itself is tested
// in a browser, with the host's SDK (player-protocol.test.ts).
let plain: TestServer
let mapped: TestServer
let videoPath: string

beforeAll(async () => {
  ;[plain, mapped] = await Promise.all([startTestServer(), startTestServer({ playerOrigin: "https://player.vimeo.com" })])
  videoPath = (plain.db.prepare("SELECT path FROM episodes LIMIT 1").get() as { path: string }).path
})

afterAll(async () => {
  await Promise.all([plain?.destroy(), mapped?.destroy()])
})

const lookUp = async (server: TestServer) =>
  expectContract(ANSWERS.video, (await server.call(`/video-host/videos/${videoPath}`, { headers: { authorization: `Bearer ${TEST_VIDEO_TOKEN}` } })).body)

/** A GET with this Host header, as a browser that resolved `host` to the server sends it. */
const withHost = (server: TestServer, host: string, url: string) =>
  new Promise<{ status: number; text: string; csp: string | undefined }>((resolve, reject) => {
    const request = http.get(`${server.origin}${url}`, { headers: { host, authorization: `Bearer ${TEST_VIDEO_TOKEN}` } }, (response) => {
      let text = ""
      response.on("data", (chunk) => (text += chunk))
      response.on("end", () => resolve({ status: response.statusCode!, text, csp: response.headers["content-security-policy"] as string }))
    })
    request.on("error", reject)
  })

describe("the player link", () => {
  it("is this server's own /player/{path} without VIDEO_PLAYER_ORIGIN", async () => {
    const video = await lookUp(plain)
    expect(video.player_embed_url).toBe(`${plain.origin}/player/${videoPath}`)
    expect(video.link).toBe(video.player_embed_url)
  })

  it("is {VIDEO_PLAYER_ORIGIN}/video/{path}, Vimeo's own embed shape, with it", async () => {
    const video = await lookUp(mapped)
    expect(video.player_embed_url).toBe(`https://player.vimeo.com/video/${videoPath}`)
    expect(video.link).toBe(video.player_embed_url)
    // The same duration, however the player is reached.
    expect(video.duration).toBe((await lookUp(plain)).duration)
  })
})

describe("the player's host name", () => {
  it("reaches the player page at /video/{path} and /player/{path}, and its pictures", async () => {
    for (const url of [`/video/${videoPath}`, `/player/${videoPath}`]) {
      const answer = await withHost(mapped, "player.vimeo.com", url)
      expect(answer.status).toBe(200)
      expect(answer.text).toContain('id="seek"')
    }
    const picture = /<img class="poster" src="([^"]+)"/.exec((await withHost(mapped, "player.vimeo.com", `/video/${videoPath}`)).text)![1]!
    expect((await withHost(mapped, "player.vimeo.com", picture)).status).toBe(200)
  })

  it("reaches nothing else: the APIs and unknown paths answer 421", async () => {
    for (const url of [`/video-host/videos/${videoPath}`, "/api/categories", "/admin/subscriptions", "/health", "/nothing/here"]) {
      expect([url, (await withHost(mapped, "player.vimeo.com", url)).status]).toEqual([url, 421])
    }
  })

  it("is refused everywhere by a server not told the player's origin", async () => {
    expect((await withHost(plain, "player.vimeo.com", `/video/${videoPath}`)).status).toBe(421)
    expect((await withHost(plain, "127.0.0.1", `/video/${videoPath}`)).status).toBe(200)
  })
})

describe("the player page's Content-Security-Policy", () => {
  it("allows its one inline script and style sheet by hash, pictures of its own origin, and nothing else", async () => {
    const { status, text, csp } = await withHost(mapped, "player.vimeo.com", `/video/${videoPath}`)
    expect(status).toBe(200)
    const hash = (body: string) => `'sha256-${crypto.createHash("sha256").update(body).digest("base64")}'`
    const script = /<script>([\s\S]*?)<\/script>/.exec(text)![1]!
    const style = /<style>([\s\S]*?)<\/style>/.exec(text)![1]!
    expect(csp).toBe(`default-src 'none'; script-src ${hash(script)}; style-src ${hash(style)}; img-src 'self'; base-uri 'none'; form-action 'none'`)
    expect(text.match(/<script/g)).toHaveLength(1)
    expect(text).not.toMatch(/ style=|https?:\/\//)
  })

  it("allows an absolute poster's origin as well", async () => {
    // Another episode than the one the other tests read: its edit then decides none of their answers, in any order.
    const other = mapped.db.prepare("SELECT id, path FROM episodes WHERE path != ? LIMIT 1").get(videoPath) as { id: number; path: string }
    await mapped.edit(`episodes/${other.id}`, { images: ["https://cdn.example/stills/1.jpg"] })
    const { text, csp } = await withHost(mapped, "player.vimeo.com", `/video/${other.path}`)
    expect(text).toContain('<img class="poster" src="https://cdn.example/stills/1.jpg" alt="">')
    expect(csp).toContain("img-src 'self' https://cdn.example;")
  })
})
