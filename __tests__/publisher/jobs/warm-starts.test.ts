import type { ChildProcess } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { WarmStarts, type StartOptions } from "../../../publisher/src/jobs/warm-start/warm-starts"
import { waitFor } from "../../helpers/wait-for"

/*
 * A lane's next build process is started ahead of its build
 * (publisher/src/jobs/warm-start/): it loads the packages the last build
 * loaded, then runs the build when asked. What a build sees must be what a
 * process started for it would show: its own environment, folder and
 * arguments, the packages as they are now on disk, the project's files as
 * they are now.
 */

let dir: string
let starts: WarmStarts
const children: ChildProcess[] = []

const write = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.writeFileSync(file, text)
}
const loadsFile = () => path.join(dir, "loads.log")
/** Every evaluation of a module that notes itself: "<module> <pid>". */
/** While it exists, Gatsby's stand-in store waits before it reads the saved state. */
const holdFile = () => path.join(dir, "hold-store")
const loads = () => (fs.existsSync(loadsFile()) ? fs.readFileSync(loadsFile(), "utf8").split("\n").filter(Boolean) : [])

/** A module that notes each evaluation, by process, and exports what it says. */
const noting = (name: string, says: string) =>
  `require("node:fs").appendFileSync(${JSON.stringify(loadsFile())}, ${JSON.stringify(name)} + " " + process.pid + "\\n")\nmodule.exports = ${JSON.stringify(says)}\n`

/**
 * The "build": requires a package, one of Gatsby's and one of the project's
 * own modules, and writes what it saw to build-<pid>.json in its folder.
 */
const installed = () => path.join(dir, "project", "node_modules")

/** A workspace as the publisher's: the project's sources copied, its node_modules a link to the project's. */
function makeWorkspace(workspace: string, site: string): string {
  write(path.join(workspace, "src", "site.js"), noting("site", site))
  fs.symlinkSync(installed(), path.join(workspace, "node_modules"))
  const script = path.join(workspace, "build.js")
  write(
    script,
    `const fs = require("node:fs")
const seen = {
  pid: process.pid,
  isMain: require.main === module,
  argv: process.argv.slice(1),
  cwd: process.cwd(),
  flavour: process.env.FLAVOUR,
  package: require("some-package"),
  gatsby: require("gatsby-thing"),
  state: require("gatsby/dist/redux/index.js"),
  site: require("./src/site.js"),
  uptime: process.uptime(),
}
fs.writeFileSync("build-" + process.pid + ".json", JSON.stringify(seen))
`,
  )
  return script
}

function makeProject(): { workspace: string; command: string[] } {
  write(path.join(installed(), "some-package", "index.js"), noting("some-package", "package v1"))
  write(path.join(installed(), "gatsby-thing", "index.js"), noting("gatsby-thing", "gatsby's"))
  // Gatsby's store, which reads the folder's saved state as it loads.
  write(
    path.join(installed(), "gatsby", "dist", "redux", "index.js"),
    `const fs = require("node:fs")
fs.appendFileSync(${JSON.stringify(loadsFile())}, "gatsby-store " + process.pid + "\\n")
// Held while the hold file is there, as a large state's read takes a while.
while (fs.existsSync(${JSON.stringify(holdFile())})) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10)
const file = require("node:path").join(process.cwd(), ".cache", "redux", "state")
module.exports = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "no state"
fs.appendFileSync(${JSON.stringify(loadsFile())}, "gatsby-store read " + process.pid + "\\n")
`,
  )
  const workspace = path.join(dir, "workspace")
  return { workspace, command: [process.execPath, makeWorkspace(workspace, "site v1"), "build"] }
}

interface Seen {
  pid: number
  isMain: boolean
  argv: string[]
  cwd: string
  flavour?: string
  package: string
  gatsby: string
  /** The saved state Gatsby's store started from. */
  state: string
  site: string
  /** process.uptime() as the build saw it: Gatsby's "Done building in". */
  uptime: number
  /** What the build's process wrote to its output beyond the build's own (nothing, or why it ran in a new process). */
  said: string
}

/** The one line the build starter may add to a build's output: why the build runs in a new process. */
const ANEW = /^Build process: (.*); the build runs in a new process\n/m

