import { spawn } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { PROJECT_ROOT } from "../../node-kit/process/processes"

// Gatsby keeps its caches in one LMDB environment (`.cache/caches-lmdb`) and
// opens each cache's database the first time it is used, sometimes right after
// another cache queued writes. Opening takes a synchronous write transaction
// that must wait for lmdb's writer thread to answer, and a writer about to
// commit must still answer, or the build waits forever in `openDB` (why lmdb
// is overridden: docs/decisions/0020-lmdb-2-9.md). This is that pattern, many
// times over, in a process of its own so that a hang cannot stop Jest.
const ROUNDS = 20_000

const OPEN_AFTER_WRITES = `
const { open } = require(process.argv[2])
const root = open({ name: "root", path: process.argv[3], compression: true, maxDbs: 600 })
const store = root.openDB({ name: "queued-writes", encoding: "json" })
async function main() {
  for (let round = 0; round < ${ROUNDS}; round++) {
    for (let k = 0; k <= round % 40; k++) store.put("k" + round + "-" + k, { round, text: "x".repeat(200 + k) })
    root.openDB({ name: "opened-" + (round % 500), encoding: "json" })
    if (round % 50 === 0) await new Promise((resolve) => setTimeout(resolve, 1))
  }
  await root.close()
  process.stdout.write("all rounds done")
}
main()
`

/** How long the rounds may take before the process is taken to be stuck: about 4 s on this 2-core machine. */
const DEADLINE_MS = 90_000

describe("LMDB, as Gatsby's caches use it", () => {
  let dir: string
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "lmdb-open-during-writes-"))
    fs.writeFileSync(path.join(dir, "run.js"), OPEN_AFTER_WRITES)
  })
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

  it("opens a database right after writes were queued, every time, without waiting forever", async () => {
    const lmdb = require.resolve("lmdb", { paths: [path.join(PROJECT_ROOT, "node_modules", "gatsby")] })
    const child = spawn(process.execPath, [path.join(dir, "run.js"), lmdb, path.join(dir, "env")], { stdio: ["ignore", "pipe", "pipe"] })
    let output = ""
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()))
    const ended = await new Promise<{ code: number | null } | "stuck">((resolve) => {
      const timer = setTimeout(() => resolve("stuck"), DEADLINE_MS)
      child.once("exit", (code) => (clearTimeout(timer), resolve({ code })))
    })
    if (ended === "stuck") child.kill("SIGKILL")

    expect({ ended, output }).toEqual({ ended: { code: 0 }, output: "all rounds done" })
  })
})
