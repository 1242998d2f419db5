import { randomBytes } from "node:crypto"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { processStartTime } from "../../../node-kit/process/processes"

/** Who holds the data folder: enough to tell a live holder from a crashed one whose pid was reused. */
interface Holder {
  pid: number
  /** The holder's start time (/proc/<pid>/stat), "" where there is no /proc. */
  start: string
  host: string
  /** Tells two publishers of one process apart. */
  token: string
}

/** A second publisher on a data folder that one already uses. */
export class DataFolderBusyError extends Error {}

export interface DataFolderLock {
  /** Gives the folder up (at close); a lock someone else took over is left alone. */
  release(): void
}

export const LOCK_FILE = "publisher.lock"

function readHolder(file: string): Holder | undefined {
  try {
    const holder = JSON.parse(fs.readFileSync(file, "utf8")) as Holder
    return typeof holder.pid === "number" ? holder : undefined
  } catch {
    return undefined
  }
}

/** Whether the holder still runs: same pid with the same start time on this host (a pid alone can be reused). */
function isRunning(holder: Holder): boolean {
  if (holder.host !== os.hostname()) return true
  const start = processStartTime(holder.pid)
  if (holder.start !== "" || start !== undefined) return start === holder.start
  try {
    process.kill(holder.pid, 0)
    return true
  } catch {
    return false
  }
}

/**
 * Takes the data folder for this publisher, before anything in it is
 * touched: two publishers on one folder would delete each other's staging
 * folders and build in one workspace. The lock is a file created with
 * O_EXCL that names its holder; a holder that no longer runs (a crash,
 * `kill -9`) leaves it behind, and the next start takes it over. Throws
 * DataFolderBusyError, naming the holder, when one runs.
 */
export function lockDataFolder(dataDir: string): DataFolderLock {
  fs.mkdirSync(dataDir, { recursive: true })
  const file = path.join(dataDir, LOCK_FILE)
  const me: Holder = { pid: process.pid, start: processStartTime(process.pid) ?? "", host: os.hostname(), token: randomBytes(8).toString("hex") }
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(file, JSON.stringify(me), { flag: "wx" })
      return {
        release: () => {
          if (readHolder(file)?.token === me.token) fs.rmSync(file, { force: true })
        },
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error
    }
    const holder = readHolder(file)
    if (holder && isRunning(holder)) {
      const where = holder.host === me.host ? `pid ${holder.pid}` : `pid ${holder.pid} on ${holder.host}`
      throw new DataFolderBusyError(
        `Another publisher (${where}) is using the data folder ${dataDir}: stop it first, or give this one another PUBLISHER_DATA_DIR. ` +
          `(If it is surely gone, delete ${file}.)`,
      )
    }
    // Its holder crashed: take it over.
    fs.rmSync(file, { force: true })
  }
  throw new DataFolderBusyError(`Could not take the lock ${file}: another publisher is starting on the same data folder.`)
}
