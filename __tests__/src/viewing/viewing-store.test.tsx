import {
  EMPTY_VIEWING,
  HISTORY_LIMIT,
  inProgress,
  isSaved,
  isWatched,
  progressFraction,
  progressOf,
  readViewing,
  restoreSaved,
  SAVED_LIMIT,
  saveSeries,
  subscribeViewing,
  unsaveSeries,
  viewingStorageAvailable,
  VIEWING_STORAGE_KEY,
} from "../../../src/viewing/viewing-store"
import { clearHistory, recordProgress, removeFromHistory, restoreHistory } from "../../../src/viewing/viewing-history"
import type { EpisodeProgress } from "../../../src/viewing/viewing-types"
import { CONTINUE_WATCHING_HINT_KEY } from "../../../src/viewing/storage-key"
import { FakeStorage, installStorage, restoreStorage, quotaExceeded, securityError } from "./fake-storage"

const image = { src: "/static/abc/cover.webp", width: 640, height: 360 }

function episode(id: string, seconds = 30, duration = 600): Omit<EpisodeProgress, "updatedAt"> {
  return {
    episodeId: id,
    seconds,
    duration,
    seriesId: "s1",
    seriesTitle: "Morning Yoga",
    episodeTitle: `Episode ${id}`,
    episodeNumber: 1,
    image,
  }
}

const historyIds = () => readViewing().history.map((progress) => progress.episodeId)
const stored = (storage: Storage) => JSON.parse(storage.getItem(VIEWING_STORAGE_KEY) ?? "null") as unknown

let storage: FakeStorage
let now: number

beforeEach(() => {
  storage = new FakeStorage()
  installStorage(storage)
  now = 1_760_000_000_000
  jest.spyOn(Date, "now").mockImplementation(() => now++)
})

afterEach(() => {
  jest.restoreAllMocks()
  restoreStorage()
})

describe("writing and reading back", () => {
  it("keeps an episode's position under one versioned key, stamped with the time", () => {
    recordProgress(episode("e1", 754.36, 1800.04))
    expect(readViewing().history).toEqual([{ ...episode("e1", 754.4, 1800), updatedAt: 1_760_000_000_000 }])
    // The viewing memory, and the home page's hint that there is an episode to continue.
    expect(storage.length).toBe(2)
    expect(stored(storage)).toEqual({ version: 1, history: [expect.objectContaining({ episodeId: "e1" })], saved: [] })
  })

  it("keeps saved series beside the history", () => {
    saveSeries({ seriesId: "s1", title: "Morning Yoga", image: null })
    expect(readViewing().saved).toEqual([{ seriesId: "s1", title: "Morning Yoga", image: null, savedAt: 1_760_000_000_000 }])
    expect(isSaved(readViewing(), "s1")).toBe(true)
    expect(isSaved(readViewing(), "s2")).toBe(false)
  })

  it("gives the same object while the stored value does not change, a new one after a write", () => {
    recordProgress(episode("e1"))
    const first = readViewing()
    expect(readViewing()).toBe(first)
    recordProgress(episode("e2"))
    expect(readViewing()).not.toBe(first)
  })

  it("ignores an entry it could not read back (NaN seconds, an empty id)", () => {
    recordProgress(episode("e1", Number.NaN))
    recordProgress(episode(""))
    saveSeries({ seriesId: "", title: null, image: null })
    expect(readViewing()).toEqual(EMPTY_VIEWING)
    expect(storage.length).toBe(0)
  })

  it("re-reads storage before each write, so another tab's entries survive", () => {
    recordProgress(episode("e1"))
    // Another tab, which read before e1 was written, writes its own list.
    const otherTab = { version: 1, history: [{ ...episode("e9"), updatedAt: 5 }], saved: [] }
    storage.setItem(VIEWING_STORAGE_KEY, JSON.stringify(otherTab))
    recordProgress(episode("e2"))
    expect(historyIds()).toEqual(["e2", "e9"])
  })
})

