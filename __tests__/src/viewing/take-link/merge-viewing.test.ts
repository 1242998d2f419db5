/** @jest-environment jsdom */
import { additionsOf, addsNothing, mergeViewing, takeViewing } from "../../../../src/viewing/take-link/merge-viewing"
import { HISTORY_LIMIT, readViewing, SAVED_LIMIT, saveSeries } from "../../../../src/viewing/viewing-store"
import type { EpisodeProgress, SavedSeries, ViewingState } from "../../../../src/viewing/viewing-types"
import { FakeStorage, installStorage, quotaExceeded, restoreStorage } from "../fake-storage"

const series = (id: string, savedAt: number): SavedSeries => ({ seriesId: id, title: `Series ${id}`, image: null, savedAt })
const position = (id: string, updatedAt: number, seconds = 60): EpisodeProgress => ({
  episodeId: id,
  seconds,
  duration: 600,
  updatedAt,
  seriesId: null,
  seriesTitle: null,
  episodeTitle: `Episode ${id}`,
  episodeNumber: null,
  image: null,
})
const ids = (state: ViewingState) => ({ saved: state.saved.map((s) => s.seriesId), history: state.history.map((e) => `${e.episodeId}@${e.seconds}`) })

describe("merging another device's list", () => {
  const here: ViewingState = { saved: [series("a", 30), series("b", 10)], history: [position("e1", 300, 100), position("e2", 100, 200)] }

  it("adds every series not saved here, in its place by date; one saved here keeps its place and date", () => {
    const merged = mergeViewing(here, { saved: [series("c", 20), { ...series("a", 5), title: "Renamed" }], history: [] })
    expect(merged.saved).toEqual([series("a", 30), series("c", 20), series("b", 10)])
  })

  it("keeps, per episode, the position written last; a tie keeps this browser's", () => {
    const merged = mergeViewing(here, { saved: [], history: [position("e1", 250, 999), position("e2", 400, 500), position("e3", 200, 7), position("e1", 300, 1)] })
    expect(ids(merged).history).toEqual(["e2@500", "e1@100", "e3@7"])
  })

  it("answers the same state when nothing is new, and says what is new otherwise", () => {
    expect(mergeViewing(here, { saved: [series("b", 99)], history: [position("e1", 1)] })).toBe(here)
    expect(addsNothing(additionsOf(here, here))).toBe(true)
    const additions = additionsOf(here, { saved: [series("c", 20), series("a", 1)], history: [position("e2", 400), position("e1", 1)] })
    expect({ series: additions.series.map((s) => s.seriesId), positions: additions.positions.map((e) => e.episodeId) }).toEqual({ series: ["c"], positions: ["e2"] })
  })

  it("stays within the store's limits, the oldest going", () => {
    const full: ViewingState = {
      saved: Array.from({ length: SAVED_LIMIT }, (_, index) => series(`s${index}`, 1000 - index)),
      history: Array.from({ length: HISTORY_LIMIT }, (_, index) => position(`e${index}`, 1000 - index)),
    }
    const merged = mergeViewing(full, { saved: [series("new", 2000), series("old", 1)], history: [position("new", 2000), position("old", 1)] })
    expect(merged.saved).toHaveLength(SAVED_LIMIT)
    expect(merged.history).toHaveLength(HISTORY_LIMIT)
    expect(ids(merged).saved[0]).toBe("new")
    expect(ids(merged).saved).not.toContain("old")
    expect(ids(merged).saved).not.toContain(`s${SAVED_LIMIT - 1}`)
    // What cannot stay is not offered either.
    expect(additionsOf(full, { saved: [series("old", 1)], history: [] }).series).toEqual([])
  })
})

describe("taking a list into this browser", () => {
  let storage: FakeStorage
  beforeEach(() => {
    storage = new FakeStorage()
    installStorage(storage)
  })
  afterEach(() => restoreStorage())

  it("merges with what is stored now and answers what it added", () => {
    saveSeries({ seriesId: "a", title: "Series a", image: null })
    const added = takeViewing({ saved: [series("a", 1), series("c", 2)], history: [position("e1", 5)] })
    expect({ series: added?.series.map((s) => s.seriesId), positions: added?.positions.map((e) => e.episodeId) }).toEqual({ series: ["c"], positions: ["e1"] })
    expect(ids(readViewing())).toEqual({ saved: ["a", "c"], history: ["e1@60"] })
  })

  it("answers undefined when the browser refuses the write", () => {
    storage.refuseWrites = quotaExceeded()
    expect(takeViewing({ saved: [series("c", 2)], history: [] })).toBeUndefined()
  })
})
