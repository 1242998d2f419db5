/**
 * The publisher's floors (publisher/README.md, "Folders"), checked on the
 * code so they cannot drift: each folder imports only its own floor and the
 * ones below it, so an arrow never runs back up.
 */
import fs from "node:fs"
import path from "node:path"

const SOURCE = path.resolve(__dirname, "..", "..", "publisher", "src")

/** Lowest first. config.ts is the ground: every floor reads it. main.ts (and index.ts beside it) the top. */
const FLOORS: readonly string[] = ["config", "releases", "cdn", "jobs", "http", "process", "main"]
const floorOf = (file: string) => {
  const top = file.split("/")[0]!.replace(/\.ts$/, "")
  const floor = FLOORS.indexOf(top === "index" ? "main" : top)
  if (floor < 0) throw new Error(`${file} is on no floor: add its folder to FLOORS and to the README`)
  return floor
}

const sources = (fs.readdirSync(SOURCE, { recursive: true }) as string[])
  .map((file) => file.split(path.sep).join("/"))
  .filter((file) => file.endsWith(".ts"))

/** The publisher files a file imports, as paths under publisher/src. */
function importsOf(file: string): string[] {
  const text = fs.readFileSync(path.join(SOURCE, file), "utf8")
  return [...text.matchAll(/(?:from|import\()\s*"(\.{1,2}\/[^"]+)"/g)]
    .map((match) => path.posix.join(path.posix.dirname(file), match[1]!))
    .filter((target) => !target.startsWith(".."))
}

describe("the publisher's folders", () => {
  it("hold every source file on a floor", () => {
    expect(sources).toEqual(expect.arrayContaining(["main.ts", "config.ts", "jobs/store/job-store.ts", "http/app.ts", "releases/releases.ts"]))
    for (const file of sources) expect(() => floorOf(file)).not.toThrow()
  })

  it("import no floor above their own", () => {
    const upward = sources.flatMap((file) =>
      importsOf(file)
        .filter((target) => floorOf(target) > floorOf(file))
        .map((target) => `${file} -> ${target}`),
    )
    expect(upward).toEqual([])
  })
})
