import { PREVIEW_TOKEN_HEADER } from "../../../contract/preview/draft-videos"
import { ANSWERS, type ApiVideo } from "../../../contract/schemas"
import { videoDuration } from "../../../cms/src/video-host/sample-video"
import { cueWords } from "../../../plugins/gatsby-source-catalogue/src/transcripts/cue-text"
import { parseWebVtt } from "../../../plugins/gatsby-source-catalogue/src/transcripts/webvtt"
import { expectContract } from "../helpers/contract"
import { startTestServer, TEST_VIDEO_TOKEN, type TestServer } from "../helpers/test-server"

// The stand-in video host's chapters and text tracks (catalogue-api.md,
// "Video host details"): a third of the sample videos have them, the
// episode most browser tests open (1002) among them, and their WebVTT
// files say what the class does. A file is asked as the lookup is: with
// the host's token, and for a video only drafts name, the preview token too.

const PREVIEW_TOKEN = "text-track-preview-token-0123456789"
/** A draft-only video whose id gives it captions (a third of ids do: id % 3 === 1). */
const DRAFT_PATH = "790000801"

interface SampleEpisode {
  id: number
  path: string
  video_id: number
  title: string
  category: string
}

let server: TestServer
/** The sample episodes whose videos the host has. */
let episodes: SampleEpisode[]
/** One with captions that an editor took off the host in the setup. */
let withdrawn: SampleEpisode