/** Runs a started build to its end; answers what it saw. */
async function finish(child: ChildProcess, workspace: string): Promise<Seen> {
  let output = ""
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()))
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()))
  const code = await new Promise<number | null>((resolve) => child.once("close", (exitCode) => resolve(exitCode)))
  expect({ code, output: output.replace(ANEW, "") }).toEqual({ code: 0, output: "" })
  const [report] = fs.readdirSync(workspace).filter((name) => /^build-\d+\.json$/.test(name))
  if (!report) throw new Error(`the build wrote no report in ${workspace}`)
  const seen = JSON.parse(fs.readFileSync(path.join(workspace, report), "utf8")) as Omit<Seen, "said">
  fs.rmSync(path.join(workspace, report))
  return { ...seen, said: ANEW.exec(output)?.[1] ?? "" }
}

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/** Prepares the spare and waits until it has loaded the package early, before any build is asked of it. */
async function prepareLoaded(command: string[], options: StartOptions): Promise<void> {
  const before = loads().length
  starts.prepare(command, options)
  await waitFor(
    () =>
      loads()
        .slice(before)
        .some((line) => line.startsWith("some-package ")),
    { timeout: 20_000, what: "the spare process loading the package" },
  )
}

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "warm-starts-"))
  starts = new WarmStarts(path.join(dir, "data", "modules.json"))
})

afterEach(() => {
  starts.close()
  for (const child of children.splice(0)) if (child.pid && isRunning(child.pid)) process.kill(-child.pid, "SIGKILL")
  fs.rmSync(dir, { recursive: true, force: true })
})

const start = (command: string[], options: StartOptions) => {
  const child = starts.start(command, options)
  children.push(child)
  return child
}

test("the next build runs in the spare, with the package loaded once, before it was asked for", async () => {
  const { workspace, command } = makeProject()
  const options = { cwd: workspace, env: { PATH: process.env.PATH, FLAVOUR: "live" } }

  // The first build has no list yet: it loads everything itself, and leaves the list.
  const first = await finish(start(command, options), workspace)
  expect(first).toMatchObject({ package: "package v1", gatsby: "gatsby's", site: "site v1", flavour: "live" })

  await prepareLoaded(command, options)
  const beforeBuild = loads()
  const askedAt = performance.now()
  const second = await finish(start(command, options), workspace)
  const tookMs = performance.now() - askedAt

  // Its clock starts when it is asked for, as a process started then would: the spare's wait is not the build's time.
  expect(second.uptime * 1000).toBeLessThanOrEqual(tookMs)
  expect(second).toEqual({
    uptime: second.uptime,
    pid: second.pid,
    isMain: true,
    argv: [command[1], "build"],
    cwd: fs.realpathSync(workspace),
    flavour: "live",
    package: "package v1",
    gatsby: "gatsby's",
    state: "no state",
    site: "site v1",
    said: "",
  })
  expect(beforeBuild).toContain(`some-package ${second.pid}`)
  expect(loads().filter((line) => line === `some-package ${second.pid}`)).toHaveLength(1)
})

/** Saves the folder's state as Gatsby does at a build's end: new files, in a folder moved into place. */
function saveState(workspace: string, state: string): void {
  const saving = path.join(workspace, ".cache", "redux-saving")
  write(path.join(saving, "state"), state)
  fs.rmSync(path.join(workspace, ".cache", "redux"), { recursive: true, force: true })
  fs.renameSync(saving, path.join(workspace, ".cache", "redux"))
}

/**
 * The build run through Gatsby's own CLI, as the publisher runs it: a spare reads the saved state early
 * only for Gatsby's CLI (a stand-in build script may never load Gatsby's store).
 */
function throughGatsbysCli(): string[] {
  const gatsby = path.join(installed(), "gatsby")
  write(path.join(gatsby, "package.json"), JSON.stringify({ name: "gatsby" }))
  write(path.join(gatsby, "cli.js"), `require(require("node:path").join(process.cwd(), "build.js"))\n`)
  return [process.execPath, path.join(gatsby, "cli.js"), "build"]
}

