import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { MAX_REFS_PER_DELIVERY } from "../../../contract/webhook-signature"
import { DEDUPE_KEPT_MS, PRUNE_EVERY_MS, startBackgroundTasks } from "../../../publisher/src/jobs/background-tasks"
import type { BuildQueue } from "../../../publisher/src/jobs/build-queue"
import type { PublisherConfig } from "../../../publisher/src/config"
import { joinHints, JobStore } from "../../../publisher/src/jobs/job-store"
import { episode } from "../helpers/harness"

const refs = (count: number, from = 1) => Array.from({ length: count }, (_, index) => episode(from + index))

describe("a job's refs: a bounded hint", () => {
  it("merges the lists of the deliveries it joins, each ref once", () => {
    expect(joinHints({ refs: [episode(1)], hookCount: 1 }, [episode(2), episode(1)])).toEqual([episode(1), episode(2)])
  })

  it("keeps [] (\"read the changes feed\") once a delivery said so, whatever joins later", () => {
    expect(joinHints({ refs: [episode(1)], hookCount: 1 }, [])).toEqual([])
    expect(joinHints({ refs: [], hookCount: 1 }, [episode(2)])).toEqual([])
    // A job no webhook joined yet (the changes feed queued it) takes the first list.
    expect(joinHints({ refs: [], hookCount: 0 }, [episode(2)])).toEqual([episode(2)])
  })

  it("turns a merged list over the limit into [], so no number of deliveries grows a job's record without bound", () => {
    const full = refs(MAX_REFS_PER_DELIVERY)
    expect(joinHints({ refs: full, hookCount: 3 }, [episode(1)])).toHaveLength(MAX_REFS_PER_DELIVERY)
    expect(joinHints({ refs: full, hookCount: 3 }, refs(1, 1_000_000))).toEqual([])
  })
})

describe("the webhook dedupe records", () => {
  let dir: string
  let store: JobStore
  beforeEach(() => {
    jest.useFakeTimers()
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "dedupe-pruning-"))
    store = new JobStore(path.join(dir, "publisher.db"))
  })
  afterEach(() => {
    jest.useRealTimers()
    store.close()
    fs.rmSync(dir, { recursive: true, force: true })
  })

  const deliver = (eventId: string) => store.addHook({ eventId, signature: "v1,x", body: { event: "publish", refs: [episode(1)] }, now: Date.now() })

  it("are pruned on a timer while the publisher runs, not only at start", () => {
    const tasks = startBackgroundTasks({
      config: { changesPollMs: 0, buildEnv: {} } as PublisherConfig,
      store,
      queue: {} as BuildQueue,
      log: { info: () => undefined, warn: () => undefined, error: () => undefined },
    })
    try {
      deliver("old")
      jest.advanceTimersByTime(DEDUPE_KEPT_MS - PRUNE_EVERY_MS)
      deliver("recent")
      expect(deliver("old").duplicate).toBe(true)
      jest.advanceTimersByTime(2 * PRUNE_EVERY_MS)
      // Over an hour old: forgotten (its timestamp fails the 5-minute check long before); the recent one is kept.
      expect(deliver("recent").duplicate).toBe(true)
      expect(deliver("old").duplicate).toBe(false)
    } finally {
      tasks.stop()
    }
  })
})
