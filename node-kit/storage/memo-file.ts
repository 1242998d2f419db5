import fs from "node:fs"

/**
 * A memo a build left for the next one (JSON), or undefined when there is
 * none or it cannot be read: a memo only saves work, so a lost or torn one
 * means doing the work again, never failing.
 */
export function readMemoFile<T>(file: string | undefined): T | undefined {
  if (!file) return undefined
  try {
    return JSON.parse(fs.readFileSync(file, "utf8")) as T
  } catch {
    return undefined
  }
}
