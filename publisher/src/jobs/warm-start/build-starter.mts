/**
 * A build process started before its build is asked for: it loads the
 * installed packages the last build of its lane loaded, then waits for a
 * line on stdin naming the build's folder, moves there and runs the build's
 * Node script as its main module.
 *
 *   node build-starter.mts [--read-state] <modules file> <script> [args...]
 *
 * Node runs this file itself (type stripping), with no loader and no import
 * of ours, so the build sees the process a plain `node <script>` would give
 * it: the same environment, folder, arguments and `require.main`.
 *
 * Only packages are loaded early (node_modules, and none of Gatsby's own,
 * which read the workspace's saved state as they load): they do not depend
 * on the folder's state, and the environment is the build's own. With
 * `--read-state` (a spare started after its lane's build ended, so the
 * state on disk is the one its build starts from), Gatsby's store is loaded
 * early too, reading that state; the build uses it only if the state's files
 * are still the very ones read (readStateEarly). A spare started while its
 * lane's build runs (the state on disk about to be replaced) reads it when a
 * line `{"read": <folder>}` comes, sent once that build has ended. The
 * project's files, which a deploy changes, load when the build runs. If a
 * file loaded early has changed by then (an install or a patch since), the
 * build runs in a fresh child process instead, so it never runs old code.
 *
 * At a successful end the packages the build used (what it asked for, and what
 * those loaded, early or not) are written to the modules file for the next
 * start, and on SIGUSR2 the list so far. A build that falls back to a fresh
 * process says why on stderr. EOF on stdin before the line (the
 * publisher stopped or gave the spare up) ends the process quietly.
 * Why, and what it saves: docs/decisions/0021-warm-build-processes.md.
 */
import { spawn } from "node:child_process"
import fs from "node:fs"
import Module, { createRequire } from "node:module"
import path from "node:path"

interface Loaded {
  file: string
  mtimeMs: number
  size: number
}

function readArguments(): { readState: boolean; modulesFile: string; script: string; args: string[] } {
  const given = process.argv.slice(2)
  const readState = given[0] === "--read-state"
  const [modulesFile, script, ...args] = readState ? given.slice(1) : given
  if (modulesFile && script) return { readState, modulesFile, script, args }
  process.stderr.write("usage: node build-starter.mts [--read-state] <modules file> <script> [args...]\n")
  process.exit(2)
}

const { readState, modulesFile, script, args } = readArguments()

const load = createRequire(import.meta.url)

/** A package the build loads that does not read the workspace as it loads: not the project's files, not Gatsby's. */
function mayLoadEarly(file: string): boolean {
  const at = file.lastIndexOf(`${path.sep}node_modules${path.sep}`)
  if (at < 0) return false
  const [scope = "", name = ""] = file.slice(at + "/node_modules/".length).split(path.sep)
  const pkg = scope.startsWith("@") ? `${scope}/${name}` : scope
  return !(pkg === "gatsby" || pkg.startsWith("gatsby-") || pkg.startsWith("@gatsbyjs/"))
}

function readList(): string[] {
  try {
    const list: unknown = JSON.parse(fs.readFileSync(modulesFile, "utf8"))
    return Array.isArray(list) ? list.filter((entry): entry is string => typeof entry === "string" && mayLoadEarly(entry)) : []
  } catch {
    return []
  }
}

function loadEarly(): Loaded[] {
  const loaded: Loaded[] = []
  for (const file of readList()) {
    try {
      const stat = fs.statSync(file)
      load(file)
      loaded.push({ file, mtimeMs: stat.mtimeMs, size: stat.size })
    } catch {
      // Gone or failing on its own: the build loads it (or reports it) as it would anyway.
    }
  }
  return loaded
}

/**
 * The workspace's saved state (Gatsby's `.cache/redux`) as its files are on disk: each by name, with its
 * inode, size and times. The same stamps, the same bytes: a build that saves the state writes new files.
 */
function stateStamps(folder: string): string {
  const stateDir = path.join(folder, ".cache", "redux")
  try {
    return fs
      .readdirSync(stateDir)
      .sort()
      .map((name) => {
        const stat = fs.statSync(path.join(stateDir, name), { bigint: true })
        return `${name}:${stat.ino}:${stat.size}:${stat.mtimeNs}:${stat.ctimeNs}`
      })
      .join("\n")
  } catch {
    return "none"
  }
}

/** Never the stamps of a folder: the state read early cannot be trusted, and the build runs fresh. */
const UNUSABLE = "unusable"

/**
 * Gatsby's store, when the build's script is Gatsby's own CLI (`node_modules/gatsby/cli.js`); undefined
 * for any other script, which may never load Gatsby (a stand-in build), so a spare does not load it for nothing.
 */
