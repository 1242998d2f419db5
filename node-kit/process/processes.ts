import { spawn, type ChildProcess, type SpawnOptions } from "node:child_process"
import fs from "node:fs"
import net from "node:net"
import path from "node:path"

/** The repository's root: where a started process runs unless told otherwise. */
export const PROJECT_ROOT = path.resolve(__dirname, "..", "..")

/** Command lines of the tools the services and scripts start: Gatsby's CLI, on the Node that runs this one. */
export const COMMANDS = {
  gatsby: [process.execPath, require.resolve("gatsby/cli.js")],
} as const

/**
 * Starts a process in a group of its own, so stopping it also stops whatever
 * it started (Gatsby forks workers), and Ctrl-C reaches only our handler.
 */
export function startProcess([command, ...args]: readonly string[], extraArgs: string[], options: SpawnOptions = {}): ChildProcess {
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
        code === 0 ? resolve() : reject(new Error(`${commandLine.join(" ")} ${extraArgs.join(" ")} ended with ${signal ?? `exit code ${code}`}`)),
      )
    }),
  }
}

function isRunning(child: ChildProcess): boolean {
  return child.exitCode === null && child.signalCode === null
}

/**
 * Whether any process of group `pgid` is still running (zombies aside:
 * they hold no resources and go when reaped). Reads /proc where there is
 * one; elsewhere asks the kernel, which counts zombies too.
 */
export function groupIsAlive(pgid: number): boolean {
  if (fs.existsSync("/proc/self/stat")) return processesOfGroup(pgid).length > 0
  try {
    process.kill(-pgid, 0)
    return true
  } catch {
    return false
  }
}

/** The fields of /proc/<pid>/stat after the command name: state is [0], pgrp [2], starttime [19]. */
function procStat(pid: number): string[] | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8")
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")
  } catch {
    return undefined
  }
}

/**
 * When a process started, in clock ticks since boot (/proc/<pid>/stat):
 * with its pid, it names one process for good, since a reused pid gets a
 * later start. Undefined when the process is gone or there is no /proc.
 */
export function processStartTime(pid: number): string | undefined {
  const fields = procStat(pid)
  return fields && fields[0] !== "Z" ? fields[19] : undefined
}

/** The running (not zombie) processes of group `pgid`, by pid, from /proc. */
export function processesOfGroup(pgid: number): number[] {
  let names: string[]
  try {
    names = fs.readdirSync("/proc")
  } catch {
    return []
  }
  return names
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((pid) => {
      const fields = procStat(pid)
      return fields !== undefined && fields[0] !== "Z" && Number(fields[2]) === pgid
    })
}

function signalGroup(pgid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pgid, signal)
  } catch {
    // The group is already gone.
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Stops process group `pgid`: SIGTERM, then SIGKILL for whatever is left
 * after `graceMs` (a grace of 0: SIGKILL alone). Resolves once no process of
 * the group runs. The group, not its leader, is waited for: a worker that
 * ignores SIGTERM outlives a leader that obeyed it.
 */
export async function stopGroup(pgid: number, graceMs = 5000): Promise<void> {
  // No grace: nothing the group would finish is wanted, so it is not asked first.
  if (graceMs > 0) signalGroup(pgid, "SIGTERM")
  const killAt = Date.now() + graceMs
  while (groupIsAlive(pgid)) {
    if (Date.now() >= killAt) {
      signalGroup(pgid, "SIGKILL")
      // SIGKILL cannot be ignored; a few ms until the kernel has them all.
      for (let tries = 0; tries < 100 && groupIsAlive(pgid); tries++) await sleep(20)
      return
    }
    await sleep(Math.min(50, Math.max(1, killAt - Date.now())))
  }
}

/**
 * Stops a process started by startProcess and its whole group (stopGroup),
 * and waits for the process's own exit too, so its "exit" handlers have run.
 */
export async function stopProcess(child: ChildProcess, graceMs = 5000): Promise<void> {
  if (!child.pid || !isRunning(child)) {
    // The leader is gone; what it started may not be.
    if (child.pid && groupIsAlive(child.pid)) await stopGroup(child.pid, graceMs)
    return
  }
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()))
  await stopGroup(child.pid, graceMs)
  await exited
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
      // Connection: close, so no kept-alive socket to this process outlives the probe: a caller that then
      // kills the process and asks again would otherwise be sent down the dead socket (ECONNRESET).
      const response = await fetch(url, { headers: { connection: "close" }, signal: AbortSignal.timeout(2000) })
      await response.body?.cancel()
      if (response.ok) return
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`)
}
