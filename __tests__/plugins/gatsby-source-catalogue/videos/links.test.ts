import { createHttpClient } from "../../../../plugins/gatsby-source-catalogue/src/http/client"
import { DEFAULT_PATHS } from "../../../../plugins/gatsby-source-catalogue/src/constants"
import { createLimiter } from "../../../../plugins/gatsby-source-catalogue/src/http/limiter"
import { resolveVideoLinks } from "../../../../plugins/gatsby-source-catalogue/src/videos/links"
import { requestLimits } from "../helpers/request-limits"

const VIDEO_API = "http://video.test"

function setUp(answers: Record<string, () => Response>) {
  const store = new Map<string, unknown>()
  const cache = { get: jest.fn(async (key: string) => store.get(key)), set: jest.fn(async (key: string, value: unknown) => store.set(key, value)) }
  const asked: string[] = []
  const fetchFn = jest.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const path = String(input).replace(VIDEO_API, "")
    asked.push(path)
    expect(new Headers(init?.headers).get("authorization")).toBe("Bearer secret")
    return answers[path]?.() ?? new Response("{}", { status: 404 })
  })
  const client = createHttpClient({
    ...requestLimits(VIDEO_API),
    baseUrl: VIDEO_API,
    headers: { Authorization: "Bearer secret" },
    timeoutMs: 1000,
    retries: 2,
    retryBaseDelayMs: 0,
    limiter: createLimiter(4),
    fetch: fetchFn as unknown as typeof fetch,
    sleep: async () => undefined,
  })
  const warnings: string[] = []
  const resolve = (paths: string[], readAgain: string[] = []) =>
    resolveVideoLinks(paths, { client, cache, videoApiUrl: VIDEO_API, videoPath: DEFAULT_PATHS.video, warn: (m) => warnings.push(m), readAgain: new Set(readAgain) })
  return { resolve, asked, warnings }
}

const ok = (url: string) => () => new Response(JSON.stringify({ player_embed_url: url }))

