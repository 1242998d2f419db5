import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import type { BuildArgs, PluginOptions } from "gatsby"
import { onPostBuild } from "../../../plugins/gatsby-plugin-offline-workbox/gatsby-node"

/*
 * `serviceWorker: false` (the preview lane's builds): the plugin stays listed,
 * so Gatsby's cache survives a change of lane, but no worker is made, a
 * public/ copied from a live build loses the one it had, and release.json
 * tells the browser so.
 */

describe("the offline plugin with the worker off", () => {
  let dir: string
  let cwd: string
  beforeEach(() => {
    cwd = process.cwd()
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "worker-off-"))
    fs.mkdirSync(path.join(dir, "public"))
    process.chdir(dir)
  })
  afterEach(() => {
    process.chdir(cwd)
    fs.rmSync(dir, { recursive: true, force: true })
  })

  it("removes the sw.js a copied public/ holds, and writes a release.json that says there is none", async () => {
    for (const file of ["sw.js", "release.json", "offline.html", "index.html"]) fs.writeFileSync(path.join(dir, "public", file), "from the live build")
    const reporter = { info: jest.fn(), warn: jest.fn(), panicOnBuild: jest.fn() }
    const args = { reporter, cache: { directory: path.join(dir, ".cache", "caches", "offline") } } as unknown as BuildArgs
    await onPostBuild!(args, { plugins: [], serviceWorker: false } as PluginOptions, () => undefined)
    expect(fs.readdirSync(path.join(dir, "public")).sort()).toEqual(["index.html", "offline.html", "release.json"])
    // What the browser half reads before it registers anything (release-watch.ts).
    expect(JSON.parse(fs.readFileSync(path.join(dir, "public", "release.json"), "utf8"))).toEqual({ serviceWorker: false })
    expect(reporter.panicOnBuild).not.toHaveBeenCalled()
  })
})
