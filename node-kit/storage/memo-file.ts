import fs from "node:fs"
import path from "node:path"

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

/**
 * Writes a memo for the next build as JSON: to a temporary file in the same
 * folder (made if missing), renamed into place, so a build killed while
 * writing leaves the last whole memo or none, never a torn one.
 */
export function writeMemoFile(file: string, value: unknown): void {
  fs.mkdirSync(path.dirname(file), { recursive: true })
  const temporary = `${file}.${process.pid}.tmp`
  fs.writeFileSync(temporary, JSON.stringify(value))
  fs.renameSync(temporary, file)
}
