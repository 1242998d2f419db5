import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { MAX_REFS_PER_DELIVERY, secretKeys, signWebhook } from "../../../contract/webhook-signature"
import { DEDUPE_KEPT_MS, PRUNE_EVERY_MS, startBackgroundTasks } from "../../../publisher/src/jobs/background-tasks"
import type { BuildQueue } from "../../../publisher/src/jobs/build-queue"
import type { PublisherConfig } from "../../../publisher/src/config"
import { LaneRecords } from "../../../publisher/src/jobs/store/lane-records"
import { joinHints } from "../../../publisher/src/jobs/store/job-store"
import { TIMESTAMP_TOLERANCE_SECONDS, verifyWebhook } from "../../../publisher/src/http/verify-webhook"
import { episode, SECRET } from "../helpers/harness"

const refs = (count: number, from = 1) => Array.from({ length: count }, (_, index) => episode(from + index))

describe("a job's refs: a bounded hint", () => {
  it("merges the lists of the deliveries it joins, each ref once", () => {
    expect(joinHints({ refs: [episode(1)], hookCount: 1 }, [episode(2), episode(1)])).toEqual([episode(1), episode(2)])
  })

  it('keeps [] ("read the changes feed") once a delivery said so, whatever joins later', () => {
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
  let records: LaneRecords
  beforeEach(() => {
    jest.useFakeTimers()
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "dedupe-pruning-"))
    records = new LaneRecords(path.join(dir, "publisher.db"))
  })
  afterEach(() => {
    jest.useRealTimers()
    records.close()
    fs.rmSync(dir, { recursive: true, force: true })
  })

  const deliver = (eventId: string) => records.deliveries.addHook({ eventId, signature: "v1,x", body: { event: "publish", refs: [episode(1)] }, now: Date.now() })
  /** The publisher's pruning as it runs beside the server, on the (fake) clock. */
  const startPruning = () =>
    startBackgroundTasks({
      config: { changesPollMs: 0, buildEnv: {} } as PublisherConfig,
      records,
      queue: {} as BuildQueue,
      log: { info: () => undefined, warn: () => undefined, error: () => undefined },
    })

  it("are pruned on a timer while the publisher runs, not only at start", () => {
    const tasks = startPruning()
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

  it("outlast every replay the timestamp check lets through: a delivery repeated at the last moment it is in time is still a duplicate", () => {
    // The longest replay window: a sender whose clock is the whole tolerance ahead. Its delivery is accepted at
    // `acceptedAt`, and a copy with the same timestamp is still in time until the tolerance has passed after it.
    const acceptedAt = 1_700_000_000_000
    const timestamp = acceptedAt / 1000 + TIMESTAMP_TOLERANCE_SECONDS
    const lastMomentInTime = (timestamp + TIMESTAMP_TOLERANCE_SECONDS + 1) * 1000 - 1
    const rawBody = Buffer.from(JSON.stringify({ event: "publish", refs: [episode(1)] }))
    const delivery = { id: "msg_replayed", timestamp: String(timestamp), signature: signWebhook(SECRET, { id: "msg_replayed", timestamp, body: rawBody }), rawBody }
    const verdictAt = (nowMs: number) => verifyWebhook(secretKeys(SECRET), delivery, nowMs)
    /** What POST /hooks/catalogue does with the delivery: verify it at the clock's time, then record it. */
    const receive = () => {
      const verdict = verdictAt(Date.now())
      return verdict.ok ? records.deliveries.addHook({ eventId: verdict.id, signature: delivery.signature, body: JSON.parse(rawBody.toString()), now: Date.now() }) : verdict
    }
    // The prune that forgets the most before that moment is one at that very moment: start the timer so one falls there.
    const pruneRunsFrom = lastMomentInTime - Math.ceil((lastMomentInTime - acceptedAt) / PRUNE_EVERY_MS) * PRUNE_EVERY_MS
    jest.setSystemTime(pruneRunsFrom)
    const tasks = startPruning()
    try {
      jest.advanceTimersByTime(acceptedAt - pruneRunsFrom)
      const accepted = receive()
      expect(accepted).toEqual({ jobId: expect.any(Number), duplicate: false })

      jest.advanceTimersByTime(lastMomentInTime - acceptedAt)
      // The replay passes the signature and timestamp checks: only the dedupe stands in its way.
      expect(verdictAt(Date.now())).toEqual({ ok: true, id: delivery.id })
      expect(receive()).toEqual({ ...accepted, duplicate: true })
      // A millisecond later the timestamp check refuses it by itself: nothing longer is asked of the dedupe.
      expect(verdictAt(Date.now() + 1)).toMatchObject({ ok: false, code: "stale" })
    } finally {
      tasks.stop()
    }
  })
})
