import fs from "node:fs"
import path from "node:path"
import { processStartTime } from "../../node-kit/process/processes"

/** Who holds a lock: a pid and its start time, which together name one process for good. */
interface Holder {
  pid: number
  start: string
  what: string
}

function readHolder(file: string): Holder | undefined {
  try {
    const holder = JSON.parse(fs.readFileSync(file, "utf8")) as Holder
    return typeof holder.pid === "number" ? holder : undefined
  } catch {
    return undefined
  }
}

/** Whether the holder still runs: the same pid with the same start time (where there is no /proc, the pid alone). */
function isAlive(holder: Holder): boolean {
  if (holder.start) return processStartTime(holder.pid) === holder.start
  try {
    process.kill(holder.pid, 0)
    return true
  } catch {
    return false
  }
}

/**
 * Runs `work` holding the lock `file`, so that two processes (two test
 * files, or a test and `npm run strapi`) never install, build or seed the
 * same thing at once. A file made with O_EXCL naming its holder; one whose
 * holder has ended (a crash, `kill -9`) is taken over. Waits for a live
 * holder until `deadlineMs`, then fails naming it.
 */
export async function withLock<T>(file: string, what: string, work: () => Promise<T>, deadlineMs = 15 * 60_000): Promise<T> {
  fs.mkdirSync(path.dirname(file), { recursive: true })
  const me: Holder = { pid: process.pid, start: processStartTime(process.pid) ?? "", what }
  const giveUpAt = Date.now() + deadlineMs
  let told = false
  for (;;) {
    try {
      fs.writeFileSync(file, JSON.stringify(me), { flag: "wx" })
      break
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error
    }
    const holder = readHolder(file)
    if (holder && !isAlive(holder)) {
      fs.rmSync(file, { force: true })
      continue
    }
    if (Date.now() > giveUpAt) throw new Error(`${file} is still held by pid ${holder?.pid} (${holder?.what}) after ${deadlineMs / 1000} s`)
    if (!told && holder) console.log(`Waiting for pid ${holder.pid} (${holder.what}) to finish…`)
    told = true
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  try {
    return await work()
  } finally {
    if (readHolder(file)?.pid === me.pid) fs.rmSync(file, { force: true })
  }
}
