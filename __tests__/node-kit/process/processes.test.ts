import fs from "node:fs"
import http from "node:http"
import { waitFor } from "../../helpers/wait-for"
import { freePort, groupIsAlive, startProcess, stopProcess, waitForHttp } from "../../../node-kit/process/processes"

/** Running, and not a zombie waiting for a parent to reap it. */
function isAlive(pid: number): boolean {
  try {
    const state = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.[0]
    return state !== undefined && state !== "Z"
  } catch {
    return false
  }
}

describe("stopProcess", () => {
  it("stops the process and everything it started", async () => {
    // The shell prints its background child's pid, as Gatsby's forked workers would be.
    const parent = startProcess(["sh", "-c", "sleep 300 & echo $!; wait"], [], { stdio: ["ignore", "pipe", "inherit"] })
    const childPid = await new Promise<number>((resolve) => parent.stdout!.once("data", (chunk: Buffer) => resolve(Number(chunk.toString().trim()))))
    expect(isAlive(childPid)).toBe(true)
    await stopProcess(parent)
    await waitFor(() => !isAlive(parent.pid!) && !isAlive(childPid), {
      timeout: 5000,
      what: () => `the shell and its child gone (shell alive: ${isAlive(parent.pid!)}, child alive: ${isAlive(childPid)})`,
    })
  })
})

describe("waitForHttp", () => {
  it("resolves once the address answers 2xx", async () => {
    const port = await freePort()
    setTimeout(() => server.listen(port, "127.0.0.1"), 300)
    const server = http.createServer((_, res) => res.end("ok"))
    // Generous deadlines: on a loaded CI machine the first fetch alone has taken seconds.
    await expect(waitForHttp(`http://127.0.0.1:${port}/`, undefined, 20_000)).resolves.toBeUndefined()
    server.close()
  }, 30_000)

  it("fails at once when the process meant to serve it has ended", async () => {
    const child = startProcess(["sh", "-c", "exit 3"], [], { stdio: "ignore" })
    await new Promise((resolve) => child.once("exit", resolve))
    const port = await freePort()
    await expect(waitForHttp(`http://127.0.0.1:${port}/`, child, 10_000)).rejects.toThrow(/ended \(exit code 3\)/)
  }, 30_000)
})

describe("freePort", () => {
  it("gives a listenable port outside the range the kernel hands to outgoing connections", async () => {
    const ephemeralLow = Number(fs.readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/)[0])
    const port = await freePort()
    expect(port).toBeLessThan(ephemeralLow)
    const server = http.createServer()
    await new Promise<void>((resolve, reject) => server.once("error", reject).listen(port, "127.0.0.1", resolve))
    server.close()
  })
})

describe("stopProcess, when the leader obeys SIGTERM and a worker does not", () => {
  it("kills the worker after the grace time, though the leader is gone by then", async () => {
    // The shell (leader) dies on SIGTERM; its worker ignores it, as a stuck Gatsby worker may.
    const script = `node -e "process.on('SIGTERM', () => {}); console.log(process.pid); setInterval(() => {}, 1000)" & wait`
    const parent = startProcess(["sh", "-c", script], [], { stdio: ["ignore", "pipe", "inherit"] })
    const workerPid = await new Promise<number>((resolve) => parent.stdout!.once("data", (chunk: Buffer) => resolve(Number(chunk.toString().trim()))))
    await stopProcess(parent, 300)
    expect(isAlive(parent.pid!)).toBe(false)
    expect(isAlive(workerPid)).toBe(false)
    expect(groupIsAlive(parent.pid!)).toBe(false)
  })
})