function gatsbyStoreOf(buildScript: string): string | undefined {
  try {
    const packageDir = path.dirname(fs.realpathSync(path.resolve(buildScript)))
    const { name } = JSON.parse(fs.readFileSync(path.join(packageDir, "package.json"), "utf8")) as { name?: unknown }
    const store = path.join(packageDir, "dist", "redux", "index.js")
    return name === "gatsby" && fs.existsSync(store) ? store : undefined
  } catch {
    return undefined
  }
}

/** This process's folder by a path that follows it wherever it is moved (Linux's), else the path it last moved to. */
function ownFolder(): string {
  return fs.existsSync("/proc/self/cwd") ? "/proc/self/cwd" : process.cwd()
}

/**
 * Loads Gatsby's store, which reads the workspace's saved state as it loads (most of a second for a large
 * catalogue's), and adds its modules to `loaded`. Answers the stamps of the state read, which the build's
 * folder must still show when it runs, or UNUSABLE when the state changed while it was read or the store
 * failed to load; undefined when this build loads no store of Gatsby's. The store finds the state by
 * process.cwd(), which answers, meanwhile, a path that stays this process's folder: the build room may move
 * the folder away and another lane's to its path while the state is read.
 */
function readStateEarly(loaded: Loaded[]): string | undefined {
  const store = gatsbyStoreOf(script)
  if (!store) return undefined
  const folder = ownFolder()
  const before = stateStamps(folder)
  const known = new Set(Object.keys(load.cache))
  const cwd = process.cwd
  process.cwd = () => folder
  try {
    load(store)
  } catch {
    return UNUSABLE
  } finally {
    process.cwd = cwd
  }
  for (const file of Object.keys(load.cache)) {
    if (known.has(file)) continue
    const stat = fs.statSync(file)
    loaded.push({ file, mtimeMs: stat.mtimeMs, size: stat.size })
  }
  return stateStamps(folder) === before ? before : UNUSABLE
}

function unchanged(loaded: Loaded[]): boolean {
  return loaded.every(({ file, mtimeMs, size }) => {
    try {
      const stat = fs.statSync(file)
      return stat.mtimeMs === mtimeMs && stat.size === size
    } catch {
      return false
    }
  })
}

/**
 * The files the build asked for (every require it made, whether or not the file was loaded early):
 * undefined until the build runs, and in a process that loaded nothing early, where everything
 * loaded is the build's own.
 */
let asked: Set<string> | undefined

/** From the moment the build runs, notes each file its requires resolve to (Node resolves each new asker's request). */
function noteWhatTheBuildAsks(): void {
  const moduleApi = Module as unknown as { _resolveFilename: (this: unknown, ...args: unknown[]) => string }
  const resolve = moduleApi._resolveFilename
  const noted = new Set<string>()
  moduleApi._resolveFilename = function (...args) {
    const file = resolve.apply(this, args)
    noted.add(file)
    return file
  }
  asked = noted
}

/**
 * The packages' files this process's build used: those it asked for and, through each module's
 * children, what they loaded, whether early or during the build. A spare loads the list the last
 * build left, so a list of everything in this process would only grow: a cold build's bundler and
 * image tools (2 700 files more than a warm build loads, at 1 000 episodes) would be loaded by
 * every spare after it, beside the build it waits on.
 */
function usedFiles(): string[] {
  const cache = load.cache as Record<string, NodeJS.Module | undefined>
  if (!asked) return Object.keys(cache)
  const used = new Set<string>()
  const pending = [...asked]
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (used.has(file)) continue
    used.add(file)
    for (const child of cache[file]?.children ?? []) pending.push(child.filename)
  }
  return Object.keys(cache).filter((file) => used.has(file))
}

function writeList(): void {
  const list = usedFiles().filter(mayLoadEarly)
  const temporary = `${modulesFile}.${process.pid}.tmp`
  try {
    fs.mkdirSync(path.dirname(modulesFile), { recursive: true })
    fs.writeFileSync(temporary, JSON.stringify(list))
    fs.renameSync(temporary, modulesFile)
  } catch {
    fs.rmSync(temporary, { force: true })
  }
}

/** The build in a new process, as the publisher would have started it, this one ending as it ends. */
function runFresh(): void {
  const child = spawn(process.execPath, [script, ...args], { stdio: "inherit" })
  child.once("exit", (code, signal) => {
    if (signal) process.kill(process.pid, signal)
    else process.exit(code ?? 1)
  })
}

/** Runs the build here, or in a fresh process when a file loaded early, or the state read early, has changed since. */
function run(loaded: Loaded[], state: string | undefined): void {
  const why = !unchanged(loaded)
    ? "a package file it loaded early has changed"
    : state !== undefined && state !== stateStamps(process.cwd())
      ? "the saved state it read early has changed"
      : undefined
  if (why) {
    // In the build's log, so a build slower than its neighbours says why.
    process.stderr.write(`Build process: ${why}; the build runs in a new process\n`)
    runFresh()
    return
  }
  process.once("exit", (code) => {
    if (code === 0) writeList()
  })
  process.argv = [process.execPath, path.resolve(script), ...args]
  if (loaded.length > 0) noteWhatTheBuildAsks()
  ;(Module as unknown as { runMain(): void }).runMain()
}

