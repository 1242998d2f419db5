import fs from "node:fs"
import type { Logger } from "../../../node-kit/process/logger"
import { lockDataFolder } from "./data-folder-lock"
import { stopLeftoverBuild } from "../jobs/leftover-build"
import { recoverLiveRelease, removeLeftovers, type Recovery } from "../releases/releases"

export interface OpenDataFolder {
  /** Set when `current` named a missing or broken release at start. */
  recovery: Recovery | undefined
  /** Gives the folder up for the next publisher (at close, or when the start fails). */
  release(): void
}

/**
 * Makes `folder` (and any parent it creates) readable by this user only,
 * whatever the umask: it holds build logs (the catalogue's failures, the
 * build's environment in Gatsby's cache), the job records and the releases,
 * which this process serves itself, so no one else needs to read them. An
 * existing folder is narrowed too, so an older publisher's 0755 goes.
 */
export function ownerOnlyFolder(folder: string): void {
  fs.mkdirSync(folder, { recursive: true, mode: 0o700 })
  fs.chmodSync(folder, 0o700)
}

/**
 * Everything the publisher does to its data folder before it serves, in
 * this order: makes it owner-only (ownerOnlyFolder, harmless to a publisher
 * already there, which runs as the same user); takes the folder's lock (a
 * second publisher stops here, having touched nothing else); stops a build
 * a crashed publisher left running in the workspace; removes half-made
 * releases; and makes sure `current` names an intact release.
 */
export async function openDataFolder(dataDir: string, log: Logger): Promise<OpenDataFolder> {
  ownerOnlyFolder(dataDir)
  const lock = lockDataFolder(dataDir)
  try {
    const leftover = await stopLeftoverBuild(dataDir)
    if (leftover) log.warn(`Stopped the build of job ${leftover.jobId} (process group ${leftover.pid}) that a stopped publisher left running.`)
    removeLeftovers(dataDir)
    const recovery = recoverLiveRelease(dataDir)
    if (recovery) {
      const broken = recovery.broken ? `release ${recovery.broken} is missing or incomplete` : "the `current` link was unreadable"
      log.warn(`The live ${broken}: ${recovery.restored ? `release ${recovery.restored} went live instead` : "no intact release was left"}.`)
    }
    return { recovery, release: () => lock.release() }
  } catch (error) {
    lock.release()
    throw error
  }
}