/** Prepares a spare that reads the saved state early; answers its "gatsby-store <pid>" once it has. */
async function prepareWithState(command: string[], options: StartOptions): Promise<string> {
  const before = loads().length
  starts.prepare(command, options, { readState: true })
  return waitFor(
    () =>
      loads()
        .slice(before)
        .find((line) => line.startsWith("gatsby-store ")),
    { timeout: 20_000, what: "the spare reading the saved state" },
  )
}

/** A lane whose build has ended and saved `state` in its workspace, and a spare that has read that state early. */
async function spareAfterBuild(state: string) {
  const { workspace } = makeProject()
  const command = throughGatsbysCli()
  const options = { cwd: workspace, env: { PATH: process.env.PATH } }
  await finish(start(command, options), workspace)
  saveState(workspace, state)
  const spare = await prepareWithState(command, options)
  return { workspace, command, options, spare }
}

test("after its lane's build, a spare reads the folder's saved state before its build is asked for, and the build starts from it", async () => {
  const { workspace, command, options, spare } = await spareAfterBuild("state of build 1")
  const seen = await finish(start(command, options), workspace)

  expect(seen).toMatchObject({ state: "state of build 1", package: "package v1", site: "site v1" })
  expect(`gatsby-store ${seen.pid}`).toBe(spare)
  expect(loads().filter((line) => line === spare)).toHaveLength(1)
})

test("the saved state replaced while the spare waited (another build of the folder ended): the build runs in a fresh process, from the new state", async () => {
  const { workspace, command, options } = await spareAfterBuild("state of build 1")

  saveState(workspace, "state of build 2")
  const child = start(command, options)
  const seen = await finish(child, workspace)

  expect(seen.state).toBe("state of build 2")
  expect(seen.pid).not.toBe(child.pid)
  expect(seen.said).toBe("the saved state it read early has changed")
})

test("the spare's folder moved away and another moved to its path: the build runs in a fresh process, from the state at the path", async () => {
  const { workspace, command, options } = await spareAfterBuild("the live lane's state")

  fs.renameSync(workspace, path.join(dir, "parked"))
  makeWorkspace(workspace, "the other lane's site")
  saveState(workspace, "the other lane's state")
  const child = start(command, options)
  const seen = await finish(child, workspace)

  expect(seen).toMatchObject({ state: "the other lane's state", site: "the other lane's site" })
  expect(seen.pid).not.toBe(child.pid)
})

test("a spare started as its lane's build starts loads the packages meanwhile, reads the state once that build has ended, and runs the next build from it", async () => {
  const { workspace } = makeProject()
  const command = throughGatsbysCli()
  const options = { cwd: workspace, env: { PATH: process.env.PATH } }
  await finish(start(command, options), workspace)

  const before = loads().length
  const building = start(command, options)
  // Its end is awaited from now on: it may end before the spare has loaded.
  const built = finish(building, workspace)
  starts.prepareAhead(command, options)
  const spare = await waitFor(
    () =>
      loads()
        .slice(before)
        .find((line) => line.startsWith("some-package ") && line !== `some-package ${building.pid}`) ?? undefined,
    {
      timeout: 20_000,
      what: "a spare loading the package beside the running build",
    },
  )
  const sparePid = spare.split(" ")[1]
  await built
  // While its lane's build runs, a spare reads no state: the build is about to replace it.
  expect(loads()).not.toContain(`gatsby-store ${sparePid}`)

  saveState(workspace, "state of build 2")
  starts.prepare(command, options, { readState: true })
  await waitFor(() => loads().includes(`gatsby-store ${sparePid}`), { timeout: 20_000, what: "the spare reading the saved state once asked" })
  const seen = await finish(start(command, options), workspace)

  expect(seen).toMatchObject({ pid: Number(sparePid), state: "state of build 2", package: "package v1", site: "site v1" })
  expect(loads().filter((line) => line.endsWith(` ${sparePid}`))).toEqual([
    `some-package ${sparePid}`,
    `gatsby-store ${sparePid}`,
    `gatsby-store read ${sparePid}`,
    `gatsby-thing ${sparePid}`,
    `site ${sparePid}`,
  ])
  // Three builds and two spares, each a Node process, beside the suite's own build: the outer bound is the preview-lane tests'.
}, 60_000)

