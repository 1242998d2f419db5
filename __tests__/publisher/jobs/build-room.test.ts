import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import type { Logger } from "../../../node-kit/process/logger"
import { BUILD_NOTE, BuildRoom, FAR_BEHIND_BUILDS } from "../../../publisher/src/jobs/build-room"
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
/** A workspace as a finished build leaves it: sources, Gatsby's saved state, public/ with its bundles. */
function built(workspace: string, who: string) {
  refreshWorkspace(project, workspace)
  write(path.join(workspace, ".cache", "redux", "state"), who)
  write(path.join(workspace, "public", "index.html"), `<h1>${who}</h1>`)
  write(path.join(workspace, "public", "app-0123.js"), `// ${who}'s bundle`)
  write(path.join(workspace, "public", "page-data", "index", "page-data.json"), `{"who":"${who}"}`)
}
const ok = async () => ({ ok: true })

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
    built(live, "live")
    built(preview, "preview")
    const room = new BuildRoom(live, project, logger())
    const seen = await room.use(preview, async (where) => ({
      ok: true,
      where,
      state: read(path.join(where, ".cache", "redux", "state")),
      parked: read(`${live}.parked/.cache/redux/state`),
    }))
    expect(seen).toEqual({ ok: true, where: live, state: "preview", parked: "live" })
    expect(read(path.join(live, ".cache", "redux", "state"))).toBe("live")
    expect(read(path.join(preview, ".cache", "redux", "state"))).toBe("preview")
    expect(fs.existsSync(`${live}.parked`)).toBe(false)
  })

  it("gives the room to one build at a time: a live build waits until the preview's has left", async () => {
    built(live, "live")
    built(preview, "preview")
    const room = new BuildRoom(live, project, logger())
    let finishPreview!: () => void
    const previewBuild = room.use(preview, () => new Promise<{ ok: boolean }>((resolve) => (finishPreview = () => resolve({ ok: true }))))
    let liveSaw: string | null | undefined
    const liveBuild = room.use(live, async (where) => {
      liveSaw = read(path.join(where, ".cache", "redux", "state"))
      return { ok: true }
    })
    await waitFor(() => finishPreview !== undefined, { timeout: 10_000, what: "the preview's build to start" })
    expect(liveSaw).toBeUndefined()
    finishPreview()
    await Promise.all([previewBuild, liveBuild])
    expect(liveSaw).toBe("live")
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
      built(live, "live")
      built(preview, "preview")
      fs.writeFileSync(`${live}.guest`, preview)
      for (const step of steps.slice(0, stoppedAfter + 1)) step(preview)
      new BuildRoom(live, project, logger()).recover()
      const where = { stoppedAfter, live: read(path.join(live, ".cache", "redux", "state")), preview: read(path.join(preview, ".cache", "redux", "state")) }
      expect(where).toEqual({ stoppedAfter, live: "live", preview: "preview" })
      expect(fs.readdirSync(path.dirname(live)).sort()).toEqual(["preview", "workspace"])
    }
  })

  it("starts the preview's first build from a copy of the live lane's workspace, without the live lane's bundles", async () => {
    built(live, "live")
    const room = new BuildRoom(live, project, logger())
    await room.use(live, ok)
    const seen = await room.use(preview, async (where) => ({
      ok: true,
      state: read(path.join(where, ".cache", "redux", "state")),
      page: read(path.join(where, "public", "page-data", "index", "page-data.json")),
      bundle: read(path.join(where, "public", "app-0123.js")),
    }))
    expect(seen).toEqual({ ok: true, state: "live", page: '{"who":"live"}', bundle: null })
    expect(said).toContainEqual(expect.stringContaining("The preview starts from the live lane's build (it has no build of its own yet)"))
    // The live lane's own files are untouched by the copy and the preview's build.
    expect(read(path.join(live, "public", "app-0123.js"))).toBe("// live's bundle")
  })

  it("does not start the preview from a live build that failed", async () => {
    built(live, "live")
    const room = new BuildRoom(live, project, logger())
    await room.use(live, async () => ({ ok: false }))
    const state = await room.use(preview, async (where) => ({ ok: true, state: read(path.join(where, ".cache", "redux", "state")) }))
    expect(state).toEqual({ ok: true, state: null })
    expect(said).toEqual([])
  })

  it("after a code deploy, starts the preview from the live lane's workspace once the live lane has built the new code, not before", async () => {
    built(live, "live")
    built(preview, "preview")
    const room = new BuildRoom(live, project, logger())
    await room.use(live, ok)
    write(path.join(project, "src", "page.txt"), "new code")
    const previewState = (where: string) => ({ ok: true, state: read(path.join(where, ".cache", "redux", "state")) })

    // The live lane has not built the new code yet: the preview builds on its own.
    expect(await room.use(preview, async (where) => previewState(where))).toEqual({ ok: true, state: "preview" })
    refreshWorkspace(project, live)
    await room.use(live, ok)
    built(preview, "preview")
    write(path.join(preview, "src", "page.txt"), "old code")
    expect(await room.use(preview, async (where) => previewState(where))).toEqual({ ok: true, state: "live" })
    expect(said).toContainEqual(expect.stringContaining("(the code changed, and the live lane has built it)"))
  })

  it(`starts the preview again from the live lane's workspace once the live lane has published ${FAR_BEHIND_BUILDS} builds since`, async () => {
    built(live, "live")
    built(preview, "preview")
    const room = new BuildRoom(live, project, logger())
    const previewState = async (where: string) => ({ ok: true, state: read(path.join(where, ".cache", "redux", "state")) })
    for (let build = 1; build < FAR_BEHIND_BUILDS; build++) await room.use(live, ok)
    expect(await room.use(preview, previewState)).toEqual({ ok: true, state: "preview" })
    await room.use(live, ok)
    expect(await room.use(preview, previewState)).toEqual({ ok: true, state: "live" })
    expect(JSON.parse(read(path.join(preview, BUILD_NOTE)) ?? "{}")).toEqual({ ok: true, liveBuilds: FAR_BEHIND_BUILDS })
    // Caught up: the next preview build is its own again.
    write(path.join(preview, ".cache", "redux", "state"), "preview")
    expect(await room.use(preview, previewState)).toEqual({ ok: true, state: "preview" })
  })
})
