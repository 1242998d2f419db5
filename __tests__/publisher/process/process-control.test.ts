import type { ChildProcess } from "node:child_process"
import fs from "node:fs"
import net from "node:net"
import os from "node:os"
import path from "node:path"
import { freePort, PROJECT_ROOT, processStartTime, startProcess, stopProcess, waitForHttp } from "../../../node-kit/process/processes"
import { LOCK_FILE } from "../../../publisher/src/process/data-folder-lock"
import { BUILD_FILE, stopLeftoverBuild } from "../../../publisher/src/jobs/leftover-build"
import { REDONE_NOTE } from "../../../publisher/src/jobs/publish-job"
import { releasePaths } from "../../../publisher/src/releases/releases"
import type { StatusReport } from "../../../publisher/src/http/status"
import { episode, FAKE_BUILD, SECRET, sendHook, startTestPublisher, type TestPublisher } from "../helpers/harness"
import { waitFor } from "../../helpers/wait-for"
import { getOnNewConnection } from "../../helpers/new-connection"

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
    await waitFor(() => site.records().some((record) => record.event === "worker"), { timeout: 5000, what: "the worker to start" })
    const worker = site.records().find((record) => record.event === "worker")?.pid ?? 0
    expect(isAlive(worker)).toBe(true)

    await waitFor(() => site.publisher.status().recent[0]?.status === "failed", { timeout: 15_000, what: "the build to time out" })
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
      await waitFor(() => first.publisher.status().building !== null, { timeout: 5000, what: "the first build" })
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

describe("the publisher as `npm run publisher` starts it (a supervisor holding the port, the server in a child)", () => {
  let dir: string
  let port: number
  let supervisor: ChildProcess | undefined
  const records = () => (fs.existsSync(path.join(dir, "builds.jsonl")) ? fs.readFileSync(path.join(dir, "builds.jsonl"), "utf8") : "")
  const setPlan = (plan: object) => fs.writeFileSync(path.join(dir, "plan.json"), JSON.stringify(plan))
  /** The server process: the data folder's lock names it. */
  const serverPid = () => (JSON.parse(fs.readFileSync(path.join(dir, "data", LOCK_FILE), "utf8")) as { pid: number }).pid
  const status = async () => (await (await fetch(`http://127.0.0.1:${port}/status`)).json()) as StatusReport
  const exited = (child: ChildProcess) => new Promise<number | null>((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.once("exit", (code) => resolve(code))))

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "publisher-kill-"))
    const project = path.join(dir, "project")
    fs.mkdirSync(path.join(project, "src"), { recursive: true })
    fs.writeFileSync(path.join(project, "package.json"), JSON.stringify({ name: "fake-site", private: true }))
    setPlan({ version: "v1" })
    port = await freePort()
    supervisor = startProcess([process.execPath, "--import", "tsx", path.join(PROJECT_ROOT, "publisher/src/main.ts")], [], {
      stdio: "ignore",
      env: {
        PATH: process.env.PATH,
        PUBLISHER_PORT: String(port),
        PUBLISHER_DATA_DIR: path.join(dir, "data"),
        PUBLISHER_SOURCE_DIR: project,
        PUBLISHER_BUILD_COMMAND: `"${process.execPath}" "${FAKE_BUILD}"`,
        PUBLISH_WEBHOOK_SECRET: SECRET,
        PUBLISHER_DEBOUNCE_MS: "50",
        // The tests read /status without a token, as `npm start` lets a developer.
        PUBLISHER_STATUS_OPEN_ON_LOOPBACK: "on",
        FAKE_BUILD_PLAN: path.join(dir, "plan.json"),
        FAKE_BUILD_RECORD: path.join(dir, "builds.jsonl"),
        LOG_LEVEL: "silent",
      },
    })
    await waitForHttp(`http://127.0.0.1:${port}/status`, supervisor, 30_000)
    // Jest's 5 s for a hook is shorter than the wait's own deadline: on a loaded machine the two
    // processes' start (tsx compiling the publisher twice) took longer, and Jest's message named nothing.
  }, 60_000)
  afterEach(async () => {
    if (supervisor) await stopProcess(supervisor)
    fs.rmSync(dir, { recursive: true, force: true })
  }, 30_000)

  it("killed with SIGKILL during a build: the socket stays open, a request made at once is answered by the next server process, which stopped the detached build first and builds again", async () => {
    await waitFor(async () => (await status()).live !== null, { timeout: 10_000, what: "the first release" })
    setPlan({ version: "v2", hang: true, worker: true })
    await sendHook(`http://127.0.0.1:${port}`, { event: "publish", refs: [episode(1001)] })
    await waitFor(() => records().includes('"worker"'), { timeout: 10_000, what: "the build and its worker" })
    const lines = records()
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { event: string; pid: number })
    const start = lines.filter((line) => line.event === "start").at(-1)?.pid
    const worker = lines.find((line) => line.event === "worker")?.pid
    const killed = serverPid()
    setPlan({ version: "v2" })

    expect(isAlive(start ?? 0)).toBe(true)
    expect(isAlive(worker ?? 0)).toBe(true)
    process.kill(killed, "SIGKILL")
    await waitFor(() => !isAlive(killed), { timeout: 5000, what: "the server process to die" })
    // Detached, the build and its worker were running when the server died (checked just before). Whether they
    // still run now is a race the test does not assert: the fake build's next write to its dead reader's
    // pipe may end it first. Either way none may survive the next server process's start (below).
    // Nothing is refused meanwhile: the request waits on the supervisor's socket for the next server process.
    // A new connection, as a visitor arriving now opens one: fetch could pick a pooled keep-alive
    // connection to the dead process, which the kernel resets (a browser resends such a GET).
    const answer = await getOnNewConnection(`http://127.0.0.1:${port}/`)
    expect(answer.status).toBe(200)
    expect(answer.body).toContain("Home v1")
    expect(serverPid()).not.toBe(killed)
    // That server (its lock taken over from the dead one) stopped them before it listened.
    expect(isAlive(start ?? 0)).toBe(false)
    expect(isAlive(worker ?? 0)).toBe(false)

    await waitFor(async () => (await status()).recent[0]?.status === "live", { timeout: 10_000, what: "the job built again" })
    expect((await status()).recent[0]).toMatchObject({ status: "live", attempts: 2, note: REDONE_NOTE })
    expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toContain("Home v2")
  }, 60_000)

  it("stops on SIGTERM: the server process closes (its lock given up), then the supervisor, exit code 0", async () => {
    const server = serverPid()
    supervisor?.kill("SIGTERM")
    expect(await exited(supervisor as ChildProcess)).toBe(0)
    expect(isAlive(server)).toBe(false)
    expect(fs.existsSync(path.join(dir, "data", LOCK_FILE))).toBe(false)
  }, 30_000)

  it("killed with SIGKILL itself: its server process stops too rather than run on unsupervised", async () => {
    const server = serverPid()
    supervisor?.kill("SIGKILL")
    await exited(supervisor as ChildProcess)
    await waitFor(() => !isAlive(server), { timeout: 10_000, what: "the server process to stop" })
    expect(fs.existsSync(path.join(dir, "data", LOCK_FILE))).toBe(false)
  }, 30_000)
})

