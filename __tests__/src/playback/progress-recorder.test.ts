import { SAVE_EVERY_MS, progressRecorder, type EpisodeSnapshot } from "../../../src/playback/progress-recorder"
import type { EpisodeProgress } from "../../../src/viewing/viewing-types"

const episode: EpisodeSnapshot = {
  episodeId: "1002",
  seriesId: "101",
  seriesTitle: "30-Day HIIT Challenge",
  episodeTitle: "Power and Control",
  episodeNumber: 4,
  image: null,
}

/** A recorder over a clock the test moves, and the writes it made. */
function recorderAt(start = 1_000) {
  let now = start
  const writes: Omit<EpisodeProgress, "updatedAt">[] = []
  const recorder = progressRecorder(
    episode,
    (entry) => writes.push(entry),
    () => now,
  )
  return { recorder, writes, advance: (ms: number) => (now += ms) }
}

describe("progressRecorder", () => {
  it("writes the first position at once, then at most once per interval while the video plays", () => {
    const { recorder, writes, advance } = recorderAt()
    recorder.time({ seconds: 0.2, duration: 600 })
    for (let tick = 1; tick <= 20; tick++) {
      advance(250)
      recorder.time({ seconds: 0.2 + tick / 4, duration: 600 })
    }
    // 5 s of quarter-second ticks: the first position and one more, SAVE_EVERY_MS later.
    expect(SAVE_EVERY_MS).toBe(5000)
    expect(writes.map((write) => write.seconds)).toEqual([0.2, 5.2])
    expect(writes[0]).toEqual({ ...episode, seconds: 0.2, duration: 600 })
  })

  it("writes at once on pause, and a flush writes only what is not written yet", () => {
    const { recorder, writes, advance } = recorderAt()
    recorder.time({ seconds: 10, duration: 600 })
    advance(1000)
    recorder.time({ seconds: 11, duration: 600 })
    recorder.pause({ seconds: 11.1, duration: 600 })
    recorder.flush()
    expect(writes.map((write) => write.seconds)).toEqual([10, 11.1])
    advance(1000)
    recorder.time({ seconds: 12, duration: 600 })
    recorder.flush()
    expect(writes.map((write) => write.seconds)).toEqual([10, 11.1, 12])
  })

  it("counts the end as the whole episode", () => {
    const { recorder, writes } = recorderAt()
    recorder.ended({ seconds: 598.9, duration: 600 })
    expect(writes).toEqual([{ ...episode, seconds: 600, duration: 600 }])
  })

  it("writes nothing before the player has told the video's length", () => {
    const { recorder, writes } = recorderAt()
    recorder.time({ seconds: 0, duration: 0 })
    recorder.flush()
    expect(writes).toEqual([])
  })
})
