import { spawn, type ChildProcess, type SpawnOptions } from "node:child_process"
import fs from "node:fs"
import net from "node:net"
import path from "node:path"

export const PROJECT_ROOT = path.resolve(__dirname, "..")

/** Command lines for the project's own long-running pieces. */
export const COMMANDS = {
  gatsby: [process.execPath, require.resolve("gatsby/cli.js")],
  cms: [process.execPath, "--import", "tsx", path.join(PROJECT_ROOT, "cms", "src", "main.ts")],
} as const

/**
 * Starts a process in a group of its own, so stopping it also stops whatever
 * it started (Gatsby forks workers), and Ctrl-C reaches only our handler.
 */
export function startProcess(
  [command, ...args]: readonly string[],
  extraArgs: string[],
  options: SpawnOptions = {},
): ChildProcess {
  if (!command) throw new Error("startProcess needs a command")
  return spawn(command, [...args, ...extraArgs], {
    cwd: PROJECT_ROOT,
    stdio: "inherit",
    detached: true,
    ...options,
  })
}

/** Runs a command to completion; rejects with its exit code otherwise. */
export function runToCompletion(commandLine: readonly string[], extraArgs: string[], options: SpawnOptions = {}) {
  const child = startProcess(commandLine, extraArgs, options)
  return {
    child,
    done: new Promise<void>((resolve, reject) => {
      child.once("error", reject)
      child.once("exit", (code, signal) =>
        code === 0
          ? resolve()
          : reject(new Error(`${commandLine.join(" ")} ${extraArgs.join(" ")} ended with ${signal ?? `exit code ${code}`}`)),
      )
    }),
  }
}

function isRunning(child: ChildProcess): boolean {
  return child.exitCode === null && child.signalCode === null
}

/** Stops a process group: SIGTERM, then SIGKILL if it has not gone after `graceMs`. */
export async function stopProcess(child: ChildProcess, graceMs = 5000): Promise<void> {
  if (!child.pid || !isRunning(child)) return
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()))
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal)
    } catch {
      // The group is already gone.
    }
  }
  signalGroup("SIGTERM")
  const timer = setTimeout(() => signalGroup("SIGKILL"), graceMs)
  await exited
  clearTimeout(timer)
}

/**
 * A port that is free now and stays free while a long build runs. The kernel
 * hands out ports of its ephemeral range to every outgoing connection, so a
 * port taken from that range (as `listen(0)` does) can be occupied by one of
 * the build's own fetches by the time `gatsby serve` wants it. Ports below the
 * range are only ever taken by a deliberate listen.
 */
export async function freePort(): Promise<number> {
  const [ephemeralLow] = ephemeralPortRange()
  const low = 10_000
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = low + Math.floor(Math.random() * (ephemeralLow - low))
    if (await canListen(port)) return port
  }
  throw new Error(`No free port between ${low} and ${ephemeralLow - 1} after 50 tries`)
}

function ephemeralPortRange(): [number, number] {
  try {
    const [low = 0, high = 0] = fs.readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/).map(Number)
    if (low > 10_100 && high > low) return [low, high]
  } catch {
    // Not Linux: fall back to IANA's dynamic range, which macOS and Windows use.
  }
  return [49_152, 65_535]
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer()
    server.once("error", () => resolve(false))
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)))
  })
}

/** Polls `url` until it answers 2xx; fails early if `child` dies first. */
export async function waitForHttp(url: string, child?: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child && !isRunning(child)) {
      throw new Error(`The process meant to serve ${url} ended (${child.signalCode ?? `exit code ${child.exitCode}`})`)
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) })
      if (response.ok) return
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`)
}
