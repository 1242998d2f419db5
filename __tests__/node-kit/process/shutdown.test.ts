import Fastify from "fastify"
import http from "node:http"
import type { AddressInfo } from "node:net"
import { closeApp, shutdownOnSignals, stopInSteps } from "../../../node-kit/process/shutdown"

/** An app with a keep-alive client whose response is never read: what kept app.close() waiting for 72 s. */
async function appWithIdleClient(onClose?: () => void) {
  const app = Fastify({ logger: false })
  if (onClose) app.addHook("onClose", async () => onClose())
  app.get("/", async () => "x".repeat(1024 * 1024))
  await app.listen({ host: "127.0.0.1", port: 0 })
  const { port } = app.server.address() as AddressInfo
  const agent = new http.Agent({ keepAlive: true })
  await new Promise<void>((resolve) => {
    http.get({ host: "127.0.0.1", port, agent }, (response) => {
      // Paused, never read: the connection stays busy.
      response.pause()
      resolve()
    })
  })
  return { app, agent, port }
}

describe("closeApp", () => {
  it("returns while a client still holds a response it never reads, and takes no new connection", async () => {
    const { app, agent, port } = await appWithIdleClient()
    // Waiting on that client's keep-alive, this would outlast the test's own timeout.
    await closeApp(app, 100)
    await expect(fetch(`http://127.0.0.1:${port}/`)).rejects.toThrow("fetch failed")
    agent.destroy()
  })
})

describe("stopInSteps", () => {
  afterEach(() => jest.useRealTimers())

  it("runs the steps in order, and names in the log the one a stop waits for while it takes long", async () => {
    jest.useFakeTimers()
    const log = { warn: jest.fn() }
    const done: string[] = []
    let finishBuilds: () => void = () => {}
    const stopped = stopInSteps(
      [
        ["the poller", () => void done.push("poller")],
        ["the builds", () => new Promise<void>((resolve) => (finishBuilds = () => (done.push("builds"), resolve())))],
        ["the records", () => void done.push("records")],
      ],
      log,
      1000,
    )
    await jest.advanceTimersByTimeAsync(2500)
    expect(done).toEqual(["poller"])
    expect(log.warn.mock.calls).toEqual([["Stopping: still waiting for the builds after 1 s"], ["Stopping: still waiting for the builds after 2 s"]])
    finishBuilds()
    await stopped
    expect(done).toEqual(["poller", "builds", "records"])
    await jest.advanceTimersByTimeAsync(5000)
    expect(log.warn).toHaveBeenCalledTimes(2)
  })
})

describe("shutdownOnSignals", () => {
  it("closes the app, runs the cleanup, then exits 0, once", async () => {
    const steps: string[] = []
    const { app, agent } = await appWithIdleClient(() => steps.push("app closed"))
    let exited: (code: number) => void = () => {}
    const exitCode = new Promise<number>((resolve) => (exited = resolve))
    const log = { info: jest.fn(), error: jest.fn() }
    const remove = shutdownOnSignals({
      app,
      graceMs: 100,
      log,
      signals: ["SIGUSR2"],
      cleanup: () => void steps.push("cleanup"),
      exit: (code) => {
        steps.push(`exit ${code}`)
        exited(code)
      },
    })
    process.emit("SIGUSR2", "SIGUSR2")
    expect(await exitCode).toBe(0)
    expect(steps).toEqual(["app closed", "cleanup", "exit 0"])
    expect(log.info).toHaveBeenCalledWith("SIGUSR2: stopping")
    remove()
    agent.destroy()
  })

  it("exits 1 when the cleanup fails", async () => {
    const app = Fastify({ logger: false })
    let exited: (code: number) => void = () => {}
    const exitCode = new Promise<number>((resolve) => (exited = resolve))
    const log = { info: jest.fn(), error: jest.fn() }
    const remove = shutdownOnSignals({
      app,
      log,
      signals: ["SIGUSR2"],
      cleanup: () => Promise.reject(new Error("disk gone")),
      exit: exited,
    })
    process.emit("SIGUSR2", "SIGUSR2")
    expect(await exitCode).toBe(1)
    expect(log.error).toHaveBeenCalledWith({ err: expect.objectContaining({ message: "disk gone" }) }, "Stopping failed")
    remove()
  })
})