describe("order and limits", () => {
  it("puts the latest played episode first, once", () => {
    recordProgress(episode("e1"))
    recordProgress(episode("e2"))
    recordProgress(episode("e1", 90))
    expect(historyIds()).toEqual(["e1", "e2"])
    expect(progressOf(readViewing(), "e1")?.seconds).toBe(90)
  })

  it(`drops the oldest episode when the ${HISTORY_LIMIT + 1}st is recorded`, () => {
    for (let index = 1; index <= HISTORY_LIMIT + 1; index++) recordProgress(episode(`e${index}`))
    const ids = historyIds()
    expect(ids).toHaveLength(HISTORY_LIMIT)
    expect(ids[0]).toBe(`e${HISTORY_LIMIT + 1}`)
    expect(ids).not.toContain("e1")
    expect(ids).toContain("e2")
  })

  it(`keeps the ${SAVED_LIMIT} most recently saved series`, () => {
    for (let index = 1; index <= SAVED_LIMIT + 1; index++) saveSeries({ seriesId: `s${index}`, title: null, image: null })
    const ids = readViewing().saved.map((series) => series.seriesId)
    expect(ids).toHaveLength(SAVED_LIMIT)
    expect(ids[0]).toBe(`s${SAVED_LIMIT + 1}`)
    expect(ids).not.toContain("s1")
  })

  it("saving a saved series again refreshes it in place, keeping its date", () => {
    saveSeries({ seriesId: "s1", title: "Old title", image: null })
    saveSeries({ seriesId: "s2", title: null, image: null })
    saveSeries({ seriesId: "s1", title: "New title", image })
    expect(readViewing().saved).toEqual([expect.objectContaining({ seriesId: "s2" }), { seriesId: "s1", title: "New title", image, savedAt: 1_760_000_000_000 }])
  })

  it("reads at most the limits even from a longer stored list", () => {
    const history = Array.from({ length: HISTORY_LIMIT + 5 }, (_, index) => ({ ...episode(`e${index}`), updatedAt: index }))
    storage.setItem(VIEWING_STORAGE_KEY, JSON.stringify({ version: 1, history, saved: [] }))
    expect(historyIds()).toHaveLength(HISTORY_LIMIT)
  })
})

describe("removing", () => {
  it("forgets one episode", () => {
    recordProgress(episode("e1"))
    recordProgress(episode("e2"))
    removeFromHistory("e1")
    expect(historyIds()).toEqual(["e2"])
  })

  it("clears the history but keeps the saved list", () => {
    recordProgress(episode("e1"))
    saveSeries({ seriesId: "s1", title: null, image: null })
    clearHistory()
    expect(readViewing().history).toEqual([])
    expect(readViewing().saved).toHaveLength(1)
  })

  it("leaves no key behind once nothing is remembered", () => {
    recordProgress(episode("e1"))
    saveSeries({ seriesId: "s1", title: null, image: null })
    clearHistory()
    unsaveSeries("s1")
    expect(storage.getItem(VIEWING_STORAGE_KEY)).toBeNull()
    expect(readViewing()).toBe(EMPTY_VIEWING)
  })
})

describe("the home page's hint (read before its first paint)", () => {
  const hint = () => storage.getItem(CONTINUE_WATCHING_HINT_KEY)

  it("is on while an episode is started and unfinished, and off once none is", () => {
    recordProgress(episode("e1", 2))
    expect(hint()).toBeNull()
    recordProgress(episode("e1", 300))
    expect(hint()).toBe("1")
    saveSeries({ seriesId: "s1", title: null, image: null })
    expect(hint()).toBe("1")
    recordProgress(episode("e1", 600))
    expect(hint()).toBeNull()
    recordProgress(episode("e2", 120))
    removeFromHistory("e2")
    expect(hint()).toBeNull()
  })

  it("goes with a stored value the site cannot read", () => {
    storage.setItem(VIEWING_STORAGE_KEY, "not ours")
    storage.setItem(CONTINUE_WATCHING_HINT_KEY, "1")
    expect(readViewing()).toBe(EMPTY_VIEWING)
    expect(hint()).toBeNull()
  })
})

