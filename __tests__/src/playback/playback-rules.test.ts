/** @jest-environment jsdom */
import { asksToAutoplay, forgetAutoplay } from "../../../src/playback/autoplay-state"
import { formatClock, formatMinutes } from "../../../src/playback/format-clock"
import { nextEpisodeOf } from "../../../src/playback/next-episode"

describe("formatClock", () => {
  it.each([
    [0, "0:00"],
    [59.9, "0:59"],
    [754.3, "12:34"],
    [3723, "1:02:03"],
    [-4, "0:00"],
    [Number.NaN, "0:00"],
  ])("%d s is %s", (seconds, text) => expect(formatClock(seconds)).toBe(text))
})

describe("formatMinutes", () => {
  it.each([
    [20, "1 min"],
    [754, "13 min"],
    [3900, "1 h 5 min"],
  ])("%d s is %s", (seconds, text) => expect(formatMinutes(seconds)).toBe(text))
})

describe("nextEpisodeOf", () => {
  const episodes = [{ _id: "a" }, { _id: "b" }, { _id: "c" }]
  it("is the one after, none after the last, none for an episode not listed", () => {
    expect(nextEpisodeOf(episodes, "a")).toEqual({ _id: "b" })
    expect(nextEpisodeOf(episodes, "c")).toBeNull()
    expect(nextEpisodeOf(episodes, "z")).toBeNull()
  })
})

describe("the autoplay request in history state", () => {
  it("is read from Up next's state only, and taken out of the history entry once honoured", () => {
    expect(asksToAutoplay({ autoplay: true })).toBe(true)
    expect(asksToAutoplay({ autoplay: "yes" })).toBe(false)
    expect(asksToAutoplay(null)).toBe(false)
    window.history.replaceState({ key: "k1", autoplay: true }, "")
    forgetAutoplay()
    expect(window.history.state).toEqual({ key: "k1" })
  })
})
