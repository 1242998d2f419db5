import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import type { Logger } from "../../../node-kit/process/logger"
import { BuildRoom, FAR_BEHIND_BUILDS, type RoomBuild } from "../../../publisher/src/jobs/build-room"
import { refreshWorkspace } from "../../../publisher/src/jobs/workspace"
import { waitFor } from "../../helpers/wait-for"

/*
 * Both lanes build in the live lane's workspace (publisher/src/jobs/build-room.ts):
 * the preview's workspace is moved in for its build and out after, and may
 * first be replaced by a copy of the live lane's, so its build starts warm.
 */

let dir: string
let project: string
let live: string
let preview: string
let said: string[]

function logger(): Logger {
  const say = (message: unknown, text?: unknown) => void said.push(String(typeof message === "string" ? message : text))
  return { info: say, warn: say, error: say } as unknown as Logger
}

const read = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file, "utf8") : null)
const write = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.writeFileSync(file, text)
}
const stateIn = (workspace: string) => read(path.join(workspace, ".cache", "redux", "state"))

/**
 * A job as the runner's: refresh the sources, "build" (what it found is
 * kept in `found`), leave Gatsby's state and a public/ with a bundle naming
 * `who`, answer how it went.
 */
function job(who: string, found: Array<{ where: string; state: string | null }> = [], ok = true) {
  return async (where: string): Promise<RoomBuild> => {
    const { sources } = refreshWorkspace(project, where)
    found.push({ where, state: stateIn(where) })
    if (ok) {
      write(path.join(where, ".cache", "redux", "state"), who)
      write(path.join(where, "public", "index.html"), `<h1>${who}</h1>`)
      write(path.join(where, "public", "app-0123.js"), `// ${who}'s bundle`)
      write(path.join(where, "public", "_gatsby", "image", "0123", "4567", `${who}.webp`), "a picture, linked from the image store")
    }
    return { ok, sources }
  }
}

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "build-room-"))
  project = path.join(dir, "project")
  write(path.join(project, "package.json"), "{}")
  write(path.join(project, "src", "page.txt"), "the site's sources")
  live = path.join(dir, "data", "workspace")
  preview = path.join(dir, "data", "preview", "workspace")
  said = []
})
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }))

