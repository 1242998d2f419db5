import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { PROJECT_ROOT } from "../../../node-kit/process/processes"
import { runInNewProcess } from "../../helpers/new-process"

// patches/gatsby+5.16.1.patch (utils/worker/child/render-html.js): a build's
// worker loads the HTML renderer the last build left while the main process
// bootstraps, and the first pages it is given use that module only if the
// file is still the one it loaded and the session's variables are those it
// loaded under. Here Gatsby's own worker pool, as a build creates it, on a
// site whose renderer notes in a log each time it is loaded.
const gatsbyDist = path.join(PROJECT_ROOT, "node_modules", "gatsby", "dist")

const RENDERER = (version: string) => `require("fs").appendFileSync(process.env.RENDERER_LOG, "loaded ${version}\\n")
module.exports = { default: () => "<html></html>" }
`

/**
 * Creates the pool, waits (up to 30 s) until the renderer is loaded, then
 * per `step` rewrites it or changes a variable, and has the worker render
 * with no page: what a build's first HTML session does before its pages.
 */
const BUILD_WORKER = `
const fs = require("fs")
const [dist, siteDir, step] = process.argv.slice(2)
const log = process.env.RENDERER_LOG
const renderer = siteDir + "/.cache/page-ssr/routes/render-page.js"
const { create } = require(dist + "/utils/worker/pool")
const pool = create()
const loads = () => (fs.existsSync(log) ? fs.readFileSync(log, "utf8").trim().split("\\n") : [])
async function main() {
  const deadline = Date.now() + 30000
  while (loads().length === 0) {
    if (Date.now() > deadline) throw new Error("the worker did not load the renderer before it was given pages")
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  if (step === "rewrite") fs.writeFileSync(renderer, ${JSON.stringify(RENDERER("v2"))} + "// a new compilation\\n")
  const nodeEnv = step === "other-env" ? "production-of-another-session" : process.env.NODE_ENV
  await pool.single.renderHTMLProd({
    htmlComponentRendererPath: renderer,
    paths: [],
    envVars: [["NODE_ENV", nodeEnv], ["gatsby_executing_command", "build"], ["gatsby_log_level", process.env.gatsby_log_level]],
    sessionId: 1,
    webpackCompilationHash: "hash",
  })
  await Promise.all(pool.end())
  process.stdout.write(JSON.stringify(loads()))
}
main().catch((error) => {
  process.stdout.write("failed: " + error.message)
  Promise.all(pool.end()).finally(() => process.exit(0))
})
`

describe("Gatsby's HTML worker, patched to load the last build's renderer while the build bootstraps", () => {
  const sites: string[] = []
  afterAll(() => sites.forEach((site) => fs.rmSync(site, { recursive: true, force: true })))

  function siteWithRenderer(): { siteDir: string; log: string } {
    const siteDir = fs.mkdtempSync(path.join(os.tmpdir(), "renderer-preload-"))
    sites.push(siteDir)
    fs.mkdirSync(path.join(siteDir, ".cache", "page-ssr", "routes"), { recursive: true })
    fs.writeFileSync(path.join(siteDir, ".cache", "page-ssr", "routes", "render-page.js"), RENDERER("v1"))
    fs.mkdirSync(path.join(siteDir, "public"))
    fs.writeFileSync(path.join(siteDir, "public", "webpack.stats.json"), "{}")
    return { siteDir, log: path.join(siteDir, "renderer.log") }
  }

  const runBuildWorker = (step: "as-loaded" | "rewrite" | "other-env") => {
    const { siteDir, log } = siteWithRenderer()
    const output = runInNewProcess(BUILD_WORKER, [gatsbyDist, siteDir, step], siteDir, {
      RENDERER_LOG: log,
      GATSBY_CPU_COUNT: "2",
      // As gatsby-cli sets them before a build creates its workers.
      gatsby_executing_command: "build",
      gatsby_log_level: "normal",
    })
    return output.startsWith("failed: ") ? output : (JSON.parse(output) as string[])
  }

  it("renders with the renderer it loaded before any page was given to it, loaded once", () => {
    expect(runBuildWorker("as-loaded")).toEqual(["loaded v1"])
  })

  it("loads the renderer again when a compilation rewrote it after the worker loaded it", () => {
    expect(runBuildWorker("rewrite")).toEqual(["loaded v1", "loaded v2"])
  })

  it("loads the renderer again when the session sets a variable to another value than the worker loaded it under", () => {
    expect(runBuildWorker("other-env")).toEqual(["loaded v1", "loaded v1"])
  })
})