/** The live lane after a build that saved its state, and its spare, loaded, not yet asked to read the state. */
async function liveLaneWithLoadedSpare() {
  const { workspace } = makeProject()
  const command = throughGatsbysCli()
  const options = { cwd: workspace, env: { PATH: process.env.PATH } }
  await finish(start(command, options), workspace)
  await prepareLoaded(command, options)
  const sparePid = Number(loads().at(-1)?.split(" ")[1])
  saveState(workspace, "the live lane's state")
  return { workspace, command, options, sparePid }
}

/** As the build room does for the other lane's build: the live lane's folder parked, the other lane's at its path. Answers where it is parked. */
function otherLaneIn(workspace: string): string {
  const parked = path.join(dir, "parked")
  fs.renameSync(workspace, parked)
  makeWorkspace(workspace, "the other lane's site")
  saveState(workspace, "the other lane's state")
  return parked
}

/** The other lane's build over, the room moves the live lane's folder back. */
function liveLaneBack(workspace: string, parked: string): void {
  fs.renameSync(workspace, path.join(dir, "other"))
  fs.renameSync(parked, workspace)
}

test("a spare that hears it should read its lane's state only after the build room has moved the other lane's folder to that path reads its own lane's, and runs the next build from it", async () => {
  const { workspace, command, options, sparePid } = await liveLaneWithLoadedSpare()

  // Asked as its lane's build ends, but busy (here: stopped) until the room has swapped the lanes' folders.
  process.kill(sparePid, "SIGSTOP")
  starts.prepare(command, options, { readState: true })
  const parked = otherLaneIn(workspace)
  process.kill(sparePid, "SIGCONT")
  await waitFor(() => loads().includes(`gatsby-store ${sparePid}`), { timeout: 20_000, what: "the spare reading a saved state" })

  liveLaneBack(workspace, parked)
  const seen = await finish(start(command, options), workspace)

  expect(seen).toMatchObject({ pid: sparePid, state: "the live lane's state", site: "site v1", said: "" })
}, 60_000)

test("the build room moving the lane's folder away and the other lane's to its path while a spare reads the saved state: it reads its own lane's, and runs the next build from it", async () => {
  const { workspace, command, options, sparePid } = await liveLaneWithLoadedSpare()

  write(holdFile(), "")
  starts.prepare(command, options, { readState: true })
  await waitFor(() => loads().includes(`gatsby-store ${sparePid}`), { timeout: 20_000, what: "the spare starting to read the saved state" })
  const parked = otherLaneIn(workspace)
  fs.rmSync(holdFile())
  await waitFor(() => loads().includes(`gatsby-store read ${sparePid}`), { timeout: 20_000, what: "the spare reading the saved state" })

  liveLaneBack(workspace, parked)
  const seen = await finish(start(command, options), workspace)

  expect(seen).toMatchObject({ pid: sparePid, state: "the live lane's state", site: "site v1", said: "" })
}, 60_000)

test("a lane that has finished no build yet loads the other lane's packages early, then keeps a list of its own", async () => {
  const { workspace, command } = makeProject()
  const options = { cwd: workspace, env: { PATH: process.env.PATH } }
  // The live lane's first build leaves its list.
  await finish(start(command, options), workspace)
  const liveList = path.join(dir, "data", "modules.json")
  const liveListed = fs.readFileSync(liveList, "utf8")

  const previewList = path.join(dir, "preview", "modules.json")
  const preview = new WarmStarts(previewList, liveList)
  try {
    const before = loads().length
    preview.prepare(command, options)
    await waitFor(
      () =>
        loads()
          .slice(before)
          .some((line) => line.startsWith("some-package ")),
      { timeout: 20_000, what: "the preview's spare loading the live lane's package" },
    )
    const seen = await finish(preview.start(command, options), workspace)
    expect(loads().slice(before)).toContain(`some-package ${seen.pid}`)
    expect(JSON.parse(fs.readFileSync(previewList, "utf8"))).toEqual([path.join(installed(), "some-package", "index.js")])
    expect(fs.readFileSync(liveList, "utf8")).toBe(liveListed)
  } finally {
    preview.close()
  }
})

