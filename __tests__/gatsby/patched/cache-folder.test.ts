import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { PROJECT_ROOT } from "../../../node-kit/process/processes"
import { runInNewProcess } from "../../helpers/new-process"

// patches/gatsby+5.16.1.patch: Gatsby's plugin cache (utils/cache-lmdb.js) took its folder from the working
// folder when the module loaded. The publisher's spare build process loads Gatsby's store before its build,
// and a lane's workspace is moved in and out of the build room meanwhile: the build then opened its cache
// at the folder's old path, with nothing in it, and left a folder there that made the next move fail
// (ENOTEMPTY, the preview lane's jobs failing after a live edit). The path is now taken when the cache opens.

const gatsbyDist = path.join(PROJECT_ROOT, "node_modules", "gatsby", "dist")

/**
 * As the publisher's spare: started in `room`, whose folder is moved out (to `moved`) before the process
 * loads Gatsby's store, and back before its build; then the build writes to a plugin's cache.
 */
const MOVED_WHILE_LOADING = `
const fs = require("fs")
const path = require("path")
const [dist, room, moved] = process.argv.slice(2)
process.chdir(room)
fs.renameSync(room, moved)
require(dist + "/redux")
fs.renameSync(moved, room)
process.chdir(room)
const Cache = require(dist + "/utils/cache-lmdb").default
const cache = new Cache({ name: "a-plugin" }).init()
cache.set("key", "value").then(async () => {
  // "caches-lmdb", with a suffix under Jest (NODE_ENV=test).
  const where = (folder) => fs.existsSync(path.join(folder, ".cache")) && fs.readdirSync(path.join(folder, ".cache")).some((name) => name.startsWith("caches-lmdb"))
  process.stdout.write(JSON.stringify({ value: await cache.get("key"), inRoom: where(room), inMoved: where(moved) }))
  process.exit(0)
})
`

describe("Gatsby's plugin cache, patched: opened in the build's folder, not where the process loaded Gatsby", () => {
  it("is in the folder the build runs in, even when that folder was elsewhere as the store loaded", () => {
    const parent = fs.mkdtempSync(path.join(os.tmpdir(), "cache-folder-"))
    const room = path.join(parent, "workspace")
    const moved = path.join(parent, "preview-workspace")
    fs.mkdirSync(room)
    try {
      const result = JSON.parse(runInNewProcess(MOVED_WHILE_LOADING, [gatsbyDist, room, moved], parent)) as { value: string; inRoom: boolean; inMoved: boolean }
      expect(result).toEqual({ value: "value", inRoom: true, inMoved: false })
    } finally {
      fs.rmSync(parent, { recursive: true, force: true })
    }
  })
})