describe("undoing a removal", () => {
  it("puts a forgotten episode back in its place by date", () => {
    for (const id of ["e1", "e2", "e3"]) recordProgress(episode(id))
    const removed = removeFromHistory("e2")
    expect(removed?.episodeId).toBe("e2")
    expect(historyIds()).toEqual(["e3", "e1"])
    restoreHistory([removed!])
    expect(historyIds()).toEqual(["e3", "e2", "e1"])
    expect(progressOf(readViewing(), "e2")).toEqual(removed)
  })

  it("brings a cleared history back whole, after anything played since, which keeps its newer entry", () => {
    for (const id of ["e1", "e2", "e3"]) recordProgress(episode(id))
    const cleared = clearHistory()
    expect(cleared.map((entry) => entry.episodeId)).toEqual(["e3", "e2", "e1"])
    recordProgress(episode("e2", 99))
    restoreHistory(cleared)
    expect(historyIds()).toEqual(["e2", "e3", "e1"])
    expect(progressOf(readViewing(), "e2")?.seconds).toBe(99)
  })

  it("answers nothing to undo when nothing was removed", () => {
    expect(removeFromHistory("e9")).toBeUndefined()
    expect(clearHistory()).toEqual([])
    expect(unsaveSeries("s9")).toBeUndefined()
  })

  it("puts an unsaved series back in its place by the date it was saved, unless saved again since", () => {
    for (const id of ["s1", "s2", "s3"]) saveSeries({ seriesId: id, title: id, image: null })
    const removed = unsaveSeries("s2")
    expect(readViewing().saved.map((series) => series.seriesId)).toEqual(["s3", "s1"])
    restoreSaved(removed!)
    expect(readViewing().saved.map((series) => series.seriesId)).toEqual(["s3", "s2", "s1"])
    expect(readViewing().saved[1]).toEqual(removed)

    const again = unsaveSeries("s1")!
    saveSeries({ seriesId: "s1", title: "renamed", image: null })
    restoreSaved(again)
    expect(
      readViewing()
        .saved.filter((series) => series.seriesId === "s1")
        .map((series) => series.title),
    ).toEqual(["renamed"])
  })

  it("with storage refused there is nothing to undo", () => {
    installStorage({ refusal: securityError() })
    expect(clearHistory()).toEqual([])
    expect(unsaveSeries("s1")).toBeUndefined()
  })
})

describe("watched and in progress", () => {
  const at = (seconds: number, duration = 100) => ({ ...episode("e1", seconds, duration), updatedAt: 0 })

  it("counts an episode watched from 95 % of its length", () => {
    expect(isWatched(at(95))).toBe(true)
    expect(isWatched(at(94.9))).toBe(false)
    expect(isWatched(at(100))).toBe(true)
    expect(isWatched(at(30, 0))).toBe(false)
  })

  it("gives the fraction played between 0 and 1", () => {
    expect(progressFraction(at(25))).toBe(0.25)
    expect(progressFraction(at(130))).toBe(1)
    expect(progressFraction(at(30, 0))).toBe(0)
  })

  it("continues only episodes started for 5 s or more and not watched", () => {
    recordProgress(episode("finished", 580, 600))
    recordProgress(episode("barely", 4.9, 600))
    recordProgress(episode("middle", 300, 600))
    recordProgress(episode("started", 5, 600))
    expect(inProgress(readViewing()).map((progress) => progress.episodeId)).toEqual(["started", "middle"])
  })
})

describe("a stored value that is not ours", () => {
  it.each([
    ["corrupt JSON", "{not json"],
    ["a foreign object", JSON.stringify({ theme: "dark" })],
    ["an array", JSON.stringify([{ episodeId: "e1" }])],
    ["a bare number", "42"],
    ["another version", JSON.stringify({ version: 2, history: [{ ...episode("e1"), updatedAt: 1 }], saved: [] })],
  ])("reads %s as nothing remembered and removes it", (_, raw) => {
    storage.setItem(VIEWING_STORAGE_KEY, raw)
    expect(readViewing()).toBe(EMPTY_VIEWING)
    expect(storage.getItem(VIEWING_STORAGE_KEY)).toBeNull()
  })

  it("writes over it on the next write", () => {
    storage.setItem(VIEWING_STORAGE_KEY, "{not json")
    recordProgress(episode("e1"))
    expect(historyIds()).toEqual(["e1"])
  })

  it("drops the bad entries of a partly bad list and keeps the good ones", () => {
    const good = { ...episode("good"), updatedAt: 1 }
    const history = [
      good,
      { ...good, episodeId: "" },
      { ...good, episodeId: 7 },
      { ...good, seconds: -1 },
      { ...good, seconds: "12" },
      { ...good, duration: null },
      { ...good, updatedAt: undefined },
      { ...good, seriesId: "" },
      { ...good, seriesTitle: 3 },
      { ...good, episodeTitle: {} },
      { ...good, episodeNumber: "1" },
      { ...good, image: { src: "javascript:alert(1)", width: 1, height: 1 } },
      { ...good, image: { src: "/a.jpg", width: 0, height: 1 } },
      { ...good, image: "/a.jpg" },
      null,
      "good",
      { ...good, seconds: 9 },
      { ...good, episodeId: "second", image: null, seriesId: null, extra: "dropped" },
    ]
    const saved = [
      { seriesId: "s1", title: null, image, savedAt: 2 },
      { seriesId: "s2", savedAt: 2 },
    ]
    storage.setItem(VIEWING_STORAGE_KEY, JSON.stringify({ version: 1, history, saved }))
    expect(readViewing()).toEqual({
      history: [good, { ...good, episodeId: "second", image: null, seriesId: null }],
      saved: [{ seriesId: "s1", title: null, image, savedAt: 2 }],
    })
  })

  it("reads lists that are not lists as empty", () => {
    storage.setItem(VIEWING_STORAGE_KEY, JSON.stringify({ version: 1, history: "e1", saved: {} }))
    expect(readViewing()).toEqual({ history: [], saved: [] })
  })
})

