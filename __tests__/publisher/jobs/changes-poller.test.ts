import fs from "node:fs"
import http from "node:http"
import type { AddressInfo } from "node:net"
import os from "node:os"
import path from "node:path"
import { BuildQueue } from "../../../publisher/src/jobs/build-queue"
import { ChangesPoller, CURSOR_KEY } from "../../../publisher/src/jobs/changes-poller"
import { LaneRecords } from "../../../publisher/src/jobs/store/lane-records"
import { startTestServer, type TestServer } from "../../cms/helpers/test-server"
import { episode, startTestPublisher } from "../helpers/harness"
import { waitFor } from "../../helpers/wait-for"

// The changes feed as the publisher's safety net: an edit whose webhook was
// lost (here: the catalogue has no webhook at all) is still built, and the
// feed's cursor only moves past what a live build holds.

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined }
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

let catalogue: TestServer
afterEach(async () => catalogue?.destroy())

describe("ChangesPoller, round by round", () => {
  let dir: string
  let records: LaneRecords
  let queue: BuildQueue
  let poller: ChangesPoller
  beforeEach(async () => {
    catalogue = await startTestServer()
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "changes-poller-"))
    records = new LaneRecords(path.join(dir, "publisher.db"))
    // The queue never starts a build here (the debounce outlasts the test): each test moves its jobs by hand.
    queue = new BuildQueue(records, async () => undefined, { debounceMs: 600_000, maxDelayMs: 600_000 })
    poller = new ChangesPoller({ apiUrl: `${catalogue.origin}/api`, store: records.jobs, queue, log: silent })
  })
  afterEach(async () => {
    await queue.close()
    records.close()
    fs.rmSync(dir, { recursive: true, force: true })
  })

  /** The queued job built and live, as the runner would leave it; it started `after` the last edit. */
  async function buildQueued(outcome: "live" | "failed" = "live"): Promise<number> {
    const job = records.jobs.nextQueued()
    if (!job) throw new Error("nothing is queued")
    await sleep(500)
    records.jobs.markBuilding(job.id, Date.now())
    if (outcome === "live") records.jobs.markLive(job.id, { releaseId: `r${job.id}`, changedUrls: [], removedUrls: [], now: Date.now() })
    else records.jobs.markFailed(job.id, { reason: "the build failed", logExcerpt: null, now: Date.now() })
    return job.id
  }

  it("queues a build for an edit no build holds, and nothing once a live build holds it", async () => {
    expect(await poller.poll()).toEqual({ kind: "nothing changed" })
    expect(records.jobs.getState(CURSOR_KEY)).toEqual(expect.any(String))

    expect((await catalogue.edit("episodes/1001", { title: "Webhook lost" })).status).toBe(200)
    const queued = await poller.poll()
    expect(queued).toMatchObject({ kind: "queued", changes: 1 })
    expect(records.jobs.get((queued as { jobId: number }).jobId)?.trigger).toBe("changes feed")
    // While that job waits, it will read the edit: nothing more is queued.
    expect(await poller.poll()).toEqual({ kind: "skipped", why: "a build is queued" })

    await buildQueued("live")
    expect(await poller.poll()).toEqual({ kind: "nothing changed" })
    expect(records.jobs.recent(10)).toHaveLength(1)
  })

  it("asks again after a failed build: its edit is queued once more, never lost", async () => {
    await poller.poll()
    await catalogue.edit("episodes/1001", { title: "Breaks the build" })
    await poller.poll()
    const failed = await buildQueued("failed")
    const again = await poller.poll()
    expect(again).toMatchObject({ kind: "queued", changes: 1 })
    expect((again as { jobId: number }).jobId).not.toBe(failed)
    expect(records.jobs.get((again as { jobId: number }).jobId)?.note).toMatch(`failed job ${failed}`)
  })

  it("leaves an edit to the build under way that started after it (a webhook queued it)", async () => {
    await poller.poll()
    await catalogue.edit("episodes/1002", { title: "Webhook arrived" })
    records.deliveries.addHook({ eventId: "e1", signature: "s", body: { event: "publish", refs: [episode(1002)] }, now: Date.now() })
    await sleep(500)
    records.jobs.markBuilding(records.jobs.nextQueued()!.id, Date.now())
    expect(await poller.poll()).toEqual({ kind: "skipped", why: "the build under way holds them" })
    // An edit after that build started is another matter.
    await catalogue.edit("episodes/1003", { title: "During the build" })
    expect(await poller.poll()).toMatchObject({ kind: "queued", changes: 2 })
  })

  it("says so when the catalogue has no changes feed (404), and when it cannot be reached", async () => {
    const noFeed = await startTestServer({ changes: false })
    try {
      const offFeed = new ChangesPoller({ apiUrl: `${noFeed.origin}/api`, store: records.jobs, queue, log: silent })
      expect(await offFeed.poll()).toEqual({ kind: "feed off" })
    } finally {
      await noFeed.destroy()
    }
    const unreachable = new ChangesPoller({ apiUrl: "http://127.0.0.1:9/api", store: records.jobs, queue, log: silent })
    expect(await unreachable.poll()).toMatchObject({ kind: "failed" })
    expect(records.jobs.recent(10)).toHaveLength(0)
  })
})

