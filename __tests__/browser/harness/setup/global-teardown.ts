import fs from "node:fs"
import { stopProcess } from "../../../../node-kit/process/processes"
import { harnessProcesses } from "./harness-processes"

/** Stops every process the global setup started and removes its scratch folder. */
export default async function globalTeardown(): Promise<void> {
  const state = harnessProcesses()
  if (!state) return
  await Promise.all(state.children.map((child) => stopProcess(child)))
  fs.rmSync(state.workDir, { recursive: true, force: true })
}
