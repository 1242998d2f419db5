import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import Database from "better-sqlite3"
import { LaneRecords } from "../../../publisher/src/jobs/store/lane-records"
import { liveReleaseId } from "../../../publisher/src/releases/releases"
import { episode, sendHook, startTestPublisher } from "../helpers/harness"
import { waitFor } from "../../helpers/wait-for"

describe("a restart", () => {
  it("builds again a job a crashed publisher left building, and finishes the queue", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "publisher-restart-"))
    // The records a publisher killed mid-build leaves: one job building, one waiting behind it.
    const records = new LaneRecords(path.join(dir, "data", "publisher.db"))
    const building = records.deliveries.addHook({ eventId: "e1", signature: "s1", body: { event: "publish", refs: [episode(1001)] }, now: Date.now() })
    records.jobs.markBuilding(building.jobId, Date.now())
    const waiting = records.deliveries.addHook({ eventId: "e2", signature: "s2", body: { event: "publish", refs: [episode(1002)] }, now: Date.now() })
    records.close()

    const site = await startTestPublisher({ dir, plan: { version: "v1" } })
    try {
      await waitFor(() => site.publisher.status().live !== null, { timeout: 10_000, what: "a release" })
      await site.publisher.idle()
      const jobs = site.publisher.status().recent
      expect(jobs.find((job) => job.id === building.jobId)).toMatchObject({
        status: "live",
        attempts: 2,
        note: expect.stringContaining("The publisher stopped during this build"),
      })
      expect(jobs.find((job) => job.id === waiting.jobId)).toMatchObject({ status: "live" })
      // No initial build on top: the queue had work.
      expect(site.starts()).toHaveLength(2)
      expect(jobs.find((job) => job.id === building.jobId)?.refs).toEqual([episode(1001)])
    } finally {
      await site.dispose()
    }
  })

  it("opens a store an older publisher made, without the phases column, and records phases from then on", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "publisher-old-store-"))
    const file = path.join(dir, "publisher.db")
    const old = new LaneRecords(file)
    const earlier = old.jobs.queueBuild("initial build", Date.now())
    old.close()
    const db = new Database(file)
    db.exec("ALTER TABLE jobs DROP COLUMN phases")
    db.close()

    const records = new LaneRecords(file)
    try {
      expect(records.jobs.get(earlier)?.phases).toEqual([])
      records.jobs.markBuilding(earlier, Date.now())
      records.jobs.setPhase(earlier, "createPages")
      expect(records.jobs.get(earlier)).toMatchObject({ phase: "createPages", phases: ["starting", "createPages"] })
    } finally {
      records.close()
    }
  })

  it("stops a running build on close, keeps the live release, and redoes the build at the next start", async () => {
    let site = await startTestPublisher({ plan: { version: "v1" } })
    try {
      await site.publisher.idle()
      const live = liveReleaseId(site.dataDir)
      site.setPlan({ version: "v2", delayMs: 5000 })
      const { jobId } = (await (await sendHook(site.url, { event: "publish", refs: [episode(1001)] })).json()) as { jobId: number }
      await waitFor(() => site.publisher.status().building?.id === jobId, { timeout: 5000, what: "the build to start" })
      await waitFor(() => site.starts().length === 2, { timeout: 5000, what: "the build process" })
      const pid = site.starts()[1]?.pid ?? 0

      await site.close()
      expect(() => process.kill(pid, 0)).toThrow()
      // Stopped, not waited for (no "done": its 5 s were not over), and asked first (SIGTERM), as any process being shut down is.
      expect(
        site
          .records()
          .filter((run) => run.pid === pid)
          .map((run) => run.event),
      ).toEqual(["start", "asked to stop"])
      expect(liveReleaseId(site.dataDir)).toBe(live)

      site.setPlan({ version: "v2" })
      site = await site.restart()
      expect(site.publisher.status().recent.find((job) => job.id === jobId)?.status).not.toBe("failed")
      await waitFor(() => site.publisher.status().recent.find((job) => job.id === jobId)?.status === "live", { timeout: 10_000, what: "the job to go live" })
      expect(await (await fetch(`${site.url}/`)).text()).toContain("Home v2")
      // The live release survived the restart: no initial build was added.
      expect(site.publisher.status().recent.filter((job) => job.trigger === "initial build")).toHaveLength(1)
    } finally {
      await site.dispose()
    }
  }, 30_000)

  it("closes while a caller waits for the lanes to be idle, and answers that caller, though the stopped build's job stays queued", async () => {
    const site = await startTestPublisher({ plan: { version: "v1" } })
    try {
      await site.publisher.idle()
      site.setPlan({ version: "v2", delayMs: 5000 })
      await sendHook(site.url, { event: "publish", refs: [episode(1001)] })
      await waitFor(() => site.starts().length === 2, { timeout: 5000, what: "the build process" })
      // As npm start waits, to say Ready.
      let answered = false
      const idle = site.publisher.idle().then(() => (answered = true))

      await site.close()
      await idle

      expect(answered).toBe(true)
    } finally {
      await site.dispose()
    }
  }, 30_000)
})
