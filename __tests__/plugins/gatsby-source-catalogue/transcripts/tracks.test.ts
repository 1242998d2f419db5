import http from "node:http"
import type { AddressInfo } from "node:net"
import { createHttpClient } from "../../../../plugins/gatsby-source-catalogue/src/http/client"
import { createOriginGuard } from "../../../../plugins/gatsby-source-catalogue/src/http/fetch-limits"
import { createLimiter } from "../../../../plugins/gatsby-source-catalogue/src/http/limiter"
import { readTranscripts } from "../../../../plugins/gatsby-source-catalogue/src/transcripts/tracks"
import type { VideoFacts } from "../../../../plugins/gatsby-source-catalogue/src/videos/links"
import type { TextTrack } from "../../../../plugins/gatsby-source-catalogue/src/videos/text-tracks"
import { within } from "../helpers/deadline"

// Text tracks read from real servers on loopback: the video host (which
// wants its token) and a second allowed origin (which must never see it).
// A track that fails in any way leaves its episode without that transcript,
// with a warning, and never fails the build.

const TOKEN = "video-token-for-tracks"
/** Long enough for a loopback answer on a loaded machine; the slow track's test gives up sooner. */
const TIMEOUT_MS = 10_000
const SLOW_TIMEOUT_MS = 1500
const MAX_BYTES = 4096

const GOOD_VTT = [
  "WEBVTT",
  "",
  "NOTE written by the tests",
  "",
  "1",
  "00:00:00.500 --> 00:00:03.000 align:start",
  "<v Instructor>Welcome. Roll your <i>shoulders</i> back.",
  "",
  "00:00:03.500 --> 00:00:05.000",
  "<c.loud>And breathe.</c>",
  "",
  "00:00:12.000 --> 00:00:14.000",
  "&lt;script&gt;alert(1)&lt;/script&gt;Squats next.",
].join("\r\n")

interface Seen {
  path: string
  authorization: string | undefined
}

