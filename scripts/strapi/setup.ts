import type { ChildProcess } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import Database from "better-sqlite3"
import { runToCompletion } from "../../node-kit/process/processes"
import { COMMANDS, QUIET_STRAPI_ENV, STRAPI_DIR, workspaceEnv, type StrapiWorkspace } from "./project"

/** The row the seed writes when done (integrations/strapi/src/catalogue/seed/seed.ts, SEED_STORE). */
const SEED_KEY = "api_catalogue_seed"

/** What the setup command did (its --report, integrations/strapi/src/catalogue/setup/cli.ts's SetupReport). */
export interface SetupReport {
  admin?: "created" | "exists"
  seed?: { seeded: { counts: Record<string, number>; pictures: number; picturesMs: number; ms: number } } | { skipped: string }
  loadMs: number
}

/**
 * Whether a workspace's database is seeded and has an admin, read straight
 * from the file (Strapi not loaded: a few milliseconds, where loading it
 * takes seconds). A missing file or table is neither.
 */
export function setupState(workspace: StrapiWorkspace): { seeded: boolean; hasAdmin: boolean } {
  if (!fs.existsSync(workspace.databaseFile)) return { seeded: false, hasAdmin: false }
  const db = new Database(workspace.databaseFile, { readonly: true, fileMustExist: true })
  try {
    const tables = new Set((db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map(({ name }) => name))
    const seeded = tables.has("strapi_core_store_settings") && db.prepare("SELECT 1 FROM strapi_core_store_settings WHERE key = ?").get(SEED_KEY) !== undefined
    const hasAdmin = tables.has("admin_users") && (db.prepare("SELECT COUNT(*) AS n FROM admin_users").get() as { n: number }).n > 0
    return { seeded, hasAdmin }
  } finally {
    db.close()
  }
}

export interface SetupOptions {
  workspace: StrapiWorkspace
  /** Strapi's secrets, ADMIN_EMAIL and ADMIN_PASSWORD among them. */
  env: NodeJS.ProcessEnv
  /** The catalogue API to seed from; none: the admin alone. */
  from?: string
  /** Where the command's output goes; shown when it fails. */
  logFile: string
  track?: (child: ChildProcess) => void
}

/**
 * Runs the setup command (the first admin, and the seed from `from`) on a
 * workspace, with Strapi not running on it. Its output goes to `logFile`;
 * a failure throws with the end of it.
 */
export async function runSetup(options: SetupOptions): Promise<SetupReport> {
  const reportFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "strapi-setup-")), "report.json")
  fs.mkdirSync(path.dirname(options.logFile), { recursive: true })
  const log = fs.openSync(options.logFile, "a")
  try {
    const run = runToCompletion(COMMANDS.setup, [...(options.from ? ["--from", options.from] : []), "--report", reportFile], {
      cwd: STRAPI_DIR,
      stdio: ["ignore", log, log],
      env: { ...options.env, ...QUIET_STRAPI_ENV, ...workspaceEnv(options.workspace) },
    })
    options.track?.(run.child)
    await run.done.catch((error: unknown) => {
      const tail = fs.readFileSync(options.logFile, "utf8").split("\n").slice(-30).join("\n")
      throw new Error(`${error instanceof Error ? error.message : String(error)}\n${tail}\n(all of it in ${options.logFile})`)
    })
    return JSON.parse(fs.readFileSync(reportFile, "utf8")) as SetupReport
  } finally {
    fs.closeSync(log)
    fs.rmSync(path.dirname(reportFile), { recursive: true, force: true })
  }
}

/** The report in a line for people: what was made, and how long it took. */
export function describeSetup(report: SetupReport): string[] {
  const lines: string[] = []
  if (report.admin === "created") lines.push("Created Strapi's first admin.")
  const seed = report.seed
  if (seed && "seeded" in seed) {
    const what = Object.entries(seed.seeded.counts)
      .map(([kind, count]) => `${count} ${kind}`)
      .join(", ")
    const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`
    lines.push(
      `Seeded Strapi with the sample catalogue: ${what} and ${seed.seeded.pictures} pictures in ${seconds(seed.seeded.ms)} (the pictures ${seconds(seed.seeded.picturesMs)}).`,
    )
  } else if (seed) lines.push(`Not seeded: ${seed.skipped}`)
  return lines
}
