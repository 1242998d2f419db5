import { execFile } from "node:child_process"
import fs from "node:fs"
import path from "node:path"
import { promisify } from "node:util"
import type { Logger } from "../../../node-kit/process/logger"
import { hasWarmCache } from "./workspace"

/**
 * Both lanes build in one folder, the live lane's workspace: Gatsby's saved
 * state names the site's files by absolute path (page templates, their
 * static queries, webpack's cache), so a workspace built in one folder
 * cannot be built warm in another. The preview lane's workspace is moved
 * into the room for its build and out again after, the live lane's parked
 * beside it meanwhile; builds never overlap (lanes.ts, liveFirst), and the
 * room is held by one job at a time. That lets the preview lane start from a
 * copy of the live lane's workspace (sources, `.cache`, `public/`) and
 * rebuild only what its drafts and its own settings change.
 * Why, and what it saves: docs/decisions/0019-one-build-room.md.
 */

/** Beside a workspace: how its last build went, read when the preview lane decides whether to start from the live lane's. */
export const BUILD_NOTE = "publisher-build.json"

interface BuildNote {
  ok: boolean
  /** Live builds that went into this workspace's state: the live lane's own count, or the one a preview copy started from. */
  liveBuilds: number
  /** The digest of the sources it built (WorkspaceRefresh.sources); null when it never got that far. */
  sources: string | null
}

/** What a build in the room answers: whether it succeeded, and the digest of the sources it built. */
export interface RoomBuild {
  ok: boolean
  sources: string | null
}

/** The preview lane starts again from the live lane's workspace when the live lane has published this many builds it has not. */
export const FAR_BEHIND_BUILDS = 20

function readNote(workspaceDir: string): BuildNote | undefined {
  try {
    const note = JSON.parse(fs.readFileSync(path.join(workspaceDir, BUILD_NOTE), "utf8")) as Partial<BuildNote>
    return {
      ok: note.ok === true,
      liveBuilds: Number.isInteger(note.liveBuilds) ? (note.liveBuilds as number) : 0,
      sources: typeof note.sources === "string" ? note.sources : null,
    }
  } catch {
    return undefined
  }
}

function writeNote(workspaceDir: string, note: BuildNote): void {
  fs.writeFileSync(path.join(workspaceDir, BUILD_NOTE), JSON.stringify(note))
}

const exists = (target: string) => fs.existsSync(target)
const run = promisify(execFile)

/**
 * A real copy of a folder, not links: Gatsby rewrites its files (LMDB among
 * them) in place. `cp -a` where there is one (0.8 s for the sample
 * catalogue's workspace, where Node's own copy took 5.8 s); asynchronous
 * either way, so the publisher keeps serving and hears a signal meanwhile.
 */
async function copyTree(from: string, to: string): Promise<void> {
  try {
    await run("cp", ["-a", from, to])
  } catch {
    await fs.promises.rm(to, { recursive: true, force: true })
    await fs.promises.cp(from, to, { recursive: true, verbatimSymlinks: true })
  }
}

/** The file system a path is or would be on: its nearest existing folder's. */
function deviceOf(target: string): number | undefined {
  for (let folder = path.dirname(target); ; folder = path.dirname(folder)) {
    const stat = fs.statSync(folder, { throwIfNoEntry: false })
    if (stat) return stat.dev
    if (path.dirname(folder) === folder) return undefined
  }
}

/**
 * Why the preview lane's next build should start from a copy of the live
 * lane's workspace, or undefined to build on its own: only from a live
 * build that succeeded, and only when the preview has no build of its own,
 * last built other code than the live lane's last build (a code deploy the
 * live lane has built), or has fallen FAR_BEHIND_BUILDS live builds behind.
 * Read from the two workspaces' notes, without reading their sources: the
 * job refreshes the sources after, so a copy is correct whatever they hold.
 */
export function seedReason(room: string, guest: string): string | undefined {
  const live = readNote(room)
  if (!live?.ok || !hasWarmCache(room)) return undefined
  const own = readNote(guest)
  if (!hasWarmCache(guest) || !own) return "it has no build of its own yet"
  if (live.sources !== null && own.sources !== null && live.sources !== own.sources && live.liveBuilds > own.liveBuilds) return "the code changed, and the live lane has built it"
  const behind = live.liveBuilds - own.liveBuilds
  if (behind >= FAR_BEHIND_BUILDS) return `the live lane has published ${behind} builds since it last started from the live lane's`
  return undefined
}

export class BuildRoom {
  private held: Promise<void> = Promise.resolve()
  private readonly parked: string
  private readonly guestRecord: string

