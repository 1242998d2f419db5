import fs from "node:fs"
import path from "node:path"
import { processesOfGroup, processStartTime, stopGroup } from "../../../node-kit/process/processes"

/**
 * Builds run detached, in a process group of their own, so a publisher that
 * crashes (or is killed with SIGKILL) leaves its build running in the
 * workspace. While a build runs, this file names its group; the next start
 * stops that group before the queue builds again in the same workspace.
 */
export const BUILD_FILE = "build.pid"

interface BuildRecord {
  /** The build's pid, which is also its process group's id. */
  pid: number
  /** Its start time (/proc/<pid>/stat): a reused pid has a later one. */
  start: string
  jobId: number
}

const fileIn = (dataDir: string) => path.join(dataDir, BUILD_FILE)

/** Notes the build that just started (no fsync: a publisher crash keeps the page cache; a power loss ends the build too). */
export function recordBuild(dataDir: string, pid: number, jobId: number): void {
  const record: BuildRecord = { pid, start: processStartTime(pid) ?? "", jobId }
  fs.writeFileSync(fileIn(dataDir), JSON.stringify(record))
}

export function forgetBuild(dataDir: string): void {
  fs.rmSync(fileIn(dataDir), { force: true })
}

/**
 * Whether group `pid` is still the recorded build's: its leader has the
 * recorded start time, or (the leader gone, its workers left) every member
 * started after it. A pid is not handed out again while a group bears its
 * number, so only a leader with another start time means reuse.
 */
function isSameBuild(record: BuildRecord, members: readonly number[]): boolean {
  const leaderStart = processStartTime(record.pid)
  if (leaderStart !== undefined) return leaderStart === record.start
  return members.every((pid) => Number(processStartTime(pid) ?? 0) >= Number(record.start))
}

/**
 * At start, before the queue resumes: stops the build a crashed publisher
 * left running (SIGTERM to its group, SIGKILL after `graceMs`), and answers
 * which one it stopped. Nothing is stopped when the recorded group is gone
 * or its pid now belongs to another process. Linux (/proc) only: elsewhere
 * the group cannot be told from a stranger's, so it is left alone.
 */
export async function stopLeftoverBuild(dataDir: string, graceMs = 5000): Promise<{ pid: number; jobId: number } | undefined> {
  let record: BuildRecord
  try {
    record = JSON.parse(fs.readFileSync(fileIn(dataDir), "utf8")) as BuildRecord
  } catch {
    return undefined
  }
  try {
    const members = typeof record.pid === "number" && record.start ? processesOfGroup(record.pid) : []
    if (members.length === 0 || !isSameBuild(record, members)) return undefined
    await stopGroup(record.pid, graceMs)
    return { pid: record.pid, jobId: record.jobId }
  } finally {
    forgetBuild(dataDir)
  }
}
