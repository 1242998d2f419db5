import Fastify from "fastify"
import http from "node:http"
import type { AddressInfo } from "node:net"
import { closeApp, shutdownOnSignals } from "../../../node-kit/process/shutdown"

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