describe("storage the browser refuses", () => {
  it("with site data disabled: unavailable, empty, writes do nothing, nothing throws", () => {
    installStorage({ refusal: securityError() })
    const listener = jest.fn()
    const unsubscribe = subscribeViewing(listener)
    expect(viewingStorageAvailable()).toBe(false)
    expect(readViewing()).toBe(EMPTY_VIEWING)
    expect(() => {
      recordProgress(episode("e1"))
      saveSeries({ seriesId: "s1", title: null, image: null })
      removeFromHistory("e1")
      clearHistory()
      unsaveSeries("s1")
    }).not.toThrow()
    expect(listener).not.toHaveBeenCalled()
    unsubscribe()
  })

  it("when full: the write is dropped, what was stored stays readable", () => {
    recordProgress(episode("e1"))
    storage.refuseWrites = quotaExceeded()
    const listener = jest.fn()
    const unsubscribe = subscribeViewing(listener)
    expect(() => recordProgress(episode("e2"))).not.toThrow()
    expect(historyIds()).toEqual(["e1"])
    expect(listener).not.toHaveBeenCalled()
    unsubscribe()
  })

  it("with a quota of zero (some private modes): unavailable", () => {
    storage.refuseWrites = quotaExceeded()
    expect(viewingStorageAvailable()).toBe(false)
    expect(() => saveSeries({ seriesId: "s1", title: null, image: null })).not.toThrow()
    expect(readViewing()).toBe(EMPTY_VIEWING)
  })

  it("when reading throws: empty", () => {
    jest.spyOn(storage, "getItem").mockImplementation(() => {
      throw securityError()
    })
    expect(readViewing()).toBe(EMPTY_VIEWING)
    expect(() => recordProgress(episode("e1"))).not.toThrow()
  })

  it("is available when it works, without leaving its probe behind", () => {
    expect(viewingStorageAvailable()).toBe(true)
    expect(storage.length).toBe(0)
  })
})

describe("subscribing", () => {
  const storageEvent = (key: string | null) => window.dispatchEvent(new StorageEvent("storage", { key }))

  it("tells listeners about writes in this page", () => {
    const listener = jest.fn()
    const unsubscribe = subscribeViewing(listener)
    recordProgress(episode("e1"))
    saveSeries({ seriesId: "s1", title: null, image: null })
    expect(listener).toHaveBeenCalledTimes(2)
    removeFromHistory("absent")
    expect(listener).toHaveBeenCalledTimes(2)
    unsubscribe()
    clearHistory()
    expect(listener).toHaveBeenCalledTimes(2)
  })

  it("tells listeners when another tab changes the key or clears storage, not for other keys", () => {
    const listener = jest.fn()
    const unsubscribe = subscribeViewing(listener)
    storageEvent("someone.else")
    expect(listener).not.toHaveBeenCalled()
    storageEvent(VIEWING_STORAGE_KEY)
    expect(listener).toHaveBeenCalledTimes(1)
    storageEvent(null)
    expect(listener).toHaveBeenCalledTimes(2)
    unsubscribe()
    storageEvent(VIEWING_STORAGE_KEY)
    expect(listener).toHaveBeenCalledTimes(2)
  })

  it("tells listeners when the page comes back from the back/forward cache", () => {
    const listener = jest.fn()
    const unsubscribe = subscribeViewing(listener)
    window.dispatchEvent(new Event("pageshow"))
    expect(listener).toHaveBeenCalledTimes(1)
    unsubscribe()
    window.dispatchEvent(new Event("pageshow"))
    expect(listener).toHaveBeenCalledTimes(1)
  })

  it("removes one subscription per unsubscribe, even for the same listener", () => {
    const listener = jest.fn()
    const first = subscribeViewing(listener)
    const second = subscribeViewing(listener)
    first()
    recordProgress(episode("e1"))
    expect(listener).toHaveBeenCalledTimes(1)
    second()
  })
})
