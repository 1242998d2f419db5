import { spawnSync } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { PROJECT_ROOT } from "../../../node-kit/process/processes"

// patches/gatsby+5.16.1.patch and patches/gatsby-worker+2.16.0.patch: Gatsby's
// bootstrap gives its workers loadConfigAndPlugins and buildSchema without
// awaiting them, when they will run queries (more than one CPU). With no page
// to render a build gives the worker nothing else and ends the pool while the
// worker may still be loading. The cut task's rejection must not go unhandled
// ("UNHANDLED REJECTION Worker exited before finishing task") and fail a build
// that has written everything. Here the same pool, the same task and the same end,
// without a build around them, so the race always goes the bad way.
const gatsbyDist = path.join(PROJECT_ROOT, "node_modules", "gatsby", "dist")

const BOOTSTRAP_THEN_END = `
const [dist, siteDir, when] = process.argv.slice(2)
const { create, runInBackground } = require(dist + "/utils/worker/pool")
const pool = create()
const tasks = pool.all.loadConfigAndPlugins({ siteDirectory: siteDir, program: { directory: siteDir } })
runInBackground(tasks)
const ready = when === "after-loading" ? Promise.allSettled(tasks) : Promise.resolve()
ready.then(() => Promise.all(pool.end())).then(() => process.stdout.write("pool ended"))
`

interface Run {
  status: number | null
  stdout: string
  stderr: string
}

/** Runs the script in its own Node process, as `gatsby build` is one: an unhandled rejection ends it. */
function bootstrapThenEnd(siteDir: string, when: "at-once" | "after-loading"): Run {
  const scriptDir = fs.mkdtempSync(path.join(os.tmpdir(), "worker-pool-script-"))
  const scriptFile = path.join(scriptDir, "run.js")
  fs.writeFileSync(scriptFile, BOOTSTRAP_THEN_END)
  try {
    const run = spawnSync(process.execPath, [scriptFile, gatsbyDist, siteDir, when], {
      cwd: siteDir,
      encoding: "utf8",
      env: { ...process.env, GATSBY_TELEMETRY_DISABLED: "1", GATSBY_CPU_COUNT: "2" },
    })
    return { status: run.status, stdout: run.stdout, stderr: run.stderr }
  } finally {
    fs.rmSync(scriptDir, { recursive: true, force: true })
  }
}

function siteWithConfig(config: string): string {
  const siteDir = fs.mkdtempSync(path.join(os.tmpdir(), "worker-pool-site-"))
  fs.writeFileSync(path.join(siteDir, "package.json"), JSON.stringify({ name: "worker-pool-fixture", private: true }))
  fs.writeFileSync(path.join(siteDir, "gatsby-config.js"), config)
  return siteDir
}

describe("Gatsby's worker pool ended while its workers still load, patched", () => {
  const sites: string[] = []
  afterAll(() => sites.forEach((site) => fs.rmSync(site, { recursive: true, force: true })))

  it("ends cleanly when the build is done before its worker has loaded", () => {
    const site = siteWithConfig("module.exports = { siteMetadata: { title: 'fixture' } }\n")
    sites.push(site)

    const run = bootstrapThenEnd(site, "at-once")

    expect({ status: run.status, stdout: run.stdout, stderr: run.stderr }).toEqual({ status: 0, stdout: "pool ended", stderr: "" })
  })

  it("ends cleanly when the worker loaded first", () => {
    const site = siteWithConfig("module.exports = { siteMetadata: { title: 'fixture' } }\n")
    sites.push(site)

    const run = bootstrapThenEnd(site, "after-loading")

    expect({ status: run.status, stdout: run.stdout }).toEqual({ status: 0, stdout: "pool ended" })
  })

  it("still fails the process when the worker itself fails to load", () => {
    const site = siteWithConfig('throw new Error("this gatsby-config is broken")\n')
    sites.push(site)

    const run = bootstrapThenEnd(site, "after-loading")

    expect(run.status).not.toBe(0)
    expect(run.stderr + run.stdout).toContain("Worker exited before finishing task")
  })
})

// patches/gatsby+5.16.1.patch: a build over a warm cache runs its queries in
// the main process (the publisher sets GATSBY_CPU_COUNT=1, and build.js then
// never hands queries to a worker), so its one worker only renders HTML, from
// the renderer and the files in public/, and needs no plugins or schema of its
// own. Here bootstrap runs with its services stubbed, and the pool records
// what it is asked.
const BOOTSTRAP_WITH_A_RECORDING_POOL = `
const Module = require("module")
const path = require("path")
const dist = process.argv[2]
const stub = (file, exports) => {
  const id = require.resolve(path.join(dist, file))
  const stubbed = new Module(id)
  stubbed.filename = id
  stubbed.exports = exports
  stubbed.loaded = true
  require.cache[id] = stubbed
}
const asked = []
const workerPool = { all: new Proxy({}, { get: (_, method) => () => (asked.push(method), [Promise.resolve()]) }) }
const store = { getState: () => ({ program: { directory: process.cwd() } }) }
const step = async () => undefined
stub("services/index.js", { initialize: async () => ({ workerPool, store }), customizeSchema: step, sourceNodes: step, buildSchema: step, createPages: step, extractQueries: step, writeOutRedirects: step, postBootstrap: step })
stub("utils/page-data.js", { handleStalePageData: step })
stub("bootstrap/redirects-writer.js", { startRedirectListener: () => undefined })
stub("bootstrap/create-graphql-runner.js", { createGraphQLRunner: () => () => undefined })
require(path.join(dist, "bootstrap/index.js")).bootstrap({ program: { directory: process.cwd() } }).then(() => process.stdout.write(JSON.stringify(asked)))
`

/** What Gatsby's bootstrap asks of its workers with `cpus` CPUs, in a new process in an empty folder. */
function askedOfWorkers(cpus: string): string[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "worker-pool-bootstrap-"))
  fs.writeFileSync(path.join(dir, "run.js"), BOOTSTRAP_WITH_A_RECORDING_POOL)
  try {
    const run = spawnSync(process.execPath, [path.join(dir, "run.js"), gatsbyDist], {
      cwd: dir,
      encoding: "utf8",
      env: { ...process.env, GATSBY_TELEMETRY_DISABLED: "1", GATSBY_CPU_COUNT: cpus },
    })
    if (run.status !== 0) throw new Error(`bootstrap failed (${run.status}): ${run.stderr}`)
    return JSON.parse(run.stdout) as string[]
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

describe("Gatsby's bootstrap, patched: its workers set up to run queries only when they will", () => {
  it("gives the worker no plugins or schema when the build runs its queries itself (one CPU)", () => {
    expect(askedOfWorkers("1")).toEqual([])
  })

  it("still has the workers load the plugins and build the schema when they run queries (two CPUs)", () => {
    expect(askedOfWorkers("2")).toEqual(["loadConfigAndPlugins", "buildSchema"])
  })
})
