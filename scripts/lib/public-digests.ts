import crypto from "node:crypto"
import fs from "node:fs"
import path from "node:path"

/** Every file under `dir` by its path relative to `dir`, with a digest of its content. */
export function digestsUnder(dir: string): Map<string, string> {
  const digests = new Map<string, string>()
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue
    const file = path.join(entry.parentPath, entry.name)
    digests.set(path.relative(dir, file), crypto.createHash("sha256").update(fs.readFileSync(file)).digest("hex"))
  }
  return digests
}

/** The files two builds' public/ folders do not share byte for byte: in one only, or with different content. */
export function publicDifferences(a: string, b: string): string[] {
  const [before, after] = [digestsUnder(a), digestsUnder(b)]
  return [...new Set([...before.keys(), ...after.keys()])].filter((file) => before.get(file) !== after.get(file)).sort()
}
