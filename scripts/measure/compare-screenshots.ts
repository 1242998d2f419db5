import fs from "node:fs"
import path from "node:path"
import { parseArgs } from "node:util"
import sharp from "sharp"

/**
 * `npm run screenshots:compare -- <before-dir> [after-dir]`: compares the
 * browser tests' screenshots (default after-dir: __tests__/browser/screenshots)
 * pixel by pixel, for a refactor that must leave every page looking the same.
 * Prints one line per file and exits 1 when any differ. A pixel counts as
 * different when any channel moved by more than `--tolerance` (default 0).
 */

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { tolerance: { type: "string", default: "0" } },
})
const [before, after = path.join(__dirname, "..", "..", "__tests__", "browser", "screenshots")] = positionals
if (!before) {
  console.error("usage: npm run screenshots:compare -- <before-dir> [after-dir] [--tolerance N]")
  process.exit(2)
}
const tolerance = Number(values.tolerance)

async function pixels(file: string) {
  const { data, info } = await sharp(file).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
  return { data, width: info.width, height: info.height }
}

/** Pixels that differ, or a sentence when the two cannot be compared pixel by pixel. */
async function difference(a: string, b: string): Promise<number | string> {
  const [one, two] = await Promise.all([pixels(a), pixels(b)])
  if (one.width !== two.width || one.height !== two.height) {
    return `size ${one.width}x${one.height} -> ${two.width}x${two.height}`
  }
  let differing = 0
  for (let offset = 0; offset < one.data.length; offset += 4) {
    for (let channel = 0; channel < 4; channel++) {
      if (Math.abs(one.data[offset + channel]! - two.data[offset + channel]!) > tolerance) {
        differing++
        break
      }
    }
  }
  return differing
}

async function main() {
  const names = [...new Set([...fs.readdirSync(before!), ...fs.readdirSync(after)])].filter((name) => name.endsWith(".png")).sort()
  let changed = 0
  for (const name of names) {
    const [a, b] = [path.join(before!, name), path.join(after, name)]
    if (!fs.existsSync(a) || !fs.existsSync(b)) {
      console.log(`${name}: only in ${fs.existsSync(a) ? "before" : "after"}`)
      changed++
      continue
    }
    const result = await difference(a, b)
    if (result !== 0) changed++
    console.log(`${name}: ${typeof result === "number" ? `${result} pixels differ` : result}`)
  }
  console.log(`${names.length - changed} of ${names.length} screenshots unchanged`)
  process.exitCode = changed > 0 ? 1 : 0
}

void main()