  /** `room`: the live lane's workspace, where every build runs. */
  constructor(
    readonly room: string,
    private readonly log: Logger,
  ) {
    this.parked = `${room}.parked`
    this.guestRecord = `${room}.guest`
  }

  /**
   * Whether `workspaceDir` can build in the room: a rename moves it there,
   * so it must be on the room's file system. A preview data folder on
   * another disk builds in its own workspace, and from nothing.
   */
  accepts(workspaceDir: string): boolean {
    const device = deviceOf(workspaceDir)
    return workspaceDir === this.room || (device !== undefined && device === deviceOf(this.room))
  }

  /**
   * At start, before any build: puts back what a publisher that stopped
   * during a preview build left moved (the steps in `swapIn`, undone from
   * wherever they stopped).
   */
  recover(): void {
    let guest: string | undefined
    try {
      guest = fs.readFileSync(this.guestRecord, "utf8")
    } catch {
      guest = undefined
    }
    if (guest && exists(this.room) && !exists(guest)) fs.renameSync(this.room, guest)
    if (exists(this.parked) && !exists(this.room)) fs.renameSync(this.parked, this.room)
    if (guest) this.log.info(`The build room: the preview's workspace is back in ${guest} after a stop during its build.`)
    fs.rmSync(this.guestRecord, { force: true })
  }

  /**
   * Runs `build` with the room to itself, the lane's workspace in it, and
   * notes how it went (its answer's `ok`). `preview` says whose: the
   * preview lane's workspace may first be replaced by a copy of the live
   * lane's (seedReason). Waits while another lane holds the room.
   */
  async use<T extends RoomBuild>(workspaceDir: string, build: (dir: string) => Promise<T>): Promise<T> {
    const previous = this.held
    let release!: () => void
    this.held = new Promise((resolve) => (release = resolve))
    await previous
    try {
      if (workspaceDir === this.room) return await this.noted(this.room, true, build)
      await this.seedIfDue(workspaceDir)
      this.swapIn(workspaceDir)
      try {
        return await this.noted(this.room, false, build)
      } finally {
        this.swapOut(workspaceDir)
      }
    } finally {
      release()
    }
  }

  private async noted<T extends RoomBuild>(dir: string, live: boolean, build: (dir: string) => Promise<T>): Promise<T> {
    const before = readNote(dir)
    const result = await build(dir)
    const liveBuilds = (before?.liveBuilds ?? 0) + (live && result.ok ? 1 : 0)
    if (exists(dir)) writeNote(dir, { ok: result.ok, liveBuilds, sources: result.sources ?? before?.sources ?? null })
    return result
  }

  /** The preview's workspace replaced by a copy of the room's, when due; a copy that fails leaves the preview's own. */
  private async seedIfDue(guest: string): Promise<void> {
    const reason = seedReason(this.room, guest)
    if (!reason) return
    const started = performance.now()
    const copy = `${guest}.copy`
    const old = `${guest}.old`
    try {
      await fs.promises.rm(copy, { recursive: true, force: true })
      await copyTree(this.room, copy)
      // All of public/ comes along. The browser bundles are the preview's too (one code, and nothing in them
      // tells the lanes apart), so its build uses them as they are; the worker's files go in its onPostBuild.
      // Gatsby writes its own image files only when a query that names them runs, and its saved state says
      // those of unchanged pages are written.
      await fs.promises.rm(old, { recursive: true, force: true })
      if (exists(guest)) fs.renameSync(guest, old)
      fs.renameSync(copy, guest)
      await fs.promises.rm(old, { recursive: true, force: true })
    } catch (error) {
      fs.rmSync(copy, { recursive: true, force: true })
      if (!exists(guest) && exists(old)) fs.renameSync(old, guest)
      this.log.warn(`The preview could not start from the live lane's build (${(error as Error).message}); it builds on its own.`)
      return
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(1)
    this.log.info(`The preview starts from the live lane's build (${reason}): workspace copied in ${seconds} s.`)
  }

  /** Each step leaves a state `recover` can undo: the record first, then the two renames. */
  private swapIn(guest: string): void {
    fs.mkdirSync(guest, { recursive: true })
    fs.writeFileSync(this.guestRecord, guest)
    if (exists(this.room)) fs.renameSync(this.room, this.parked)
    fs.renameSync(guest, this.room)
  }

  private swapOut(guest: string): void {
    if (exists(this.room)) fs.renameSync(this.room, guest)
    if (exists(this.parked)) fs.renameSync(this.parked, this.room)
    fs.rmSync(this.guestRecord, { force: true })
  }
}
