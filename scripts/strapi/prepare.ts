import crypto from "node:crypto"
import fs from "node:fs"
import path from "node:path"
import type { ChildProcess } from "node:child_process"
import { runToCompletion } from "../../node-kit/process/processes"
import { withLock } from "./lock"
import { COMMANDS, QUIET_STRAPI_ENV, STRAPI_DIR } from "./project"

/** One lock for whatever changes integrations/strapi's node_modules or dist: an install, a compile, an admin build. */
export const PREPARE_LOCK = path.join(STRAPI_DIR, ".tmp", "prepare.lock")

/** Every file under `dir`, recursively, but the folders named in `skip`. */
function filesUnder(dir: string, skip: readonly string[] = []): string[] {
  if (!fs.existsSync(dir)) return []
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return skip.includes(full) ? [] : filesUnder(full, skip)
    return entry.isFile() ? [full] : []
  })
}

/** What the server code is compiled from: everything but the admin panel's code. */
export function serverInputs(): string[] {
  const sources = filesUnder(path.join(STRAPI_DIR, "src"), [path.join(STRAPI_DIR, "src", "admin")])
  const others = ["tsconfig.json", "package.json", "package-lock.json"].map((file) => path.join(STRAPI_DIR, file))
  return [...sources, ...filesUnder(path.join(STRAPI_DIR, "config")), ...filesUnder(path.join(STRAPI_DIR, "database")), ...others]
}

/**
 * What the admin panel's build depends on: its own code, its settings, and
 * the Strapi it was built with (the installed packages' files are written
 * when an install changes them).
 */
function adminInputs(): string[] {
  const installed = ["admin", "strapi"].map((name) => path.join(STRAPI_DIR, "node_modules", "@strapi", name, "package.json"))
  return [...filesUnder(path.join(STRAPI_DIR, "src", "admin")), path.join(STRAPI_DIR, "config", "admin.ts"), ...installed]
}

const ADMIN_BUILD = path.join(STRAPI_DIR, "dist", "build", "index.html")

/**
 * Whether the admin panel's build is older than what it is built from, by
 * the files' times: so a build made by hand (`npx strapi build`) counts as
 * well as one made here, and a change to the server code alone (most of
 * them) never costs the build's minute of both cores.
 */
function adminIsStale(): boolean {
  if (!fs.existsSync(ADMIN_BUILD)) return true
  const built = fs.statSync(ADMIN_BUILD).mtimeMs
  return adminInputs().some((file) => fs.existsSync(file) && fs.statSync(file).mtimeMs > built)
}

/** A digest of the files' names and contents: the same files give the same digest on any machine and at any time. */
export function digestOf(files: string[]): string {
  const hash = crypto.createHash("sha256")
  for (const file of [...files].sort()) {
    hash.update(`${path.relative(STRAPI_DIR, file)}\0`)
    hash.update(fs.existsSync(file) ? fs.readFileSync(file) : "(none)")
    hash.update("\0")
  }
  return hash.digest("hex")
}

/** What the server code was compiled from, written beside it: compiled again when its sources' digest differs. */
const SERVER_STAMP = path.join(STRAPI_DIR, "dist", ".inputs-digest")

const stampSays = (digest: string) => fs.existsSync(SERVER_STAMP) && fs.readFileSync(SERVER_STAMP, "utf8").trim() === digest

interface Installed {
  packages?: Record<string, { version?: string; optional?: boolean }>
}

/** Whether node_modules holds what the lock file names, as npm's own record of the last install (node_modules/.package-lock.json) says. */
function isInstalled(): boolean {
  const read = (file: string) => (fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, "utf8")) as Installed) : undefined)
  const lock = read(path.join(STRAPI_DIR, "package-lock.json"))
  const installed = read(path.join(STRAPI_DIR, "node_modules", ".package-lock.json"))
  if (!lock?.packages || !installed?.packages) return false
  return Object.entries(lock.packages).every(([name, entry]) => name === "" || entry.optional || installed.packages?.[name]?.version === entry.version)
}

export interface Step {
  name: string
  ms: number
}

/** A command run to its end, handed to `track` meanwhile (a Ctrl-C then stops it and the processes it started). */
async function step(name: string, steps: Step[], run: ReturnType<typeof runToCompletion>, track: (child: ChildProcess) => void): Promise<void> {
  const started = Date.now()
  console.log(`${name}…`)
  track(run.child)
  await run.done
  steps.push({ name, ms: Date.now() - started })
  console.log(`${name}: done in ${((Date.now() - started) / 1000).toFixed(1)} s`)
}

/**
 * integrations/strapi made ready to run, doing only what is missing: its
 * packages installed from its own lock file (with the machine's npm, as
 * the root's are), its server code compiled, its admin panel built (about a
 * minute of both cores: only when the admin's own inputs changed). Under a
 * lock, so a test run and `npm run strapi` never do it twice at once.
 * Returns what it did, with how long each took.
 */
export async function prepareStrapi(env: NodeJS.ProcessEnv = process.env, track: (child: ChildProcess) => void = () => {}): Promise<Step[]> {
  return withLock(PREPARE_LOCK, "preparing integrations/strapi", async () => {
    const steps: Step[] = []
    const quiet = { cwd: STRAPI_DIR, env: { ...env, ...QUIET_STRAPI_ENV } }
    if (!isInstalled()) {
      await step("Installing integrations/strapi (npm install, its own lock file)", steps, runToCompletion(["npm"], ["install", "--no-audit", "--no-fund"], quiet), track)
    }
    const server = digestOf(serverInputs())
    if (adminIsStale()) {
      // `strapi build` compiles the server code too. Its bundler writes NODE_ENV into the panel, and a
      // test runner's NODE_ENV=test selects the panel's code for jsdom (every form field full width).
      const production = { ...quiet, env: { ...quiet.env, NODE_ENV: "production" } }
      await step("Building Strapi's admin panel (strapi build)", steps, runToCompletion(COMMANDS.strapi, ["build"], production), track)
      fs.writeFileSync(SERVER_STAMP, server)
    } else if (!stampSays(server)) {
      await step("Compiling Strapi's server code (tsc)", steps, runToCompletion(COMMANDS.tsc, [], quiet), track)
      fs.writeFileSync(SERVER_STAMP, server)
    }
    return steps
  })
}
