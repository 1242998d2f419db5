import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { LaneRecords } from "../../../publisher/src/jobs/store/lane-records"
import { liveReleaseId } from "../../../publisher/src/releases/releases"
import { episode, sendHook, startTestPublisher, waitFor } from "../helpers/harness"

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
      await waitFor(() => site.publisher.status().live !== null, 10_000, "a release")
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

  it("stops a running build on close, keeps the live release, and redoes the build at the next start", async () => {
    let site = await startTestPublisher({ plan: { version: "v1" } })
    try {
      await site.publisher.idle()
      const live = liveReleaseId(site.dataDir)
      site.setPlan({ version: "v2", delayMs: 5000 })
      const { jobId } = (await (await sendHook(site.url, { event: "publish", refs: [episode(1001)] })).json()) as { jobId: number }
      await waitFor(() => site.publisher.status().building?.id === jobId, 5000, "the build to start")
      await waitFor(() => site.starts().length === 2, 5000, "the build process")
      const pid = site.starts()[1]?.pid ?? 0

      await site.close()
      expect(() => process.kill(pid, 0)).toThrow()
      // Stopped, not waited for (no "done": its 5 s were not over), and asked first (SIGTERM), as any process being shut down is.
      expect(site.records().filter((run) => run.pid === pid).map((run) => run.event)).toEqual(["start", "asked to stop"])
      expect(liveReleaseId(site.dataDir)).toBe(live)

      site.setPlan({ version: "v2" })
      site = await site.restart()
      expect(site.publisher.status().recent.find((job) => job.id === jobId)?.status).not.toBe("failed")
      await waitFor(() => site.publisher.status().recent.find((job) => job.id === jobId)?.status === "live", 10_000, "the job to go live")
      expect(await (await fetch(`${site.url}/`)).text()).toContain("Home v2")
      // The live release survived the restart: no initial build was added.
      expect(site.publisher.status().recent.filter((job) => job.trigger === "initial build")).toHaveLength(1)
    } finally {
      await site.dispose()
    }
  }, 30_000)
})