describe("the build room", () => {
  it("runs the preview's build in the live lane's folder with the preview's files, and puts both workspaces back after", async () => {
    const room = new BuildRoom(live, logger())
    await room.use(live, job("live"))
    await room.use(preview, job("preview"))
    const found: Array<{ where: string; state: string | null }> = []
    let parked: string | null = null
    await room.use(preview, async (where) => {
      parked = stateIn(`${live}.parked`)
      return job("preview again", found)(where)
    })
    expect({ found, parked }).toEqual({ found: [{ where: live, state: "preview" }], parked: "live" })
    expect(stateIn(live)).toBe("live")
    expect(stateIn(preview)).toBe("preview again")
    expect(fs.existsSync(`${live}.parked`)).toBe(false)
  })

  it("gives the room to one build at a time: a live build waits until the preview's has left", async () => {
    const room = new BuildRoom(live, logger())
    await room.use(live, job("live"))
    let finishPreview: (() => void) | undefined
    const previewBuild = room.use(preview, (where) => new Promise<RoomBuild>((resolve) => (finishPreview = () => void job("preview")(where).then(resolve))))
    const liveFound: Array<{ where: string; state: string | null }> = []
    const liveBuild = room.use(live, job("live again", liveFound))
    await waitFor(() => finishPreview !== undefined, { timeout: 10_000, what: "the preview's build to start" })
    expect(liveFound).toEqual([])
    finishPreview!()
    await Promise.all([previewBuild, liveBuild])
    expect(liveFound).toEqual([{ where: live, state: "live" }])
  })

  it("puts both workspaces back at the next start, wherever a stop during a preview build left them", async () => {
    // Each state the swap passes through: the record written; the live workspace parked; the preview's in
    // the room (its build running); the preview's moved out again.
    const steps: Array<(guest: string) => void> = [
      () => undefined,
      () => fs.renameSync(live, `${live}.parked`),
      (guest) => fs.renameSync(guest, live),
      (guest) => fs.renameSync(live, guest),
    ]
    for (let stoppedAfter = 0; stoppedAfter < steps.length; stoppedAfter++) {
      fs.rmSync(path.join(dir, "data"), { recursive: true, force: true })
      write(path.join(live, ".cache", "redux", "state"), "live")
      write(path.join(preview, ".cache", "redux", "state"), "preview")
      fs.writeFileSync(`${live}.guest`, preview)
      for (const step of steps.slice(0, stoppedAfter + 1)) step(preview)
      new BuildRoom(live, logger()).recover()
      expect({ stoppedAfter, live: stateIn(live), preview: stateIn(preview) }).toEqual({ stoppedAfter, live: "live", preview: "preview" })
      expect(fs.readdirSync(path.dirname(live)).sort()).toEqual(["preview", "workspace"])
    }
  })

  it("starts the preview's first build from a copy of the live lane's workspace, its bundles and pictures included", async () => {
    const room = new BuildRoom(live, logger())
    await room.use(live, job("live"))
    let bundle: string | null = "not looked at"
    let pictures: boolean | undefined
    const found: Array<{ where: string; state: string | null }> = []
    await room.use(preview, async (where) => {
      bundle = read(path.join(where, "public", "app-0123.js"))
      pictures = fs.existsSync(path.join(where, "public", "_gatsby", "image"))
      return job("preview", found)(where)
    })
    // The preview's build uses the live lane's bundles (one code); Gatsby writes its image files only when a query naming them runs.
    expect({ found, bundle, pictures }).toEqual({ found: [{ where: live, state: "live" }], bundle: "// live's bundle", pictures: true })
    expect(said).toContainEqual(expect.stringContaining("The preview starts from the live lane's build (it has no build of its own yet)"))
    // The live lane's own files are untouched by the copy and the preview's build.
    expect(read(path.join(live, "public", "app-0123.js"))).toBe("// live's bundle")
    expect(stateIn(live)).toBe("live")
  })

  it("does not start the preview from a live build that failed", async () => {
    const room = new BuildRoom(live, logger())
    await room.use(live, job("live"))
    await room.use(live, job("live", [], false))
    const found: Array<{ where: string; state: string | null }> = []
    await room.use(preview, job("preview", found))
    expect(found).toEqual([{ where: live, state: null }])
    expect(said).toEqual([])
  })

  it("after a code deploy, starts the preview from the live lane's workspace once the live lane has built the new code, not before", async () => {
    const room = new BuildRoom(live, logger())
    await room.use(live, job("live"))
    await room.use(preview, job("preview"))
    said = []
    const found: Array<{ where: string; state: string | null }> = []

    // The code changes; the preview builds before the live lane has: on its own.
    write(path.join(project, "src", "page.txt"), "new code")
    await room.use(preview, job("preview, new code", found))
    // The live lane builds it too: the same code, so the preview stays on its own.
    await room.use(live, job("live, new code"))
    await room.use(preview, job("preview, new code again", found))
    // The next deploy reaches the live lane first: the preview starts from its build.
    write(path.join(project, "src", "page.txt"), "newer code")
    await room.use(live, job("live, newer code"))
    await room.use(preview, job("preview, newer code", found))

    expect(found.map((build) => build.state)).toEqual(["preview", "preview, new code", "live, newer code"])
    expect(said).toEqual([expect.stringContaining("(the code changed, and the live lane has built it)")])
  })

  it(`starts the preview again from the live lane's workspace once the live lane has published ${FAR_BEHIND_BUILDS} builds since`, async () => {
    const room = new BuildRoom(live, logger())
    await room.use(live, job("live"))
    await room.use(preview, job("preview"))
    const found: Array<{ where: string; state: string | null }> = []
    for (let build = 1; build < FAR_BEHIND_BUILDS; build++) await room.use(live, job(`live ${build}`))
    await room.use(preview, job("preview 2", found))
    await room.use(live, job(`live ${FAR_BEHIND_BUILDS}`))
    await room.use(preview, job("preview 3", found))
    // Caught up: the next preview build is its own again.
    await room.use(preview, job("preview 4", found))
    expect(found.map((build) => build.state)).toEqual(["preview", `live ${FAR_BEHIND_BUILDS}`, "preview 3"])
  })
})
