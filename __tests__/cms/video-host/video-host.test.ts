import { ANSWERS } from "../../../contract/schemas"
import { expectContract } from "../helpers/contract"
import { expectJpeg } from "../helpers/jpeg"
import { startTestServer, TEST_VIDEO_TOKEN, type TestServer } from "../helpers/test-server"

let server: TestServer
let videoPath: string
let episodeTitle: string

beforeAll(async () => {
  server = await startTestServer()
  const row = server.db.prepare("SELECT path, title FROM episodes LIMIT 1").get() as { path: string; title: string }
  videoPath = row.path
  episodeTitle = row.title
})

afterAll(async () => {
  await server.destroy()
})

const lookUp = (path: string, token: string | null = TEST_VIDEO_TOKEN) =>
  server.call(`/video-host/videos/${encodeURIComponent(path)}`, {
    headers: token === null ? {} : { authorization: `Bearer ${token}` },
  })

async function setRateLimit(body: unknown) {
  const answer = await server.admin("video-host/rate-limit", {
    method: "PUT",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  })
  expect(answer.status).toBe(200)
}

describe("GET /video-host/videos/{path}", () => {
  it("answers the player link, on this server, for the right token", async () => {
    const { status, body } = await lookUp(videoPath)
    expect(status).toBe(200)
    expect(expectContract(ANSWERS.video, body).player_embed_url).toBe(`${server.origin}/player/${videoPath}`)
  })

  it("answers the video's name, duration, a stable release time and its picture on this server", async () => {
    const { id, images } = server.db.prepare("SELECT id, images FROM episodes WHERE path = ?").get(videoPath) as { id: number; images: string }
    const video = expectContract(ANSWERS.video, (await lookUp(videoPath)).body)
    expect(video.name).toBe(episodeTitle)
    expect(video.duration).toBeGreaterThan(0)
    expect(video.release_time).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/)
    expect(Date.parse(video.release_time!)).toBeLessThan(Date.now())
    expect(video.pictures).toEqual({ base_link: `${server.origin}${(JSON.parse(images) as string[])[0]}` })
    await expectJpeg(await fetch(video.pictures!.base_link!))

    // An edit moves the episode's updated_at, not the video's release time.
    await server.edit(`episodes/${id}`, { description: "<p>Edited.</p>" })
    const again = expectContract(ANSWERS.video, (await lookUp(videoPath)).body)
    expect(again.release_time).toBe(video.release_time)
  })

  it("passes an absolute picture on as it is, and leaves pictures out for an episode without one", async () => {
    const [withUrl, without] = server.db.prepare("SELECT id, path FROM episodes ORDER BY id LIMIT 2 OFFSET 5").all() as { id: number; path: string }[]
    await server.edit(`episodes/${withUrl!.id}`, { images: ["https://cdn.example/stills/1.jpg"] })
    await server.edit(`episodes/${without!.id}`, { images: [] })
    expect(expectContract(ANSWERS.video, (await lookUp(withUrl!.path)).body).pictures).toEqual({ base_link: "https://cdn.example/stills/1.jpg" })
    expect(expectContract(ANSWERS.video, (await lookUp(without!.path)).body)).not.toHaveProperty("pictures")
  })

  it("answers 401 without a token or with a wrong one", async () => {
    expect((await lookUp(videoPath, null)).status).toBe(401)
    expect((await lookUp(videoPath, "not-the-token")).status).toBe(401)
  })

  it("answers 404 for an unknown video", async () => {
    expect((await lookUp("1")).status).toBe(404)
    expect((await lookUp("../../api/categories")).status).toBe(404)
  })

  it("answers 429 with Retry-After when rate limiting is switched on, and recovers when off", async () => {
    await setRateLimit({ limit: 2, window_seconds: 30 })
    const statuses = []
    let retryAfter: string | null = null
    for (let i = 0; i < 4; i++) {
      const answer = await lookUp(videoPath)
      statuses.push(answer.status)
      if (answer.status === 429) retryAfter = answer.headers.get("retry-after")
    }
    expect(statuses).toEqual([200, 200, 429, 429])
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(1)
    expect(Number(retryAfter)).toBeLessThanOrEqual(30)

    await setRateLimit({ limit: null })
    expect((await lookUp(videoPath)).status).toBe(200)
  })

  it("rejects a malformed rate-limit setting with a message", async () => {
    const answer = await server.admin("video-host/rate-limit", {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ limit: "lots" }),
    })
    expect(answer.status).toBe(400)
    expect(answer.body.message).toEqual(expect.any(String))
  })
})

describe("GET /player/{path}", () => {
  it("serves a self-contained player page titled after the episode", async () => {
    const { status, headers, body } = await server.call(`/player/${videoPath}`)
    expect(status).toBe(200)
    expect(headers.get("content-type")).toMatch(/text\/html/)
    expect(body).toContain(`<title>${episodeTitle}</title>`)
    expect(body).not.toMatch(/https?:\/\//)
  })

  it("answers 404 for an unknown video", async () => {
    expect((await server.call("/player/nope")).status).toBe(404)
  })
})

describe("DELETE /admin/video-host/videos/{path}", () => {
  it("takes a video off the host: its lookup and its player answer 404, other videos still play", async () => {
    const [withdrawn, kept] = server.db.prepare("SELECT path FROM episodes ORDER BY id DESC LIMIT 2").all() as { path: string }[]
    const answer = await server.admin(`video-host/videos/${withdrawn!.path}`, { method: "DELETE" })
    expect(answer.status).toBe(200)
    expect((await lookUp(withdrawn!.path)).status).toBe(404)
    expect((await server.call(`/player/${withdrawn!.path}`)).status).toBe(404)
    expect((await lookUp(kept!.path)).status).toBe(200)
  })

  it("answers 404 with a message for a video no episode names", async () => {
    const answer = await server.admin("video-host/videos/no-such-video", { method: "DELETE" })
    expect(answer.status).toBe(404)
    expect(answer.body.message).toMatch(/no-such-video/)
  })
})