describe("resolveVideoLinks", () => {
  it("looks each video up once with the token, and not again on the next build", async () => {
    const { resolve, asked } = setUp({ "/videos/1": ok("https://player.test/1"), "/videos/2": ok("https://player.test/2") })
    const first = await resolve(["1", "2", "1"])
    expect([...first.videos].map(([path, video]) => [path, video.playerEmbedUrl])).toEqual([
      ["1", "https://player.test/1"],
      ["2", "https://player.test/2"],
    ])
    expect(first.lookedUp).toBe(2)
    const second = await resolve(["1", "2"])
    expect(second.videos.get("2")?.playerEmbedUrl).toBe("https://player.test/2")
    expect(second.lookedUp).toBe(0)
    expect(asked).toEqual(["/videos/1", "/videos/2"])
  })

  it("asks the host again for a video read again (its episode republished), and keeps the new answer for the builds after", async () => {
    let player = "https://player.test/old"
    const { resolve, asked } = setUp({ "/videos/1": () => ok(player)() })
    await resolve(["1"])
    player = "https://player.test/new"
    expect((await resolve(["1"])).videos.get("1")?.playerEmbedUrl).toBe("https://player.test/old")
    expect((await resolve(["1"], ["1"])).videos.get("1")?.playerEmbedUrl).toBe("https://player.test/new")
    expect((await resolve(["1"])).videos.get("1")?.playerEmbedUrl).toBe("https://player.test/new")
    expect(asked).toEqual(["/videos/1", "/videos/1"])
  })

  it("keeps the duration, release time and picture that video search needs, and nulls for odd ones", async () => {
    const { resolve } = setUp({
      "/videos/full": () =>
        new Response(
          JSON.stringify({
            player_embed_url: "https://player.test/full",
            duration: 754.4,
            release_time: "2026-03-01T10:00:00Z",
            pictures: { base_link: "https://pictures.test/full.jpg" },
          }),
        ),
      "/videos/bare": () => new Response(JSON.stringify({ player_embed_url: "https://player.test/bare", release_time: "soon", pictures: { base_link: "/relative.jpg" } })),
    })
    const { videos } = await resolve(["full", "bare"])
    expect(videos.get("full")).toEqual({
      playerEmbedUrl: "https://player.test/full",
      durationSeconds: 754,
      releaseTime: "2026-03-01T10:00:00Z",
      pictureUrl: "https://pictures.test/full.jpg",
      chapters: [],
      textTracks: [],
    })
    expect(videos.get("bare")).toEqual({ playerEmbedUrl: "https://player.test/bare", durationSeconds: null, releaseTime: null, pictureUrl: null, chapters: [], textTracks: [] })
  })

  it("keeps the chapters in order with their ends, and the text tracks with absolute URLs", async () => {
    const { resolve, warnings } = setUp({
      "/videos/7": () =>
        new Response(
          JSON.stringify({
            player_embed_url: "https://player.test/7",
            duration: 600,
            chapters: [
              { start: 300.7, title: "Cool-down" },
              { start: 0, title: "Warm-up" },
              { start: 95, title: "<b>First</b> routine" },
            ],
            text_tracks: [
              { language: "en", label: "English (CC)", kind: "captions", url: "/videos/7/texttracks/en.vtt" },
              { language: "es", label: "Español", kind: "subtitles", url: "https://captions.test/7/es.vtt?sig=1" },
            ],
          }),
        ),
    })
    const video = (await resolve(["7"])).videos.get("7")
    expect(video?.chapters).toEqual([
      { start: 0, end: 95, title: "Warm-up" },
      { start: 95, end: 300, title: "First routine" },
      { start: 300, end: 600, title: "Cool-down" },
    ])
    expect(video?.textTracks).toEqual([
      { language: "en", label: "English (CC)", kind: "captions", url: `${VIDEO_API}/videos/7/texttracks/en.vtt` },
      { language: "es", label: "Español", kind: "subtitles", url: "https://captions.test/7/es.vtt?sig=1" },
    ])
    expect(warnings).toEqual([])
  })

  it("leaves out bad chapters and tracks with one warning naming them, and keeps the player and the rest", async () => {
    const { resolve, warnings } = setUp({
      "/videos/8": () =>
        new Response(
          JSON.stringify({
            player_embed_url: "https://player.test/8",
            duration: 600,
            chapters: [
              { start: "ten", title: "Words" },
              { start: 0, title: "Warm-up" },
              { start: 900, title: "Afterwards" },
            ],
            text_tracks: [
              { language: "en", label: "English", kind: "chapters", url: "/en.vtt" },
              { language: "fr", label: "Français", kind: "subtitles", url: "/fr.vtt" },
            ],
          }),
        ),
      "/videos/9": () => new Response(JSON.stringify({ player_embed_url: "https://player.test/9", chapters: "none", text_tracks: null })),
    })
    const { videos } = await resolve(["8", "9"])
    expect(videos.get("8")).toMatchObject({ playerEmbedUrl: "https://player.test/8", chapters: [{ start: 0, end: 600, title: "Warm-up" }], textTracks: [{ language: "fr" }] })
    expect(videos.get("9")).toMatchObject({ playerEmbedUrl: "https://player.test/9", chapters: [], textTracks: [] })
    expect(warnings.sort()).toEqual([
      `Video 8: ${VIDEO_API}/videos/8 left out "chapters[0].start" should be a number, but it is the text "ten"; the chapter "Afterwards" at 900 s, outside the video (0 to 10:00); ` +
        `"text_tracks[0].kind" should be one of "captions", "subtitles", but it is the text "chapters". The rest of the video is used.`,
      `Video 9: ${VIDEO_API}/videos/9 left out "chapters" should be a list, but it is the text "none". The rest of the video is used.`,
    ])
  })

  it("uses an answer marked no-store for this build only, and asks for it again on the next", async () => {
    const { resolve, asked } = setUp({
      "/videos/draft": () => new Response(JSON.stringify({ player_embed_url: "https://player.test/draft?h=key" }), { headers: { "Cache-Control": "private, no-store" } }),
      "/videos/1": ok("https://player.test/1"),
    })
    for (let build = 0; build < 2; build++) {
      const { videos } = await resolve(["draft", "1"])
      expect(videos.get("draft")?.playerEmbedUrl).toBe("https://player.test/draft?h=key")
      expect(videos.get("1")?.playerEmbedUrl).toBe("https://player.test/1")
    }
    expect([asked.filter((p) => p === "/videos/draft").length, asked.filter((p) => p === "/videos/1").length]).toEqual([2, 1])
  })

  it("waits out a 429 and then gets the link", async () => {
    let calls = 0
    const { resolve } = setUp({
      "/videos/1": () => (++calls === 1 ? new Response("{}", { status: 429, headers: { "Retry-After": "1" } }) : ok("https://player.test/1")()),
    })
    expect((await resolve(["1"])).videos.get("1")?.playerEmbedUrl).toBe("https://player.test/1")
  })

  it("leaves the link empty and warns when the lookup fails, then asks again next build", async () => {
    const { resolve, warnings, asked } = setUp({
      "/videos/401": () => new Response("{}", { status: 401 }),
      "/videos/odd": () => new Response(JSON.stringify({ player_embed_url: "javascript:alert(1)" })),
      "/videos/bent": () => new Response(JSON.stringify({ player_embed_url: "https://player.test/b", duration: "ten minutes" })),
    })
    const result = await resolve(["401", "missing", "odd", "bent"])
    expect(result.videos.size).toBe(0)
    expect(warnings).toEqual(
      expect.arrayContaining([
        `Video 401: ${VIDEO_API}/videos/401: answered HTTP 401; the episode shows no player.`,
        `Video missing: ${VIDEO_API}/videos/missing: answered HTTP 404; the episode shows no player.`,
        `Video odd: ${VIDEO_API}/videos/odd answered no player_embed_url; the episode shows no player.`,
        `Video bent: ${VIDEO_API}/videos/bent: "duration" should be a number, but it is the text "ten minutes"; the episode shows no player.`,
      ]),
    )
    await resolve(["401"])
    expect(asked.filter((p) => p === "/videos/401")).toHaveLength(2)
  })
})
