import fs from "node:fs"
import net from "node:net"
import os from "node:os"
import path from "node:path"
import { superviseServer, type Supervisor, type SupervisorOptions } from "../../../publisher/src/process/supervisor"
import { waitFor } from "../../helpers/wait-for"

/**
 * publisher/src/process/supervisor.ts with a stand-in server (helpers/fake-server.ts):
 * the socket outlives the server process, restarts back off, a failed start
 * is not repeated. The publisher's own entry under it: process-control.test.ts.
 */
const FAKE_SERVER = path.join(__dirname, "..", "helpers", "fake-server.ts")
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined } as unknown as SupervisorOptions["log"]

interface Event {
  event: "start" | "ready" | "stop"
  pid: number
  at: number
}

describe("the supervisor", () => {
  let dir: string
  let supervisor: Supervisor | undefined
  // Only whole lines: the stand-in server's append creates the file a moment before it writes its line,
  // and a read in that moment finds it empty (CI met that as "Unexpected end of JSON input").
  const events = (): Event[] =>
    fs.existsSync(path.join(dir, "events.jsonl"))
      ? fs
          .readFileSync(path.join(dir, "events.jsonl"), "utf8")
          .split("\n")
          .slice(0, -1)
          .map((line) => JSON.parse(line) as Event)
      : []
  const supervise = async (env: NodeJS.ProcessEnv = {}, options: Partial<SupervisorOptions> = {}) => {
    supervisor = await superviseServer({
      script: FAKE_SERVER,
      host: "127.0.0.1",
      port: 0,
      log: quiet,
      env: { PATH: process.env.PATH, FAKE_SERVER_RECORD: path.join(dir, "events.jsonl"), ...env },
      execArgv: ["--import", "tsx"],
      stdio: ["ignore", "ignore", "inherit"],
      ...options,
    })
    return supervisor
  }
  const readyCount = () => events().filter((event) => event.event === "ready").length

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "supervisor-"))
  })
  afterEach(async () => {
    await supervisor?.stop()
    supervisor = undefined
    fs.rmSync(dir, { recursive: true, force: true })
  })

  it("keeps the socket listening while its server is dead: a request sent before the next server starts is answered by it", async () => {
    const running = await supervise({}, { restartDelayMs: 500 })
    const url = `http://127.0.0.1:${running.port()}/`
    await waitFor(() => readyCount() === 1, { timeout: 20_000, what: "the server" })
    const first = Number(await (await fetch(url)).text())
    expect(first).toBe(running.serverPid())

    process.kill(first, "SIGKILL")
    await waitFor(() => running.serverPid() === undefined, { timeout: 5000, what: "the supervisor to see the death" })
    const sentAt = Date.now()
    const answer = await fetch(url, { signal: AbortSignal.timeout(20_000) })
    expect(answer.status).toBe(200)
    const second = Number(await answer.text())
    expect(second).not.toBe(first)
    expect(second).toBe(running.serverPid())
    // The request went out before the server that answered it had even started: it waited on the socket.
    const secondStart = events().find((event) => event.event === "start" && event.pid === second)
    expect(secondStart?.at).toBeGreaterThan(sentAt)
    expect(running.starts()).toBe(2)
  }, 30_000)

  it("stops its server with SIGTERM and frees the port", async () => {
    const running = await supervise()
    await waitFor(() => readyCount() === 1, { timeout: 20_000, what: "the server" })
    const pid = running.serverPid() ?? 0
    await expect(running.stop()).resolves.toBe(0)
    expect(events().map((event) => event.event)).toEqual(["start", "ready", "stop"])
    expect(() => process.kill(pid, 0)).toThrow()
    await expect(canListen(running.port())).resolves.toBe(true)
  }, 30_000)

  it("waits longer before each restart of a server that keeps crashing", async () => {
    const running = await supervise({ FAKE_SERVER_CRASH: "1" }, { restartDelayMs: 100, maxRestartDelayMs: 400 })
    await waitFor(() => events().filter((event) => event.event === "start").length >= 5, { timeout: 30_000, what: "five starts" })
    await running.stop()
    const readies = events().filter((event) => event.event === "ready")
    const starts = events().filter((event) => event.event === "start")
    // From each crash (just after ready) to the next start: at least 100, 100, 200, 400 ms (the cap).
    const waits = [100, 100, 200, 400]
    waits.forEach((wait, i) => expect((starts[i + 1]?.at ?? 0) - (readies[i]?.at ?? Infinity)).toBeGreaterThanOrEqual(wait))
  }, 40_000)

  it("does not start again a server that ends before it is ready, and ends with its exit code", async () => {
    const running = await supervise({ FAKE_SERVER_EXIT: "2" })
    await expect(running.exited).resolves.toBe(2)
    expect(running.starts()).toBe(1)
    await expect(canListen(running.port())).resolves.toBe(true)
  }, 30_000)

  it("fails to start on a port that is in use (EADDRINUSE)", async () => {
    const taken = net.createServer()
    await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve))
    try {
      const port = (taken.address() as net.AddressInfo).port
      await expect(supervise({}, { port })).rejects.toMatchObject({ code: "EADDRINUSE" })
    } finally {
      taken.close()
    }
  })
})

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer()
    server.once("error", () => resolve(false))
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)))
  })
}
