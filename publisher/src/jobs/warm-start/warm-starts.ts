import type { ChildProcess } from "node:child_process"
import fs from "node:fs"
import path from "node:path"
import { startProcess } from "../../../../node-kit/process/processes"
import type { BuildCommand } from "../../config"

/** The process script (build-starter.mts): loads the packages early, runs the build on a line on stdin. */
const STARTER = path.join(__dirname, "build-starter.mts")

export interface StartOptions {
  cwd: string
  env: NodeJS.ProcessEnv
}

/** Starts a build's process: its stdout and stderr are pipes, it leads a process group of its own. */
export type StartBuild = (commandLine: readonly string[], options: StartOptions) => ChildProcess

interface Spare {
  child: ChildProcess
  /** The command line, folder and environment it was started for: it runs only a build of exactly those. */
  key: string
  /** Whether it reads (or was asked to read) the folder's saved state before its build. */
  readsState: boolean
}

const keyOf = (commandLine: readonly string[], { cwd, env }: StartOptions) =>
  JSON.stringify([commandLine, cwd, Object.entries(env).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))])

const isRunning = (child: ChildProcess) => child.exitCode === null && child.signalCode === null

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/**
 * The folder at `folder` now, as the file system knows it (device and inode): a spare may read the line
 * naming it after the build room has moved another lane's folder to that path (build-starter.mts).
 */
function folderId(folder: string): string | undefined {
  const stat = fs.statSync(folder, { bigint: true, throwIfNoEntry: false })
  return stat ? `${stat.dev}:${stat.ino}` : undefined
}

/** How long a build asked for its list of packages may take to write it. */
const LIST_WAIT_MS = 5000
/** How often a lane waiting for the other lane's list looks for it. */
const LIST_POLL_MS = 250

/**
 * One lane's build processes, each started ahead of its build: after a
 * build, a spare process for the next one loads the installed packages the
 * build loaded (1.4 s of a 6 s warm build of the sample catalogue) while
 * the lane waits for an edit. A build whose command line, folder or
 * environment differs from the spare's gets a new process, as it would
 * without warm starts. Why, and what it saves:
 * docs/decisions/0021-warm-build-processes.md.
 */
export class WarmStarts {
  private spare: Spare | undefined
  private closed = false
  private listWait: NodeJS.Timeout | undefined

  /**
   * `modulesFile`: where each build leaves the list of packages it loaded, for the next spare.
   * `firstModulesFile`: the list a lane that has not finished a build yet starts from (the
   * preview lane's first builds, from the live lane's, which loads the same packages).
   */
  constructor(
    private readonly modulesFile: string,
    private readonly firstModulesFile?: string,
  ) {}

  /** Whether a build command can start warm: a Node script run by this very Node (Gatsby's CLI is). */
  static accepts(command: BuildCommand): command is readonly string[] {
    return typeof command !== "string" && command.length >= 2 && command[0] === process.execPath
  }

  /** Starts the build: in the spare when it was made for this command line, folder and environment; else in a new process. */
  readonly start: StartBuild = (commandLine, options) => {
    const key = keyOf(commandLine, options)
    const spare = this.spare
    this.spare = undefined
    let child: ChildProcess
    if (spare && spare.key === key && isRunning(spare.child)) child = spare.child
    else {
      if (spare) discard(spare.child)
      child = this.spawn(commandLine, options)
    }
    child.stdin?.end(`${JSON.stringify({ cwd: options.cwd, at: Date.now() })}\n`)
    return child
  }

  /**
   * Starts the spare for the next build, which will run `commandLine` in `options.cwd` with
   * `options.env`; keeps the one there is when it was started for exactly that (prepareDuring).
   * `readState`: the lane's build has ended, so the folder's saved state is the one the next build
   * starts from, and the spare reads it early too (build-starter.mts); a spare started while a build
   * of the folder runs would read a state about to be replaced, and its build would run fresh.
   */
  prepare(commandLine: readonly string[], options: StartOptions, { readState = false }: { readState?: boolean } = {}): void {
    const key = keyOf(commandLine, options)
    const spare = this.spare
    if (spare?.key === key && isRunning(spare.child)) {
      // Started while the build ran (prepareAhead, prepareDuring): it has loaded the packages, and reads the state now.
      if (readState && !spare.readsState) {
        spare.child.stdin?.write(`${JSON.stringify({ read: options.cwd, folder: folderId(options.cwd) })}\n`)
        spare.readsState = true
      }
      return
    }
    this.discardSpare()
    const child = this.spawn(commandLine, options, readState)
    // A spare that could not start is simply not used: start() finds it ended and starts another.
    child.on("error", () => undefined)
    child.stdin?.on("error", () => undefined)
    this.spare = { child, key, readsState: readState }
  }