describe("the publisher under systemd's socket activation", () => {
  it("serves on the socket systemd passes (LISTEN_FDS, LISTEN_PID, fd 3) instead of binding PUBLISHER_PORT, through a server process's death", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "publisher-systemd-"))
    fs.mkdirSync(path.join(dir, "project"), { recursive: true })
    fs.writeFileSync(path.join(dir, "project", "package.json"), JSON.stringify({ name: "fake-site", private: true }))
    // systemd's part: a listening socket, fd 3 of the process LISTEN_PID names (the shell execs Node, keeping its pid).
    const socket = net.createServer()
    await new Promise<void>((resolve) => socket.listen(0, "127.0.0.1", resolve))
    const { port } = socket.address() as net.AddressInfo
    const fd = (socket as unknown as { _handle: { fd: number } })._handle.fd
    const unusedPort = await freePort()
    const supervisor = startProcess(
      ["/bin/sh", "-c", 'export LISTEN_PID=$$ LISTEN_FDS=1; exec "$0" "$@"', process.execPath, "--import", "tsx", path.join(PROJECT_ROOT, "publisher/src/main.ts")],
      [],
      {
        stdio: ["ignore", "ignore", "ignore", fd],
        env: {
          PATH: process.env.PATH,
          PUBLISHER_PORT: String(unusedPort),
          PUBLISHER_DATA_DIR: path.join(dir, "data"),
          PUBLISHER_SOURCE_DIR: path.join(dir, "project"),
          PUBLISHER_BUILD_COMMAND: `"${process.execPath}" "${FAKE_BUILD}"`,
          // /status tells that it serves; read without a token, as `npm start` lets a developer.
          PUBLISHER_STATUS_OPEN_ON_LOOPBACK: "on",
          LOG_LEVEL: "silent",
        },
      },
    )
    // Only the publisher's processes hold it now, as after systemd handed it over.
    socket.close()
    try {
      await waitForHttp(`http://127.0.0.1:${port}/status`, supervisor, 30_000)
      const server = (JSON.parse(fs.readFileSync(path.join(dir, "data", LOCK_FILE), "utf8")) as { pid: number }).pid
      process.kill(server, "SIGKILL")
      await waitFor(() => !isAlive(server), { timeout: 5000, what: "the server process to die" })
      expect((await fetch(`http://127.0.0.1:${port}/status`, { signal: AbortSignal.timeout(30_000) })).status).toBe(200)
      await expect(fetch(`http://127.0.0.1:${unusedPort}/status`)).rejects.toThrow()
    } finally {
      await stopProcess(supervisor)
      fs.rmSync(dir, { recursive: true, force: true })
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