beforeAll(async () => {
  server = await startTestServer({}, { drafts: { previewToken: PREVIEW_TOKEN } })
  const all = server.db
    .prepare(
      `SELECT e.id, e.path, e.video_id, e.title, c.title AS category FROM episodes e
         JOIN sub_categories s ON s.id = e.sub_category_id JOIN categories c ON c.id = s.category_id ORDER BY e.id`,
    )
    .all() as SampleEpisode[]
  withdrawn = all.filter((episode) => episode.id % 3 === 0).at(-1)!
  episodes = all.filter((episode) => episode !== withdrawn)
  expect((await server.admin(`video-host/videos/${withdrawn.path}`, { method: "DELETE" })).status).toBe(200)
  const json = (path: string, fields: unknown) => server.admin(`drafts/${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(fields) })
  const series = await json("series", { sub_category_id: 11, title: "Unannounced Captioned Series" })
  expect(series.status).toBe(201)
  expect((await json("episodes", { series_id: series.body.data.id, path: DRAFT_PATH, video_id: Number(DRAFT_PATH), title: "Draft Class" })).status).toBe(201)
})

afterAll(async () => {
  await server.destroy()
})

const headers = (video: string | null = TEST_VIDEO_TOKEN, preview?: string) => ({
  ...(video === null ? {} : { authorization: `Bearer ${video}` }),
  ...(preview === undefined ? {} : { [PREVIEW_TOKEN_HEADER]: preview }),
})

async function lookUp(path: string): Promise<ApiVideo> {
  const answer = await server.call(`/video-host/videos/${path}`, { headers: headers() })
  expect(answer.status).toBe(200)
  return expectContract(ANSWERS.video, answer.body)
}

/** A text track's file, asked as the build asks it: the answer's URL below /video-host. */
const track = (url: string, video: string | null = TEST_VIDEO_TOKEN, preview?: string) => server.call(`/video-host${url}`, { headers: headers(video, preview) })

describe("the video host's chapters and text tracks", () => {
  it("come with a third of the sample videos, 1002 with English captions and Spanish subtitles, 1001 with none", async () => {
    const withTracks = []
    for (const episode of episodes) if ((await lookUp(episode.path)).text_tracks) withTracks.push(episode.id)
    // A third of them, less the one withdrawn.
    expect(withTracks.length).toBeGreaterThanOrEqual(Math.floor(episodes.length / 3) - 1)
    expect(withTracks.length).toBeLessThanOrEqual(Math.ceil(episodes.length / 3))
    expect(withTracks).toContain(1002)
    const first = await lookUp(episodes.find((episode) => episode.id === 1001)!.path)
    expect([first.chapters, first.text_tracks]).toEqual([undefined, undefined])
    const path = episodes.find((episode) => episode.id === 1002)!.path
    expect((await lookUp(path)).text_tracks).toEqual([
      { language: "en", label: "English (CC)", kind: "captions", url: `/videos/${path}/texttracks/en.vtt` },
      { language: "es", label: "Español", kind: "subtitles", url: `/videos/${path}/texttracks/es.vtt` },
    ])
  })

  it("give 3 to 6 chapters from 0, ascending within the video, titled for the episode's category", async () => {
    const firstTitles = { Fitness: "Warm-up", Dance: "Warm-up", Entertainment: "Opening", Wellness: "Settling in" } as Record<string, string>
    for (const episode of episodes) {
      const { chapters, duration } = await lookUp(episode.path)
      if (!chapters) continue
      const starts = chapters.map((chapter) => chapter.start)
      expect(chapters.length).toBeGreaterThanOrEqual(3)
      expect(chapters.length).toBeLessThanOrEqual(6)
      expect(starts[0]).toBe(0)
      expect(starts).toEqual([...starts].sort((a, b) => a - b))
      expect(new Set(starts).size).toBe(starts.length)
      expect(starts.at(-1)).toBeLessThan(duration!)
      expect(chapters[0]!.title).toBe(firstTitles[episode.category])
    }
  })

  it("serve each track as WebVTT that reads as sentences about the class, timed across its chapters, with the markup real files carry", async () => {
    const episode = episodes.find((candidate) => candidate.id === 1002)!
    const video = await lookUp(episode.path)
    for (const { url, language } of video.text_tracks!) {
      const answer = await track(url)
      expect(answer.status).toBe(200)
      expect(answer.headers.get("content-type")).toBe("text/vtt; charset=utf-8")
      const text = answer.body as string
      expect(text).toMatch(/^WEBVTT/)
      expect(text).toMatch(/\nNOTE\n/)
      expect(text).toMatch(/\nSTYLE\n/)
      const { cues, skipped } = parseWebVtt(text)
      expect(skipped).toBe(0)
      expect(cues.length).toBeGreaterThan(10)
      const starts = cues.map((cue) => cue.start)
      expect(starts).toEqual([...starts].sort((a, b) => a - b))
      expect(cues.at(-1)!.end).toBeLessThanOrEqual(videoDuration(episode.video_id))
      // Every chapter has words.
      video.chapters!.forEach((chapter, index) => {
        const end = video.chapters![index + 1]?.start ?? video.duration!
        expect(cues.some((cue) => cue.start >= chapter.start && cue.end <= end)).toBe(true)
      })
      const words = cues.map((cue) => cueWords(cue.payload))
      expect(words[0]).toEqual({ speaker: "Instructor", text: `${language === "en" ? "Welcome to" : "Bienvenidos a"} ${episode.title}.` })
      expect(words.every((cue) => cue.text.length > 0 && !/[<>]|&\w+;/.test(cue.text))).toBe(true)
    }
    const english = (await track(video.text_tracks![0]!.url)).body as string
    for (const markup of ["<v Instructor>", "<i>[", "<b>", "<c.loud>", " align:start", "&amp;"]) expect(english).toContain(markup)
    expect((await track(video.text_tracks![1]!.url)).body).not.toContain("<i>[")
  })

  it("answer a track only with the host's token: 401 without or with another, 404 for a track, video or draft there is not", async () => {
    const path = episodes.find((episode) => episode.id === 1002)!.path
    expect((await track(`/videos/${path}/texttracks/en.vtt`, null)).status).toBe(401)
    expect((await track(`/videos/${path}/texttracks/en.vtt`, "not-the-token")).status).toBe(401)
    expect((await track(`/videos/${path}/texttracks/fr.vtt`)).status).toBe(404)
    expect((await track(`/videos/${path}/texttracks/..%2Fen.vtt`)).status).toBe(404)
    expect((await track(`/videos/${episodes.find((episode) => episode.id === 1001)!.path}/texttracks/en.vtt`)).status).toBe(404)
    expect((await track("/videos/1/texttracks/en.vtt")).status).toBe(404)
  })

  it("keep a draft-only video's tracks for the preview build: 404 without the preview token, private with it, 401 with a wrong one", async () => {
    const url = `/videos/${DRAFT_PATH}/texttracks/en.vtt`
    expect((await track(url)).status).toBe(404)
    expect((await track(url, TEST_VIDEO_TOKEN, `${PREVIEW_TOKEN}x`)).status).toBe(401)
    const answer = await track(url, TEST_VIDEO_TOKEN, PREVIEW_TOKEN)
    expect(answer.status).toBe(200)
    expect(answer.headers.get("cache-control")).toBe("private, no-store")
    expect(parseWebVtt(answer.body as string).cues[0]).toMatchObject({ start: 1 })
    const lookup = await server.call(`/video-host/videos/${DRAFT_PATH}`, { headers: headers(TEST_VIDEO_TOKEN, PREVIEW_TOKEN) })
    expect(expectContract(ANSWERS.video, lookup.body).text_tracks?.map((entry) => entry.url)).toEqual([url])
  })

  it("withdraws a video's tracks with the video", async () => {
    expect((await track(`/videos/${withdrawn.path}/texttracks/en.vtt`)).status).toBe(404)
  })
})
