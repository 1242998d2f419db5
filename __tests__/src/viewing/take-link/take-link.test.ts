import crypto from "node:crypto"
import zlib from "node:zlib"
import { makeTakeLink } from "../../../../src/viewing/take-link/make-take-link"
import { readTakeLink } from "../../../../src/viewing/take-link/read-take-link"
import { LINK_LIMIT, READ_LIMITS } from "../../../../src/viewing/take-link/take-link-format"
import { HISTORY_LIMIT, SAVED_LIMIT } from "../../../../src/viewing/viewing-store"
import type { EpisodeProgress, SavedSeries, ViewingState } from "../../../../src/viewing/viewing-types"

const PAGE = "https://moveflix.example/my-list/"
const NOW = 1_760_000_000_000

// As real as compression sees them: a picture folder is a content hash, titles differ.
const hash = (seed: string) => crypto.createHash("sha1").update(seed).digest("hex")
const WORDS = ["Morning", "Power", "Salsa", "Flow", "Core", "Stretch", "Hip Hop", "Barre", "Mobility", "Cardio", "Ballet", "Pilates", "Sunrise", "Strength"]
const titleOf = (seed: string) => [0, 2, 4].map((at) => WORDS[parseInt(hash(seed).slice(at, at + 2), 16) % WORDS.length]).join(" ")
const picture = (name: string) => ({ src: `/_gatsby/image/${hash(name).slice(0, 20)}/${name}-480w.webp`, width: 480, height: 270 })

function series(id: number, savedAt = NOW - id * 1000): SavedSeries {
  return { seriesId: String(id), title: titleOf(`series ${id}`), image: picture(`series-${id}`), savedAt }
}

function position(id: number, updatedAt = NOW - id * 1000): EpisodeProgress {
  return {
    episodeId: String(1000 + id),
    seconds: 312.4 + id,
    duration: 1800,
    updatedAt,
    seriesId: String(id % 5),
    seriesTitle: titleOf(`series ${id % 5}`),
    episodeTitle: titleOf(`episode ${id}`),
    episodeNumber: id % 12,
    image: picture(`episode-${id}`),
  }
}

/** A fragment in the link's format, written here from its description (take-link-format.ts) with Node's zlib: an outsider's link. */
const fragmentOf = (json: unknown, format = "1") => `#take=${format}.${zlib.deflateRawSync(Buffer.from(JSON.stringify(json))).toString("base64url")}`

const read = (hash: string) => readTakeLink(hash, NOW)