interface Go {
  /** The build's folder. */
  cwd: string
  /** When the build was asked for, in ms since the epoch. */
  at: number
}

/**
 * A line before the build's: read the saved state of the folder at `read` now (its lane's build has
 * ended). `folder` names that folder as it was when the line was sent (folderId): by the time the line
 * is read, the build room may have moved the lane's folder away and another lane's to its path.
 */
interface Read {
  read: string
  folder?: string
}

/** The line that starts the build, `{"cwd": …, "at": …}`, or one that asks for the state to be read, `{"read": …}`. */
function readLine(line: string): Go | Read {
  const heard: unknown = JSON.parse(line)
  if (typeof heard === "object" && heard !== null && "read" in heard && typeof heard.read === "string")
    return { read: heard.read, ...("folder" in heard && typeof heard.folder === "string" ? { folder: heard.folder } : {}) }
  if (typeof heard !== "object" || heard === null || !("cwd" in heard) || typeof heard.cwd !== "string")
    throw new Error(`build-starter: expected {"cwd": …} or {"read": …} on stdin, got ${line}`)
  // Without `at` (a publisher started before this file changed), now.
  return { cwd: heard.cwd, at: "at" in heard && typeof heard.at === "number" ? heard.at : performance.timeOrigin + performance.now() }
}

function waitForGo(onRead: (read: Read) => void, onGo: (go: Go) => void): void {
  let heard = ""
  const onData = (chunk: Buffer) => {
    heard += chunk.toString("utf8")
    for (let end = heard.indexOf("\n"); end >= 0; end = heard.indexOf("\n")) {
      const line = readLine(heard.slice(0, end))
      heard = heard.slice(end + 1)
      if ("read" in line) {
        onRead(line)
        continue
      }
      process.stdin.off("data", onData)
      process.stdin.off("end", onEnd)
      // The build reads no input; a pipe left open would keep it from ending on its own.
      process.stdin.destroy()
      onGo(line)
      return
    }
  }
  const onEnd = () => process.exit(0)
  process.stdin.on("data", onData)
  process.stdin.once("end", onEnd)
}

// A lane's first build has no list to leave for its next process until it ends; the publisher asks it
// mid-way for the packages loaded so far (warm-starts.ts, prepareDuring), so the next process can load
// them while this build runs. What it has compiled goes to Node's compile cache first (NODE_COMPILE_CACHE,
// which Node writes only as a process ends): the next process then reads them compiled, instead of
// compiling them again and writing them all out as it ends (1.5 s after Gatsby's last line, one run).
// Without a handler Node would end on this signal.
process.on("SIGUSR2", () => {
  ;(Module as unknown as { flushCompileCache?: () => void }).flushCompileCache?.()
  writeList()
})

const loaded = loadEarly()
let state = readState ? readStateEarly(loaded) : undefined
/** A folder as the file system knows it, whatever its path: its device and inode (warm-starts.ts sends the same). */
const folderId = (folder: string) => {
  const stat = fs.statSync(folder, { bigint: true, throwIfNoEntry: false })
  return stat ? `${stat.dev}:${stat.ino}` : undefined
}

/**
 * Reads the saved state of the folder the line names: at its path, as the build will find it; or, when
 * another folder has been moved to that path since the line was sent (the other lane's build in the
 * room), in this process's own folder if that is the one named (it was started there, and a process
 * keeps its folder, not the path). Otherwise it reads nothing early, and the build reads the state itself.
 */
const readWhenAsked = ({ read, folder }: Read) => {
  if (state !== undefined) return
  if (folder === undefined || folderId(read) === folder) process.chdir(read)
  else if (folderId(".") === folder)
    // Node keeps the path it last moved to; Gatsby's store finds the state by process.cwd(), so it asks the system again.
    process.chdir(".")
  else return
  try {
    state = readStateEarly(loaded)
  } catch {
    // Its folder gone (a preview lane's, replaced by a copy of the live lane's): the build runs fresh.
    state = UNUSABLE
  }
}
waitForGo(readWhenAsked, ({ cwd, at }) => {
  // By path, now: the folder this process started in may have been moved away since (a lane's workspace is
  // moved in and out of the build room), and a process keeps its folder, not the path it had.
  process.chdir(cwd)
  // Gatsby times its build by process.uptime() ("Done building in"): the build started when it was asked
  // for (`at`, even if this process was still loading then), not when the spare did.
  const uptime = process.uptime.bind(process)
  const startedAt = uptime() - Math.max(0, performance.timeOrigin + performance.now() - at) / 1000
  process.uptime = () => uptime() - startedAt
  run(loaded, state)
})