test("a lane's first build, asked mid-way, lists the packages it has loaded, and the spare started from them runs the next build", async () => {
  const { workspace } = makeProject()
  // A build that has loaded its packages and goes on until the test lets it end, as a cold build goes on for a minute.
  const waiting = path.join(workspace, "waiting-build.js")
  const goOn = path.join(workspace, "go-on")
  write(
    waiting,
    `require("some-package")
const go = () => (require("node:fs").existsSync(${JSON.stringify(goOn)}) ? require("./build.js") : setTimeout(go, 20))
go()
`,
  )
  const slow = [process.execPath, waiting, "build"]
  const compileCache = path.join(dir, "compile-cache")
  const options = { cwd: workspace, env: { PATH: process.env.PATH, NODE_COMPILE_CACHE: compileCache } }
  const first = start(slow, options)
  await waitFor(() => loads().includes(`some-package ${first.pid}`), { timeout: 20_000, what: "the first build loading the package" })

  await starts.prepareDuring(first.pid!, slow, options)
  // What the first build compiled is in Node's compile cache for the spare already, though the build has not ended.
  expect(fs.readdirSync(compileCache, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length).toBeGreaterThan(0)
  const spare = await waitFor(() => loads().find((line) => line.startsWith("some-package ") && line !== `some-package ${first.pid}`) ?? undefined, {
    timeout: 20_000,
    what: "a spare loading the package while the first build runs",
  })
  expect(isRunning(first.pid!)).toBe(true)

  write(goOn, "")
  await finish(first, workspace)
  // What the lane does after every build: the spare made for this very build is kept, not started again.
  starts.prepare(slow, options)
  const second = await finish(start(slow, options), workspace)
  expect(`some-package ${second.pid}`).toBe(spare)
})

test("a lane whose first build follows the other lane's has its spare started once the other lane's list is there", async () => {
  const { workspace, command } = makeProject()
  const options = { cwd: workspace, env: { PATH: process.env.PATH } }
  const liveList = path.join(dir, "data", "modules.json")
  const preview = new WarmStarts(path.join(dir, "preview", "modules.json"), liveList)
  try {
    preview.prepareOnceListed(command, options)
    // The live lane's first build: nothing listed yet, so no spare of the preview's loads anything.
    const live = await finish(start(command, options), workspace)
    const spare = await waitFor(() => loads().find((line) => line.startsWith("some-package ") && line !== `some-package ${live.pid}`) ?? undefined, {
      timeout: 20_000,
      what: "the preview's spare loading the package once the live lane listed it",
    })
    const seen = await finish(preview.start(command, options), workspace)
    expect(`some-package ${seen.pid}`).toBe(spare)
  } finally {
    preview.close()
  }
})

test("a spare not asked to read the saved state loads neither Gatsby's packages nor the project's own files: the build does", async () => {
  const { workspace, command } = makeProject()
  const options = { cwd: workspace, env: { PATH: process.env.PATH } }
  await finish(start(command, options), workspace)

  const listed = JSON.parse(fs.readFileSync(path.join(dir, "data", "modules.json"), "utf8")) as string[]
  expect(listed).toEqual([path.join(installed(), "some-package", "index.js")])

  await prepareLoaded(command, options)
  const beforeBuild = loads()
  // A deploy changes the project's file while the spare waits: the build shows the new one.
  write(path.join(workspace, "src", "site.js"), noting("site", "site v2"))
  const seen = await finish(start(command, options), workspace)

  expect(seen.site).toBe("site v2")
  expect(beforeBuild.filter((line) => line.endsWith(` ${seen.pid}`))).toEqual([`some-package ${seen.pid}`])
})

test("a package changed after the spare loaded it: the build runs in a fresh process, with the package as it is now", async () => {
  const { workspace, command } = makeProject()
  const options = { cwd: workspace, env: { PATH: process.env.PATH } }
  await finish(start(command, options), workspace)
  await prepareLoaded(command, options)

  // An install or a patch while the spare waits.
  write(path.join(installed(), "some-package", "index.js"), noting("some-package", "package v2, patched"))
  const child = start(command, options)
  const seen = await finish(child, workspace)

  expect(seen.package).toBe("package v2, patched")
  expect(seen.pid).not.toBe(child.pid)
  expect(seen.said).toBe("a package file it loaded early has changed")
})

test("a build run in a spare lists for the next spare only the packages it used: one loaded early that it never asked for is left out", async () => {
  const { workspace, command } = makeProject()
  const options = { cwd: workspace, env: { PATH: process.env.PATH } }
  // The build asks for some-package, which loads a package of its own.
  const dependency = path.join(installed(), "its-dependency", "index.js")
  write(dependency, noting("its-dependency", "a dependency"))
  write(path.join(installed(), "some-package", "index.js"), `require("its-dependency")\n${noting("some-package", "package v1")}`)
  await finish(start(command, options), workspace)
  const list = path.join(dir, "data", "modules.json")
  const used = [path.join(installed(), "some-package", "index.js"), dependency]
  expect(JSON.parse(fs.readFileSync(list, "utf8"))).toEqual(used)

  // A list that names more than this build uses, as a cold build's names its bundler.
  const unused = path.join(installed(), "bundler", "index.js")
  write(unused, noting("bundler", "a bundler"))
  fs.writeFileSync(list, JSON.stringify([...used, unused]))
  const before = loads().length
  await prepareLoaded(command, options)
  await waitFor(
    () =>
      loads()
        .slice(before)
        .some((line) => line.startsWith("bundler ")),
    { timeout: 20_000, what: "the spare loading the listed bundler" },
  )
  const seen = await finish(start(command, options), workspace)

  expect(loads().slice(before)).toEqual(expect.arrayContaining([`bundler ${seen.pid}`, `some-package ${seen.pid}`, `its-dependency ${seen.pid}`]))
  expect(JSON.parse(fs.readFileSync(list, "utf8"))).toEqual(used)
})

test("the build's folder moved away and another moved to its path while the spare waited: the build runs in the one at the path", async () => {
  const { workspace, command } = makeProject()
  const options = { cwd: workspace, env: { PATH: process.env.PATH } }
  await finish(start(command, options), workspace)
  await prepareLoaded(command, options)

  // As the build room does between two lanes' builds.
  fs.renameSync(workspace, path.join(dir, "parked"))
  makeWorkspace(workspace, "the other lane's site")
  const seen = await finish(start(command, options), workspace)

  expect(seen).toMatchObject({ cwd: workspace, site: "the other lane's site", package: "package v1" })
  expect(fs.readdirSync(path.join(dir, "parked")).filter((name) => name.startsWith("build-"))).toEqual([])
})

test("a build for another environment or folder than the spare's gets a process of its own, and the spare ends", async () => {
  const { workspace, command } = makeProject()
  const live = { cwd: workspace, env: { PATH: process.env.PATH, FLAVOUR: "live" } }
  await finish(start(command, live), workspace)
  await prepareLoaded(command, live)
  const sparePid = Number(loads().at(-1)?.split(" ")[1])

  const seen = await finish(start(command, { ...live, env: { ...live.env, FLAVOUR: "preview" } }), workspace)

  expect(seen.flavour).toBe("preview")
  expect(seen.pid).not.toBe(sparePid)
  await waitFor(() => !isRunning(sparePid), { timeout: 10_000, what: `the unused spare (pid ${sparePid}) ending` })
})

test("closing the lane ends its spare", async () => {
  const { workspace, command } = makeProject()
  const options = { cwd: workspace, env: { PATH: process.env.PATH } }
  await finish(start(command, options), workspace)
  await prepareLoaded(command, options)
  const sparePid = Number(loads().at(-1)?.split(" ")[1])
  expect(isRunning(sparePid)).toBe(true)

  starts.close()

  await waitFor(() => !isRunning(sparePid), { timeout: 10_000, what: `the spare (pid ${sparePid}) ending` })
})

test("only a Node script run by this Node starts warm", () => {
  expect(WarmStarts.accepts([process.execPath, "node_modules/gatsby/cli.js", "build"])).toBe(true)
  expect(WarmStarts.accepts("npm run build")).toBe(false)
  expect(WarmStarts.accepts(["/usr/bin/make", "site"])).toBe(false)
})