describe("a link made and read back", () => {
  it("carries every saved series and position, as the store keeps them", async () => {
    const state: ViewingState = { saved: [series(1), { ...series(2), title: null, image: null }], history: [position(1), { ...position(2), seriesId: null, episodeNumber: null }] }
    const link = await makeTakeLink(state, PAGE)
    expect(link.url).toMatch(/^https:\/\/moveflix\.example\/my-list\/#take=1\.[A-Za-z0-9_-]+$/)
    expect(link.carried).toEqual({ saved: 2, history: 2 })
    expect(link.total).toEqual({ saved: 2, history: 2 })
    await expect(read(new URL(link.url).hash)).resolves.toEqual({ kind: "list", state, leftOut: 0 })
  })

  it("keeps to LINK_LIMIT characters: the most recently saved series first, then the newest positions that fit", async () => {
    const state: ViewingState = {
      saved: Array.from({ length: SAVED_LIMIT }, (_, index) => series(index + 1)),
      history: Array.from({ length: HISTORY_LIMIT }, (_, index) => position(index + 1)),
    }
    const link = await makeTakeLink(state, PAGE)
    expect(link.url.length).toBeLessThanOrEqual(LINK_LIMIT)
    expect(link.total).toEqual({ saved: SAVED_LIMIT, history: HISTORY_LIMIT })
    expect(link.carried.saved).toBeGreaterThan(5)
    expect(link.carried.saved).toBeLessThan(SAVED_LIMIT)
    const reading = await read(new URL(link.url).hash)
    expect(reading).toEqual({ kind: "list", state: { saved: state.saved.slice(0, link.carried.saved), history: [] }, leftOut: 0 })
  })

  it("fills what room is left with the newest positions", async () => {
    const state: ViewingState = { saved: [series(1), series(2)], history: Array.from({ length: HISTORY_LIMIT }, (_, index) => position(index + 1)) }
    const link = await makeTakeLink(state, PAGE)
    expect(link.url.length).toBeLessThanOrEqual(LINK_LIMIT)
    expect(link.carried.saved).toBe(2)
    expect(link.carried.history).toBeGreaterThan(3)
    expect(link.carried.history).toBeLessThan(HISTORY_LIMIT)
    const reading = await read(new URL(link.url).hash)
    expect(reading.kind === "list" && reading.state.history).toEqual(state.history.slice(0, link.carried.history))
  })

  it("reads nothing from an address without a take link", async () => {
    await expect(read("")).resolves.toEqual({ kind: "none" })
    await expect(read("#saved-series")).resolves.toEqual({ kind: "none" })
  })
})

describe("a link is untrusted input", () => {
  const good = [[["7", "Salsa", null, NOW - 5]], [["70", 12, 600, NOW - 5, "7", "Salsa", "Basics", 1, null]]]

  it("reads the format as documented, written by another encoder", async () => {
    const reading = await read(fragmentOf(good))
    expect(reading).toEqual({
      kind: "list",
      leftOut: 0,
      state: {
        saved: [{ seriesId: "7", title: "Salsa", image: null, savedAt: NOW - 5 }],
        history: [{ episodeId: "70", seconds: 12, duration: 600, updatedAt: NOW - 5, seriesId: "7", seriesTitle: "Salsa", episodeTitle: "Basics", episodeNumber: 1, image: null }],
      },
    })
  })

  it.each([
    ["no format", "#take=abc"],
    ["not base64url", "#take=1.not*base64!"],
    ["not deflate", `#take=1.${Buffer.from("plain words, not deflate").toString("base64url")}`],
    ["a cut link", fragmentOf(good).slice(0, -12)],
    ["not JSON", `#take=1.${zlib.deflateRawSync(Buffer.from("{nope")).toString("base64url")}`],
    ["another shape", fragmentOf({ saved: [], history: [] })],
    ["lists that are not lists", fragmentOf(["a", "b"])],
    ["nothing in it", fragmentOf([[], []])],
    ["every entry bad", fragmentOf([[["", "x", null, 1]], [["e", -1, 600, 1, null, null, null, null, null]]])],
    ["not UTF-8", `#take=1.${zlib.deflateRawSync(Buffer.from([0xff, 0xfe, 0x5b])).toString("base64url")}`],
    ["a percent sign", "#take=1.%E0%A4%A"],
  ])("%s: damaged, never a throw", async (_, hash) => {
    await expect(read(hash)).resolves.toEqual({ kind: "unreadable", why: "damaged" })
  })

  it("refuses another format without reading it", async () => {
    await expect(read(fragmentOf(good, "2"))).resolves.toEqual({ kind: "unreadable", why: "format" })
  })

  it("refuses a deflate bomb unread, and a fragment longer than any link the site makes", async () => {
    const bomb = zlib.deflateRawSync(Buffer.from(JSON.stringify([[["1", "x".repeat(READ_LIMITS.inflatedBytes * 4), null, 1]], []])))
    expect(bomb.length).toBeLessThan(READ_LIMITS.characters)
    await expect(read(`#take=1.${bomb.toString("base64url")}`)).resolves.toEqual({ kind: "unreadable", why: "damaged" })
    await expect(read(`#take=1.${"A".repeat(READ_LIMITS.characters + 4)}`)).resolves.toEqual({ kind: "unreadable", why: "damaged" })
  })

  it("leaves out, and counts, each entry that breaks the store's rules; a script in a title is only text", async () => {
    const reading = await read(
      fragmentOf([
        [
          ["1", "<img src=x onerror=alert(1)>", null, NOW - 1],
          ["2", "Bad picture", ["javascript:alert(1)", 10, 10], NOW - 1],
          ["3", "Zero-sized picture", ["/a.webp", 0, 10], NOW - 1],
          ["1", "The same id again", null, NOW - 1],
          { seriesId: "4", title: "An object, not the wire's array", image: null, savedAt: 1 },
        ],
        [
          ["e1", "12", 600, NOW, null, null, null, null, null],
          ["e2", 12, 600, NOW - 9, null, null, null, 2.5, null],
        ],
      ]),
    )
    expect(reading).toEqual({
      kind: "list",
      leftOut: 5,
      state: {
        saved: [{ seriesId: "1", title: "<img src=x onerror=alert(1)>", image: null, savedAt: NOW - 1 }],
        history: [expect.objectContaining({ episodeId: "e2", episodeNumber: 2.5 })],
      },
    })
  })

  it("counts a time in the future as now", async () => {
    const reading = await read(fragmentOf([[["1", "t", null, NOW * 10]], [["e", 5, 60, NOW + 86_400_000, null, null, null, null, null]]]))
    expect(reading.kind === "list" && [reading.state.saved[0]!.savedAt, reading.state.history[0]!.updatedAt]).toEqual([NOW, NOW])
  })

  it("takes no more than the store keeps", async () => {
    const many = Array.from({ length: SAVED_LIMIT + 3 }, (_, index) => [String(index), null, null, 1])
    const reading = await read(fragmentOf([many, []]))
    expect(reading.kind === "list" && [reading.state.saved.length, reading.leftOut]).toEqual([SAVED_LIMIT, 3])
  })
})
