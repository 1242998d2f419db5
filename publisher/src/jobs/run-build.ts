import type { ChildProcess } from "node:child_process"
import fs from "node:fs"
import path from "node:path"
import type { Readable } from "node:stream"
import { startProcess, stopProcess } from "../../../node-kit/process/processes"
import { stripAnsi } from "./build-phase"
import { YIELDED } from "./build-queue"
import type { BuildCommand } from "../config"
import type { BuildEnd } from "./failure-reason"
import type { StartBuild } from "./warm-start/warm-starts"

/** Lines kept from the end of a build's output: enough to find Gatsby's error above its closing summary. */
export const TAIL_LINES = 200
/** How long a stopped build may take to exit before its process group is killed. */
const STOP_GRACE_MS = 5000
/** A line longer than this (a minified bundle printed whole) is cut, to bound memory. */
const MAX_LINE = 4000

export interface BuildOptions {
  command: BuildCommand
  cwd: string
  env: NodeJS.ProcessEnv
  timeoutMs: number
  /** Where the whole output goes, for an operator; appended to. */
  logFile?: string
  /** Each output line, escapes stripped, as it comes. */
  onLine?: (line: string) => void
  /** Aborting stops the build's whole process group: the publisher is shutting down. */
  signal?: AbortSignal
  /** Called once the build's process (the leader of its group) has started. */
  onStart?: (pid: number) => void
  /** Starts the process of an argument-vector command (warm-start/warm-starts.ts); by default a new one. */
  start?: StartBuild
}

export interface BuildResult {
  end: BuildEnd
  ok: boolean
  /** The last TAIL_LINES non-empty lines of stdout and stderr, interleaved as they came. */
  tail: string[]
}

/** Splits a stream's chunks into lines; `\r` counts as a line end, since progress bars redraw with it. */
function forEachLine(stream: Readable, onLine: (line: string) => void): void {
  let partial = ""
  stream.setEncoding("utf8")
  stream.on("data", (chunk: string) => {
    const parts = (partial + chunk).split(/\r\n|\r|\n/)
    partial = parts.pop() ?? ""
    if (partial.length > MAX_LINE) {
      parts.push(partial)
      partial = ""
    }
    for (const line of parts) onLine(line)
  })
  stream.on("end", () => {
    if (partial) onLine(partial)
    partial = ""
  })
}

/**
 * Runs one build command in a process group of its own (Gatsby forks
 * workers; a timeout or shutdown must stop them all), collecting its output
 * lines. Never rejects: every way a build ends is a BuildResult.
 */
export function runBuild(options: BuildOptions): Promise<BuildResult> {
  const tail: string[] = []
  const log = options.logFile ? openLog(options.logFile) : undefined
  const commandLine = typeof options.command === "string" ? ["/bin/sh", "-c", options.command] : options.command

  return new Promise<BuildResult>((resolve) => {
    let settled = false
    let timedOut = false
    let child: ChildProcess
    let timer: NodeJS.Timeout | undefined
    let exitTimer: NodeJS.Timeout | undefined
    /** Set once the publisher stops the build: the job ends only when the whole group has gone. */
    let stopping: Promise<void> | undefined

    const finish = (end: BuildEnd) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      clearTimeout(exitTimer)
      options.signal?.removeEventListener("abort", onAbort)
      log?.end()
      resolve({ end, ok: end.kind === "exited" && end.code === 0, tail })
    }
    const stop = (graceMs = STOP_GRACE_MS) => {
      stopping ??= stopProcess(child, graceMs)
    }
    // A build stopped for the live lane's is thrown away and built again from the start: killed at once, it
    // gives the live build the cores now (Gatsby can take a second to act on SIGTERM while it sources).
    const onAbort = () => stop(options.signal?.reason === YIELDED ? 0 : STOP_GRACE_MS)

    try {
      child =
        options.start && typeof options.command !== "string"
          ? options.start(commandLine, { cwd: options.cwd, env: options.env })
          : startProcess(commandLine, [], { cwd: options.cwd, env: options.env, stdio: ["ignore", "pipe", "pipe"] })
    } catch (error) {
      finish({ kind: "could not start", message: error instanceof Error ? error.message : String(error) })
      return
    }
    if (child.pid !== undefined) options.onStart?.(child.pid)

    const onLine = (raw: string) => {
      log?.write(`${raw}\n`)
      const line = stripAnsi(raw).trimEnd().slice(0, MAX_LINE)
      if (line.trim() === "") return
      tail.push(line)
      if (tail.length > TAIL_LINES) tail.shift()
      options.onLine?.(line)
    }
    if (child.stdout) forEachLine(child.stdout, onLine)
    if (child.stderr) forEachLine(child.stderr, onLine)

    child.once("error", (error) => finish({ kind: "could not start", message: error.message }))
    // "close" comes once the output is read to its end; a grandchild that
    // escaped the group could hold the pipes open, so "exit" sets a limit.
    const ended = (code: number | null, signal: NodeJS.Signals | null) => {
      const end: BuildEnd = options.signal?.aborted ? { kind: "stopped" } : timedOut ? { kind: "timed out", timeoutMs: options.timeoutMs } : { kind: "exited", code, signal }
      // Whatever the build left running in its group (a worker that outlived its leader) goes too.
      stop()
      void stopping?.then(() => finish(end))
    }
    child.once("close", ended)
    child.once("exit", (code, signal) => {
      exitTimer = setTimeout(() => ended(code, signal), 2000)
    })

    timer = setTimeout(() => {
      timedOut = true
      stop()
    }, options.timeoutMs)
    if (options.signal?.aborted) onAbort()
    else options.signal?.addEventListener("abort", onAbort, { once: true })
  })
}

function openLog(file: string): fs.WriteStream {
  fs.mkdirSync(path.dirname(file), { recursive: true })
  const stream = fs.createWriteStream(file, { flags: "a" })
  stream.write(`--- build started ${new Date().toISOString()}\n`)
  // A full disk must not fail the build: the log is for convenience.
  stream.on("error", () => undefined)
  return stream
}