  /**
   * As a build of the lane starts: the spare for the next build, started now so that it loads the
   * packages on the other core while this build runs, and reads the saved state when this build has
   * ended (prepare with `readState`), so an edit made as soon as this build is live finds it loaded.
   * Only once the lane has a list of packages: a first build's spare comes from prepareDuring or
   * prepareOnceListed.
   */
  prepareAhead(commandLine: readonly string[], options: StartOptions): void {
    const listed = fs.existsSync(this.modulesFile) || (this.firstModulesFile !== undefined && fs.existsSync(this.firstModulesFile))
    if (this.closed || !listed) return
    this.prepare(commandLine, options)
  }

  /**
   * During a build of a lane that has no list of packages yet (its first: a cold build, 50 s
   * for the sample catalogue), asks the build (pid `build`) for the packages it has loaded so
   * far and starts the spare for the next build from them. The spare loads them on the other
   * core while the build goes on, so the edit that follows the first build starts warm.
   */
  async prepareDuring(build: number, commandLine: readonly string[], options: StartOptions): Promise<void> {
    if (this.closed || fs.existsSync(this.modulesFile)) return
    try {
      process.kill(build, "SIGUSR2")
    } catch {
      return
    }
    for (const deadline = Date.now() + LIST_WAIT_MS; !fs.existsSync(this.modulesFile);) {
      if (Date.now() > deadline) return
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    if (!this.closed && isAlive(build)) this.prepare(commandLine, options)
  }

  /**
   * For a lane whose first build comes after the other lane's (the preview's, over the live
   * lane's cache): starts the spare for it as soon as the other lane's list of packages is
   * there (`firstModulesFile`, written halfway through its first build by prepareDuring).
   */
  prepareOnceListed(commandLine: readonly string[], options: StartOptions): void {
    const firstList = this.firstModulesFile
    if (this.closed || !firstList || fs.existsSync(this.modulesFile)) return
    const check = () => {
      this.listWait = undefined
      if (this.closed) return
      if (fs.existsSync(firstList)) this.prepare(commandLine, options)
      else this.listWait = setTimeout(check, LIST_POLL_MS).unref()
    }
    check()
  }

  /** Ends the spare, if any, and starts no other (the lane closes). */
  close(): void {
    this.closed = true
    clearTimeout(this.listWait)
    this.discardSpare()
  }

  private discardSpare(): void {
    if (this.spare) discard(this.spare.child)
    this.spare = undefined
  }

  private spawn([, script, ...args]: readonly string[], { cwd, env }: StartOptions, readState = false): ChildProcess {
    if (this.firstModulesFile && !fs.existsSync(this.modulesFile)) {
      try {
        fs.mkdirSync(path.dirname(this.modulesFile), { recursive: true })
        fs.copyFileSync(this.firstModulesFile, this.modulesFile)
      } catch {
        // No list to start from: the spare loads nothing early, and the build everything itself.
      }
    }
    const starter = [process.execPath, STARTER, ...(readState ? ["--read-state"] : []), this.modulesFile, script ?? "", ...args]
    return startProcess(starter, [], { cwd, env, stdio: ["pipe", "pipe", "pipe"] })
  }
}

/** A spare has run nothing yet: its input closed, it ends; the kill covers one still loading. */
function discard(child: ChildProcess): void {
  child.stdin?.end()
  if (child.pid !== undefined && isRunning(child)) {
    try {
      process.kill(-child.pid, "SIGKILL")
    } catch {
      // Already gone.
    }
  }
}
