import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { freePort, PROJECT_ROOT, processStartTime, startProcess, waitForHttp } from "../../node-kit/processes"
import { BUILD_FILE, stopLeftoverBuild } from "../../publisher/src/leftover-build"
import { REDONE_NOTE } from "../../publisher/src/publish-job"
import { liveReleaseId, releasePaths } from "../../publisher/src/releases"
import { episode, FAKE_BUILD, sendHook, startTestPublisher, waitFor, type TestPublisher } from "./helpers/harness"

/** Running, and not a zombie. */
const isAlive = (pid: number) => processStartTime(pid) !== undefined

describe("a build that outlives its timeout", () => {
  let site: TestPublisher
  afterEach(async () => site.dispose())

  it("is stopped with its whole group, a worker that ignores SIGTERM included, before the job fails", async () => {
    site = await startTestPublisher({ plan: { version: "v1" } })
    await site.publisher.idle()
    site = await site.restart({ buildTimeoutMs: 1000 })
    site.setPlan({ version: "v2", hang: true, worker: true })
    await sendHook(site.url, { event: "publish", refs: [episode(1001)] })
    await waitFor(() => site.records().some((record) => record.event === "worker"), 5000, "the worker to start")
    const worker = site.records().find((record) => record.event === "worker")?.pid ?? 0
    expect(isAlive(worker)).toBe(true)

    await waitFor(() => site.publisher.status().recent[0]?.status === "failed", 15_000, "the build to time out")
    // The job ends only once the group is gone: the worker too, though its leader died at SIGTERM.
    expect(isAlive(worker)).toBe(false)
    expect(isAlive(site.starts().at(-1)?.pid ?? 0)).toBe(false)
    expect(site.publisher.status().recent[0]?.reason).toBe("the build timed out after 1 s")
    expect(fs.existsSync(path.join(site.dataDir, BUILD_FILE))).toBe(false)
  }, 30_000)
})

describe("one publisher per data folder", () => {
  it("refuses a second publisher on the same folder before it touches anything; the first goes on", async () => {
    const first = await startTestPublisher({ plan: { version: "v1", delayMs: 1500 } })
    try {
      await waitFor(() => first.publisher.status().building !== null, 5000, "the first build")
      // What a start would clean up: a staging folder (here, one the first publisher could be filling).
      const staging = path.join(releasePaths(first.dataDir).releasesDir, ".staging-in-use")
      fs.mkdirSync(staging, { recursive: true })

      await expect(startTestPublisher({ dir: first.dir })).rejects.toThrow(
        new RegExp(`^Another publisher \\(pid ${process.pid}\\) is using the data folder ${first.dataDir}: stop it first`),
      )
      expect(fs.existsSync(staging)).toBe(true)
      fs.rmSync(staging, { recursive: true })
      await first.publisher.idle()
      expect(first.publisher.status().recent[0]?.status).toBe("live")
      expect(await (await fetch(`${first.url}/`)).text()).toContain("Home v1")

      // Closed, the folder is free again.
      await first.close()
      const second = await startTestPublisher({ dir: first.dir })
      await second.close()
    } finally {
      await first.dispose()
    }
  }, 30_000)
})

describe("a publisher killed with SIGKILL during a build", () => {
  it("leaves its detached build running; the next start stops it before building again", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "publisher-kill-"))
    const project = path.join(dir, "project")
    fs.mkdirSync(path.join(project, "src"), { recursive: true })
    fs.writeFileSync(path.join(project, "package.json"), JSON.stringify({ name: "fake-site", private: true }))
    fs.writeFileSync(path.join(dir, "plan.json"), JSON.stringify({ version: "v1", hang: true, worker: true }))
    const port = await freePort()
    // The real program, as `npm run publisher` starts it, in a process of its own.
    const crashed = startProcess([process.execPath, "--import", "tsx", path.join(PROJECT_ROOT, "publisher/src/main.ts")], [], {
      stdio: "ignore",
      env: {
        PATH: process.env.PATH,
        PUBLISHER_PORT: String(port),
        PUBLISHER_DATA_DIR: path.join(dir, "data"),
        PUBLISHER_SOURCE_DIR: project,
        PUBLISHER_BUILD_COMMAND: `"${process.execPath}" "${FAKE_BUILD}"`,
        FAKE_BUILD_PLAN: path.join(dir, "plan.json"),
        FAKE_BUILD_RECORD: path.join(dir, "builds.jsonl"),
        LOG_LEVEL: "silent",
      },
    })
    let site: TestPublisher | undefined
    try {
      await waitForHttp(`http://127.0.0.1:${port}/status`, crashed, 30_000)
      const records = () => (fs.existsSync(path.join(dir, "builds.jsonl")) ? fs.readFileSync(path.join(dir, "builds.jsonl"), "utf8") : "")
      await waitFor(() => records().includes('"worker"'), 10_000, "the build and its worker")
      const [start, worker] = records()
        .trim()
        .split("\n")
        .map((line) => (JSON.parse(line) as { pid: number }).pid)

      crashed.kill("SIGKILL")
      await new Promise((resolve) => crashed.once("exit", resolve))
      // Detached: the build and its worker run on without the publisher.
      expect(isAlive(start ?? 0)).toBe(true)
      expect(isAlive(worker ?? 0)).toBe(true)

      // The next start (its lock taken over from the dead publisher) stops them before anything else.
      fs.writeFileSync(path.join(dir, "plan.json"), JSON.stringify({ version: "v1" }))
      site = await startTestPublisher({ dir })
      expect(isAlive(start ?? 0)).toBe(false)
      expect(isAlive(worker ?? 0)).toBe(false)
      await site.publisher.idle()
      expect(site.publisher.status().recent[0]).toMatchObject({ status: "live", attempts: 2, note: REDONE_NOTE })
      expect(liveReleaseId(site.dataDir)).toBeDefined()
      expect(site.starts()).toHaveLength(2)
    } finally {
      crashed.kill("SIGKILL")
      if (site) await site.dispose()
      else fs.rmSync(dir, { recursive: true, force: true })
    }
  }, 60_000)
})

describe("stopLeftoverBuild", () => {
  it("leaves alone a process that only has the recorded pid (its start time differs: the pid was reused)", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "leftover-build-"))
    const stranger = startProcess(["sleep", "30"], [], { stdio: "ignore" })
    try {
      const pid = stranger.pid ?? 0
      const start = Number(processStartTime(pid))
      fs.writeFileSync(path.join(dataDir, BUILD_FILE), JSON.stringify({ pid, start: String(start - 100), jobId: 7 }))
      await expect(stopLeftoverBuild(dataDir, 100)).resolves.toBeUndefined()
      expect(isAlive(pid)).toBe(true)
      expect(fs.existsSync(path.join(dataDir, BUILD_FILE))).toBe(false)

      // The same process recorded with its own start time is the leftover build.
      fs.writeFileSync(path.join(dataDir, BUILD_FILE), JSON.stringify({ pid, start: String(start), jobId: 7 }))
      await expect(stopLeftoverBuild(dataDir, 100)).resolves.toEqual({ pid, jobId: 7 })
      expect(isAlive(pid)).toBe(false)
    } finally {
      stranger.kill("SIGKILL")
      fs.rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