/** A changes feed that names one edited episode, and holds its first request until `release()`. */
async function heldFeed(): Promise<{ apiUrl: string; asked: Promise<void>; release: () => void; close: () => Promise<void> }> {
  let release = () => undefined as void
  const released = new Promise<void>((resolve) => (release = resolve))
  let markAsked = () => undefined as void
  const asked = new Promise<void>((resolve) => (markAsked = resolve))
  let requests = 0
  const server = http.createServer((request, response) => {
    const answer = () => {
      response.writeHead(200, { "content-type": "application/json" })
      response.end(JSON.stringify({ data: { now: new Date().toISOString(), changed: [{ type: "episodes", id: 1001 }], deleted: [] } }))
    }
    requests++
    if (requests > 1) return answer()
    markAsked()
    void released.then(answer)
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  return {
    apiUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`,
    asked,
    release,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

describe("a poller stopped while it asks the feed", () => {
  it("queues nothing and moves no cursor, even when the answer names a change, so the publisher can close its records", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "changes-poller-stop-"))
    const records = new LaneRecords(path.join(dir, "publisher.db"))
    const queue = new BuildQueue(records, async () => undefined, { debounceMs: 600_000, maxDelayMs: 600_000 })
    const feed = await heldFeed()
    try {
      const poller = new ChangesPoller({ apiUrl: feed.apiUrl, store: records.jobs, queue, log: silent })
      const round = poller.poll()
      await feed.asked
      poller.stop()
      // The answer arrives after the stop (had the request not been cut): a change no build holds.
      feed.release()
      expect(await round).toEqual({ kind: "stopped" })
      expect(records.jobs.recent(10)).toEqual([])
      expect(records.jobs.getState(CURSOR_KEY)).toBeUndefined()
    } finally {
      await feed.close()
      await queue.close()
      records.close()
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe("a publisher asking the changes feed on a timer", () => {
  it("builds and publishes an edit whose webhook was lost", async () => {
    catalogue = await startTestServer()
    const site = await startTestPublisher({
      plan: { version: "v1" },
      changesPollMs: 100,
      buildEnv: { PATH: process.env.PATH, CATALOGUE_API_URL: `${catalogue.origin}/api` },
    })
    try {
      await site.publisher.idle()
      expect(site.publisher.status().recent.map((job) => job.trigger)).toEqual(["initial build"])
      // The catalogue sends no webhook at all: only the feed can tell.
      expect((await catalogue.edit("episodes/1001", { title: "Found by the poller" })).status).toBe(200)
      await waitFor(() => site.publisher.status().recent.some((job) => job.trigger === "changes feed" && job.status === "live"), { timeout: 10_000, what: "the poller's build" })
      // (A second feed build may follow when the first started within the poller's 100 ms clock margin of the edit, as this fast timer allows.)
      const jobs = site.publisher.status().recent.map((job) => [job.trigger, job.status])
      expect(jobs.at(-1)).toEqual(["initial build", "live"])
      expect(jobs).toContainEqual(["changes feed", "live"])
      expect(jobs.filter(([, status]) => status === "failed")).toEqual([])
    } finally {
      await site.dispose()
    }
  })
})

describe("the preview lane asking the draft view's changes feed", () => {
  it("builds a draft whose draft webhook was lost, into the preview only", async () => {
    const previewToken = "draft-view-token-0123456789abcdef"
    catalogue = await startTestServer({}, { drafts: { previewToken } })
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "preview-poller-"))
    const site = await startTestPublisher({
      dir,
      plan: { version: "v1" },
      changesPollMs: 100,
      preview: { port: 0, dataDir: path.join(dir, "data", "preview"), catalogueToken: previewToken, signInToken: "preview-sign-in-token-0123456789ab" },
      buildEnv: {
        PATH: process.env.PATH,
        FAKE_BUILD_PLAN: path.join(dir, "plan.json"),
        FAKE_BUILD_RECORD: path.join(dir, "builds.jsonl"),
        CATALOGUE_API_URL: `${catalogue.origin}/api`,
      },
    })
    try {
      await site.publisher.idle()
      const previewJobs = () => site.publisher.previewStatus()!.recent.map((job) => `${job.trigger}: ${job.status}`)
      expect(previewJobs()).toEqual(["initial build: live"])
      // A draft saved, its webhook never sent: only the draft view's feed names it.
      expect((await catalogue.edit("drafts/episodes/1001", { title: "A draft whose webhook was lost" })).status).toBe(200)
      await waitFor(() => previewJobs().includes("changes feed: live"), {
        timeout: 10_000,
        what: () => `the preview lane's build from the draft view's feed; preview jobs: ${previewJobs().join(", ")}`,
      })
      // The published view did not change: the live lane built nothing.
      expect(site.publisher.status().recent.map((job) => job.trigger)).toEqual(["initial build"])
    } finally {
      await site.dispose()
    }
  })
})
