import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { BuildQueue } from "../../../publisher/src/jobs/build-queue"
import { waitFor } from "../../helpers/wait-for"
import { LaneRecords } from "../../../publisher/src/jobs/store/lane-records"
import { mergeRefs } from "../../../publisher/src/jobs/store/job-store"
import { episode, sendHook, startTestPublisher, type TestPublisher } from "../helpers/harness"

describe("a burst of webhooks", () => {
  let site: TestPublisher
  afterEach(async () => site.dispose())

  it("builds once for 5 webhooks within the debounce", async () => {
    site = await startTestPublisher({ initialBuild: false, debounceMs: 300 })
    const answers = await Promise.all([1001, 1002, 1003, 1004, 1005].map((id) => sendHook(site.url, { event: "publish", refs: [episode(id)] })))
    const jobIds = await Promise.all(answers.map(async (answer) => ((await answer.json()) as { jobId: number }).jobId))
    expect(new Set(jobIds).size).toBe(1)
    await waitFor(() => site.starts().length > 0, { timeout: 5000, what: "the build to start" })
    await site.publisher.idle()
    expect(site.starts()).toHaveLength(1)
    expect(site.publisher.status().recent[0]).toMatchObject({ event: "publish", refs: [1001, 1002, 1003, 1004, 1005].map(episode), webhooks: 5 })
  })

  it("builds at most twice for 5 webhooks arriving during a build: the second has every ref, merged", async () => {
    // The initial build runs until the test lets it end; the edits arrive meanwhile.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "publisher-test-"))
    const firstBuildMayEnd = path.join(dir, "first-build-may-end")
    site = await startTestPublisher({ dir, debounceMs: 50, plan: { version: "v1", holdUntil: firstBuildMayEnd } })
    await waitFor(() => site.starts().length === 1, { timeout: 10_000, what: "the first build to start" })
    const refs = [episode(1001), episode(1002), episode(1001), { type: "series" as const, id: 101 }, { type: "site-settings" as const, id: null }]
    const events = ["publish", "publish", "unpublish", "publish", "publish"] as const
    const answers = []
    for (const [index, ref] of refs.entries()) {
      answers.push(await sendHook(site.url, { event: events[index] ?? "publish", refs: [ref] }))
    }
    expect(answers.map((answer) => answer.status)).toEqual([202, 202, 202, 202, 202])
    expect(site.publisher.status().queued).toHaveLength(1)
    expect(site.publisher.status().building).not.toBeNull()

    site.setPlan({ version: "v2" })
    fs.writeFileSync(firstBuildMayEnd, "")
    await waitFor(() => site.starts().length >= 2, { timeout: 10_000, what: "the second build" })
    await site.publisher.idle()
    const starts = site.starts()
    expect(starts).toHaveLength(2)
    // The initial build had no webhook; the second job holds all five, each ref once.
    const recent = site.publisher.status().recent
    expect(recent[1]).toMatchObject({ trigger: "initial build", refs: [] })
    expect(recent[0]).toMatchObject({
      event: "publish",
      refs: [episode(1001), episode(1002), { type: "series", id: 101 }, { type: "site-settings", id: null }],
    })
    expect(recent.map((job) => job.status)).toEqual(["live", "live"])
    expect(recent[0]?.webhooks).toBe(5)
  })
})

describe("BuildQueue", () => {
  let dir: string
  let records: LaneRecords
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "build-queue-"))
    records = new LaneRecords(path.join(dir, "jobs.db"))
  })
  afterEach(() => {
    records.close()
    fs.rmSync(dir, { recursive: true, force: true })
  })

  it("waits for the debounce after the last webhook, but not longer than its maximum delay", async () => {
    // On Jest's clock (the queue reads Date.now and sets timeouts): each build starts at an exact time.
    jest.useFakeTimers()
    try {
      const first = Date.now()
      const started: number[] = []
      const queue = new BuildQueue(
        records,
        async (job) => {
          records.jobs.markBuilding(job.id, Date.now())
          started.push(Date.now() - first)
          records.jobs.markLive(job.id, { releaseId: "r", changedUrls: [], removedUrls: [], now: Date.now() })
        },
        { debounceMs: 100, maxDelayMs: 400 },
      )
      // A webhook every 50 ms for 600 ms: the debounce never runs out, the maximum delay does.
      for (let i = 0; i < 12; i++) {
        queue.addHook(`event-${i}`, `signature-${i}`, { event: "publish", refs: [episode(i)] })
        await jest.advanceTimersByTimeAsync(50)
      }
      await jest.advanceTimersByTimeAsync(1000)
      await queue.idle()
      await queue.close()
      // The first build at the maximum delay after the first webhook (the debounce would have waited on);
      // the webhooks after it, the last at 550 ms, built one debounce after that last one.
      expect(started).toEqual([400, 650])
    } finally {
      jest.useRealTimers()
    }
  })

  it("marks a job failed, not building, when its runner throws", async () => {
    const queue = new BuildQueue(
      records,
      async (job) => {
        records.jobs.markBuilding(job.id, Date.now())
        throw new Error("a bug")
      },
      { debounceMs: 0, onError: () => undefined },
    )
    const id = queue.queueBuild("initial build")
    await queue.idle()
    await queue.close()
    expect(records.jobs.get(id)).toMatchObject({ status: "failed", reason: "the publisher failed: a bug" })
  })
})

describe("mergeRefs", () => {
  it("keeps each ref once, in the order first seen; ids 1 and '1' stay apart", () => {
    expect(mergeRefs([episode(1), episode(2)], [episode(2), { type: "episode", id: "1" }, { type: "series", id: 1 }])).toEqual([
      episode(1),
      episode(2),
      { type: "episode", id: "1" },
      { type: "series", id: 1 },
    ])
  })
})
