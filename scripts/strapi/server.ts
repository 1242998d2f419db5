import type { ChildProcess } from "node:child_process"
import fs from "node:fs"
import { startProcess, stopProcess, waitForHttp } from "../../node-kit/process/processes"
import { COMMANDS, QUIET_STRAPI_ENV, STRAPI_DIR, workspaceEnv, type StrapiWorkspace } from "./project"

export interface StrapiServerOptions {
  port: number
  workspace: StrapiWorkspace
  /** Its secrets and settings (PUBLISH_WEBHOOK_URL, CATALOGUE_PREVIEW_TOKEN, SITE_URL, PREVIEW_SITE_URL…). */
  env: NodeJS.ProcessEnv
  /** Where its output goes (it logs every request); shown when it fails to start. */
  logFile: string
  /** How long it may take to answer; loading takes 5 to 15 s on two busy cores. */
  deadlineMs?: number
}

export interface StrapiServer {
  child: ChildProcess
  origin: string
}

/**
 * `strapi start` (the compiled project, dist/) on 127.0.0.1:`port`, in its
 * own process group, and waits until it answers /_health. Fails with the
 * end of its log if it ends or does not answer in time.
 */
export async function startStrapiServer(options: StrapiServerOptions): Promise<StrapiServer> {
  const origin = `http://127.0.0.1:${options.port}`
  const log = fs.openSync(options.logFile, "a")
  const child = startProcess(COMMANDS.strapi, ["start"], {
    cwd: STRAPI_DIR,
    stdio: ["ignore", log, log],
    env: { ...options.env, ...QUIET_STRAPI_ENV, ...workspaceEnv(options.workspace), HOST: "127.0.0.1", PORT: String(options.port) },
  })
  fs.closeSync(log)
  try {
    await waitForHttp(`${origin}/_health`, child, options.deadlineMs ?? 90_000)
  } catch (error) {
    await stopProcess(child)
    const tail = fs.readFileSync(options.logFile, "utf8").split("\n").slice(-30).join("\n")
    throw new Error(`Strapi did not start on ${origin}: ${error instanceof Error ? error.message : String(error)}\n${tail}`)
  }
  return { child, origin }
}
