import type { ChildProcess } from "node:child_process"

interface HarnessProcesses {
  children: ChildProcess[]
  workDir: string
}

// Global setup and teardown run in the same Jest process; a global is how
// Jest documents passing state between them.
const KEY = "__catalogueBrowserHarness"

export function setHarnessProcesses(value: HarnessProcesses): void {
  ;(globalThis as Record<string, unknown>)[KEY] = value
}

export function harnessProcesses(): HarnessProcesses | undefined {
  return (globalThis as Record<string, unknown>)[KEY] as HarnessProcesses | undefined
}

/** One more process for the teardown to stop. */
export function addHarnessProcess(child: ChildProcess): void {
  const state = harnessProcesses()
  if (!state) throw new Error("The harness has no state yet: setHarnessProcesses first")
  setHarnessProcesses({ ...state, children: [...state.children, child] })
}
