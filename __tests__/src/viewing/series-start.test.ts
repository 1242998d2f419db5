import { seriesStart, seriesStartLabel } from "../../../src/viewing/series-start"
import type { EpisodeProgress } from "../../../src/viewing/viewing-types"

const EPISODES = [
  { _id: "e1", episode: 1 },
  { _id: "e2", episode: 2 },
  { _id: "e3", episode: 3 },
]

const progress = (episodeId: string, seconds: number, updatedAt: number): EpisodeProgress => ({
  episodeId,
  seconds,
  duration: 600,
  updatedAt,
  seriesId: "s1",
  seriesTitle: "Series",
  episodeTitle: episodeId,
  episodeNumber: null,
  image: null,
})

describe("the series hero's Start / Resume", () => {
  it("starts a first-time visitor at the first episode", () => {
    const start = seriesStart([], EPISODES)!
    expect([start.episodeId, seriesStartLabel(start)]).toEqual(["e1", "Start episode 1"])
  })

  it("resumes the episode stopped part-way most recently, ignoring other series' episodes", () => {
    const history = [progress("e1", 120, 1), progress("e2", 300, 5), progress("other", 10, 9)]
    const start = seriesStart(history, EPISODES)!
    expect([start.episodeId, seriesStartLabel(start)]).toEqual(["e2", "Resume episode 2"])
  })

  it("counts a play of a few seconds for nothing", () => {
    expect(seriesStartLabel(seriesStart([progress("e1", 400, 1), progress("e3", 2, 2)], EPISODES)!)).toBe("Resume episode 1")
  })

  it("starts the episode after the last one finished, and the first again after the series' last", () => {
    expect(seriesStartLabel(seriesStart([progress("e1", 100, 1), progress("e2", 590, 2)], EPISODES)!)).toBe("Start episode 3")
    expect(seriesStartLabel(seriesStart([progress("e3", 600, 3)], EPISODES)!)).toBe("Start episode 1")
  })

  it("says it without a number where the episodes have none, and offers nothing for a series without episodes", () => {
    expect(seriesStartLabel(seriesStart([], [{ _id: "x", episode: null }])!)).toBe("Start watching")
    expect(seriesStartLabel(seriesStart([progress("x", 5, 1)], [{ _id: "x", episode: null }])!)).toBe("Resume")
    expect(seriesStart([], [])).toBeNull()
  })
})