/** A server on loopback answering `routes` by path; a path it does not know is held open, never answered. */
async function serve(routes: Record<string, (res: http.ServerResponse) => void>) {
  const seen: Seen[] = []
  const held: http.ServerResponse[] = []
  const server = http.createServer((req, res) => {
    seen.push({ path: req.url ?? "", authorization: req.headers.authorization })
    const route = routes[req.url ?? ""]
    if (route) route(res)
    else held.push(res)
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const close = () => {
    for (const res of held) res.destroy()
    server.closeAllConnections()
    return new Promise<void>((resolve) => server.close(() => resolve()))
  }
  return { origin, seen, close }
}

const vtt =
  (body: string, headers: Record<string, string> = {}) =>
  (res: http.ServerResponse) =>
    res.writeHead(200, { "content-type": "text/vtt", ...headers }).end(body)

/** What the host's edited.vtt says now: a caption file changed at the same URL. */
let editedSays = "Welcome to Sunrise Yoga."

let host: Awaited<ReturnType<typeof serve>>
let cdn: Awaited<ReturnType<typeof serve>>

beforeAll(async () => {
  host = await serve({
    "/video-host/tracks/good.vtt": vtt(GOOD_VTT),
    "/video-host/tracks/private.vtt": vtt(GOOD_VTT, { "cache-control": "private, no-store" }),
    "/video-host/tracks/missing.vtt": (res) => res.writeHead(404).end("Not found"),
    "/video-host/tracks/page.vtt": (res) => res.writeHead(200, { "content-type": "text/html" }).end("<!doctype html><p>Sign in</p>"),
    "/video-host/tracks/big.vtt": vtt(`WEBVTT\n\n00:01.000 --> 00:02.000\n${"x".repeat(MAX_BYTES)}`),
    "/video-host/tracks/empty.vtt": vtt("WEBVTT\n\nNOTE nothing said\n"),
    "/video-host/tracks/edited.vtt": (res) => vtt(`WEBVTT\n\n00:00.500 --> 00:03.000\n${editedSays}\n`)(res),
    // Anything else (slow.vtt) is never answered.
  })
  cdn = await serve({ "/tracks/good.vtt": vtt(GOOD_VTT) })
})

afterAll(async () => {
  await Promise.all([host.close(), cdn.close()])
})

beforeEach(() => {
  host.seen.length = 0
  cdn.seen.length = 0
})

/** One video with `tracks` (English captions at the paths given, or full URLs), chapters at 0 and 10 s. */
function video(...urls: string[]): VideoFacts {
  const textTracks: TextTrack[] = urls.map((url, index) => ({
    language: index === 0 ? "en" : `x-${index}`,
    label: `Track ${index}`,
    kind: "captions",
    url: url.startsWith("http") ? url : `${host.origin}/video-host/tracks/${url}`,
  }))
  return {
    playerEmbedUrl: "https://player.test/1",
    durationSeconds: 60,
    releaseTime: null,
    pictureUrl: null,
    chapters: [
      { start: 0, end: 10, title: "Warm-up" },
      { start: 10, end: 60, title: "Squats" },
    ],
    textTracks,
  }
}

function setUp(timeoutMs = TIMEOUT_MS) {
  const warnings: string[] = []
  const store = new Map<string, unknown>()
  const cache = { get: async (key: string) => store.get(key), set: async (key: string, value: unknown) => store.set(key, value) }
  const client = createHttpClient({
    baseUrl: `${host.origin}/video-host`,
    headers: { Authorization: `Bearer ${TOKEN}` },
    timeoutMs,
    retries: 0,
    retryBaseDelayMs: 0,
    limiter: createLimiter(4),
    guard: createOriginGuard(new Set([host.origin, cdn.origin]), (message) => warnings.push(message)),
    maxBytes: 10 * 2 ** 20,
  })
  const read = (videos: Record<string, VideoFacts>, forThisBuild: string[] = [], readAgain: string[] = []) =>
    within(
      readTranscripts(new Map(Object.entries(videos)), new Set(forThisBuild), { client, cache, maxBytes: MAX_BYTES, warn: (m) => warnings.push(m), readAgain: new Set(readAgain) }),
      timeoutMs + 5000,
      "Reading the transcripts",
    )
  return { read, warnings, store }
}

describe("readTranscripts", () => {
  it("reads a track with the video host's token into plain paragraphs, breaking at pauses and chapters", async () => {
    const { read, warnings } = setUp()
    const { transcripts } = await read({ v1: video("good.vtt") })
    expect(transcripts.get("v1")).toEqual([
      {
        language: "en",
        label: "Track 0",
        kind: "captions",
        paragraphs: [
          { start: 0.5, text: "Instructor: Welcome. Roll your shoulders back. And breathe." },
          { start: 12, text: "Squats next." },
        ],
      },
    ])
    expect(host.seen).toEqual([{ path: "/video-host/tracks/good.vtt", authorization: `Bearer ${TOKEN}` }])
    expect(warnings).toEqual([])
  })

  it("keeps a read across builds, and reads again when the answer names other chapters", async () => {
    const { read } = setUp()
    expect((await read({ v1: video("good.vtt") })).read).toBe(1)
    expect((await read({ v1: video("good.vtt") })).read).toBe(0)
    const moved = { ...video("good.vtt"), chapters: [{ start: 0, end: 60, title: "All of it" }] }
    const again = await read({ v1: moved })
    expect(again.read).toBe(1)
    expect(again.transcripts.get("v1")?.[0]?.paragraphs).toHaveLength(2)
    expect(host.seen).toHaveLength(2)
  })

  it("reads a kept track again when its video is read again (its episode republished), and keeps what it says now", async () => {
    const { read } = setUp()
    editedSays = "Welcome to Sunrise Yoga."
    expect((await read({ v1: video("edited.vtt") })).transcripts.get("v1")?.[0]?.paragraphs[0]?.text).toBe("Welcome to Sunrise Yoga.")
    editedSays = "Welcome to Sunset Yoga."
    expect((await read({ v1: video("edited.vtt") })).transcripts.get("v1")?.[0]?.paragraphs[0]?.text).toBe("Welcome to Sunrise Yoga.")
    const again = await read({ v1: video("edited.vtt") }, [], ["v1"])
    expect({ read: again.read, text: again.transcripts.get("v1")?.[0]?.paragraphs[0]?.text }).toEqual({ read: 1, text: "Welcome to Sunset Yoga." })
    expect((await read({ v1: video("edited.vtt") })).transcripts.get("v1")?.[0]?.paragraphs[0]?.text).toBe("Welcome to Sunset Yoga.")
  })

  it("keeps nothing of a track or a video marked no-store", async () => {
    const { read, store } = setUp()
    await read({ v1: video("private.vtt"), v2: video("good.vtt") }, ["v2"])
    expect(store.size).toBe(0)
  })

  it("leaves out a track that fails, is too large, is not WebVTT or says nothing, with a warning each, and keeps the others", async () => {
    const { read, warnings, store } = setUp()
    const { transcripts } = await read({ v1: video("good.vtt", "missing.vtt", "big.vtt", "page.vtt", "empty.vtt") })
    expect(transcripts.get("v1")?.map((transcript) => transcript.language)).toEqual(["en"])
    const at = (name: string) => `${host.origin}/video-host/tracks/${name}`
    expect(warnings.sort()).toEqual([
      `Video v1: its x-1 transcript (Track 1) at ${at("missing.vtt")} answered HTTP 404; the episode shows none in x-1.`,
      `Video v1: its x-2 transcript (Track 2) at ${at("big.vtt")} answered more than 4 KiB (the maxTextTrackBytes option); the episode shows none in x-2.`,
      `Video v1: its x-3 transcript (Track 3) at ${at("page.vtt")} is not a WebVTT file (it does not begin with WEBVTT); the episode shows none in x-3.`,
      `Video v1: its x-4 transcript (Track 4) at ${at("empty.vtt")} has no cue with words; the episode shows none in x-4.`,
    ])
    // Only the good one is kept: the others are asked again on the next build.
    expect(store.size).toBe(1)
  })

  it("gives up on a track that never answers within the timeout, and the video keeps its other transcripts", async () => {
    const { read, warnings } = setUp(SLOW_TIMEOUT_MS)
    const { transcripts } = await read({ v1: video("good.vtt", "slow.vtt?sig=secret") })
    expect(transcripts.get("v1")).toHaveLength(1)
    expect(warnings).toEqual([
      `Video v1: its x-1 transcript (Track 1) at ${host.origin}/video-host/tracks/slow.vtt did not answer within ${SLOW_TIMEOUT_MS} ms; the episode shows none in x-1.`,
    ])
  })

  it("sends the token to the video host's own origin only, and asks no host the build may not fetch from", async () => {
    const { read, warnings } = setUp()
    const { transcripts } = await read({ v1: video(`${cdn.origin}/tracks/good.vtt`, "http://169.254.169.254/latest/captions.vtt") })
    expect(transcripts.get("v1")).toHaveLength(1)
    expect(cdn.seen).toEqual([{ path: "/tracks/good.vtt", authorization: undefined }])
    expect(warnings).toEqual([
      expect.stringMatching(/^Not fetching from 169\.254\.169\.254: /),
      "Video v1: its x-1 transcript (Track 1) at http://169.254.169.254/latest/captions.vtt is on a host the build does not fetch from; the episode shows none in x-1.",
    ])
  })

  it("gives no entry to a video without tracks, or whose every track failed", async () => {
    const { read } = setUp()
    const { transcripts } = await read({ none: video(), failed: video("missing.vtt") })
    expect([...transcripts.keys()]).toEqual([])
  })
})
