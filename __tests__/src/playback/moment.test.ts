import { chapterAt, momentOfSearch, momentUrl, parseMoment } from "../../../src/playback/moment"
import { createPlaybackControl } from "../../../src/playback/playback-control"

describe("parseMoment", () => {
  it.each([
    ["90", 90],
    ["90s", 90],
    ["1m30s", 90],
    ["1m30", null],
    ["1m", 60],
    ["2M5S", 125],
    ["1h2m3s", 3723],
    ["1h", 3600],
    ["0001", 1],
  ])("reads %p as %p", (t, seconds) => expect(parseMoment(t)).toBe(seconds))

  it.each([[""], ["0"], ["0s"], ["-5"], ["1.5"], ["abc"], ["90 "], ["1:30"], ["1e3"], ["9999999"], ["m"], ["h"], ["1s2m"], ["90s#x"], ["Infinity"]])("ignores %p", (t) =>
    expect(parseMoment(t)).toBeNull(),
  )

  it("ignores a missing t, and a moment at or past the video's end when its length is known", () => {
    expect(parseMoment(null)).toBeNull()
    expect(parseMoment(undefined)).toBeNull()
    expect(parseMoment("600", 600)).toBeNull()
    expect(parseMoment("599", 600)).toBe(599)
    expect(parseMoment("9000", null)).toBe(9000)
    expect(parseMoment("9000", 0)).toBe(9000)
  })

  it("reads the moment of a page's query, whatever else it holds", () => {
    expect(momentOfSearch("?t=1m30s")).toBe(90)
    expect(momentOfSearch("?utm_source=x&t=90")).toBe(90)
    expect(momentOfSearch("?t=nonsense")).toBeNull()
    expect(momentOfSearch("")).toBeNull()
    expect(momentOfSearch("?t=90", 60)).toBeNull()
  })
})

describe("momentUrl", () => {
  it("sets t in whole seconds, keeps the rest of the query and drops the fragment", () => {
    expect(momentUrl("https://moveflix.example/detail/12/", 90)).toBe("https://moveflix.example/detail/12/?t=90")
    expect(momentUrl("https://moveflix.example/detail/12/?t=5&ref=a#player", 90.7)).toBe("https://moveflix.example/detail/12/?t=90&ref=a")
    expect(momentUrl("https://moveflix.example/detail/12/", 0)).toBe("https://moveflix.example/detail/12/?t=0")
  })

  it("gives back what parseMoment reads", () => {
    expect(momentOfSearch(new URL(momentUrl("https://moveflix.example/detail/12/", 754)).search)).toBe(754)
  })
})

describe("chapterAt", () => {
  const chapters = [{ start: 10 }, { start: 60 }, { start: 120 }]
  it.each([
    [null, -1],
    [0, -1],
    [9.5, -1],
    [10, 0],
    [59.9, 1],
    [59.5, 0],
    [60, 1],
    [119, 1],
    [500, 2],
  ])("at %p s is chapter %p", (seconds, index) => expect(chapterAt(chapters, seconds)).toBe(index))

  it("is none without chapters", () => expect(chapterAt([], 30)).toBe(-1))
})

describe("createPlaybackControl", () => {
  it("hands a moment to the player that attached itself, and nothing once it has gone", () => {
    const control = createPlaybackControl()
    const playFrom = jest.fn()
    control.attach(playFrom)
    control.playFrom(90)
    control.attach(null)
    control.playFrom(120)
    expect(playFrom.mock.calls).toEqual([[90]])
  })

  it("keeps the last moment asked for before the player attached (a chapter clicked while the player's part still waits to be hydrated), and plays it once it does", () => {
    const control = createPlaybackControl()
    const playFrom = jest.fn()
    control.playFrom(5)
    control.playFrom(244)
    control.attach(playFrom)
    expect(playFrom.mock.calls).toEqual([[244]])
    control.attach(null)
    control.attach(playFrom)
    expect(playFrom.mock.calls).toEqual([[244]])
  })

  it("tells its listeners when the position changes, not when it is the same", () => {
    const control = createPlaybackControl()
    const heard = jest.fn()
    const stop = control.subscribe(heard)
    control.report(1.5)
    control.report(1.5)
    control.report(null)
    stop()
    control.report(3)
    expect(heard).toHaveBeenCalledTimes(2)
    expect(control.position()).toBe(3)
  })
})
