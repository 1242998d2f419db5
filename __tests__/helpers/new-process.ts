import { execFileSync } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"

/**
 * Runs `script` in a new Node process, in `cwd`, and returns its output:
 * for what must start from a fresh module registry, as each build does.
 * From a file, not `node -e`: a worker process Gatsby forks would run the
 * `-e` script again. The file is in a temporary folder, so a bare `require`
 * in it finds packages only through `env`'s NODE_PATH.
 */
export function runInNewProcess(script: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): string {
  const scriptDir = fs.mkdtempSync(path.join(os.tmpdir(), "new-process-script-"))
  const scriptFile = path.join(scriptDir, "run.js")
  fs.writeFileSync(scriptFile, script)
  try {
    return execFileSync(process.execPath, [scriptFile, ...args], {
      cwd,
      encoding: "utf8",
      env: { ...process.env, GATSBY_TELEMETRY_DISABLED: "1", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    })
  } finally {
    fs.rmSync(scriptDir, { recursive: true, force: true })
  }
}
