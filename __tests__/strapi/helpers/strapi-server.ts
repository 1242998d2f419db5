import { execFile, type ChildProcess } from "node:child_process"
import { randomBytes } from "node:crypto"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { promisify } from "node:util"
import { freePort, PROJECT_ROOT, startProcess, stopProcess, waitForHttp } from "../../../node-kit/process/processes"

// A real Strapi of integrations/strapi for one test file: its own port,
// database, uploads folder and secrets under a temporary workspace, started
// from the compiled dist/ as `strapi start` does, and stopped by its pid.

export const STRAPI_DIR = path.join(PROJECT_ROOT, "integrations", "strapi")
const STRAPI_CLI = path.join(STRAPI_DIR, "node_modules", "@strapi", "strapi", "bin", "strapi.js")

/** Compiles the project's server code into dist/, one compile at a time on this machine (test files share dist/). */
export async function compileStrapi(): Promise<void> {
  const tsc = path.join(STRAPI_DIR, "node_modules", "typescript", "bin", "tsc")
  const lock = path.join(os.tmpdir(), "catalogue-strapi-tsc.lock")
  await promisify(execFile)("flock", [lock, process.execPath, tsc, "-p", "."], { cwd: STRAPI_DIR })
}

/** Where one Strapi keeps its state; the same workspace started again finds its database and secrets. */
export interface StrapiWorkspace {
  dir: string
  port: number
  secrets: Record<string, string>
}

const key = () => randomBytes(16).toString("base64")

export async function makeWorkspace(prefix: string): Promise<StrapiWorkspace> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix))
  fs.mkdirSync(path.join(dir, "public", "uploads"), { recursive: true })
  return {
    dir,
    port: await freePort(),
    secrets: {
      APP_KEYS: [key(), key()].join(","),
      API_TOKEN_SALT: key(),
      ADMIN_JWT_SECRET: key(),
      TRANSFER_TOKEN_SALT: key(),
      ENCRYPTION_KEY: key(),
    },
  }
}

export interface StrapiServer {
  origin: string
  child: ChildProcess
  /** Everything it printed so far, colours removed. */
  output(): string
  stop(): Promise<void>
}

/** Starts Strapi on the workspace with `env` added (the webhook's, the preview token), and waits until it answers. */
export async function startStrapi(workspace: StrapiWorkspace, env: Record<string, string>): Promise<StrapiServer> {
  const child = startProcess([process.execPath, STRAPI_CLI, "start"], [], {
    cwd: STRAPI_DIR,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      HOST: "127.0.0.1",
      PORT: String(workspace.port),
      DATABASE_FILENAME: path.join(workspace.dir, "data.db"),
      STRAPI_PUBLIC_DIR: path.join(workspace.dir, "public"),
      STRAPI_TELEMETRY_DISABLED: "true",
      STRAPI_DISABLE_UPDATE_NOTIFICATION: "true",
      STRAPI_DISABLE_EE: "true",
      ...workspace.secrets,
      ...env,
    },
  })
  let printed = ""
  // eslint-disable-next-line no-control-regex -- strips the terminal's escape sequences, which start with ESC
  const collect = (chunk: Buffer) => (printed += chunk.toString("utf8").replace(/\x1b\[[0-9;]*m/g, ""))
  child.stdout?.on("data", collect)
  child.stderr?.on("data", collect)
  const origin = `http://127.0.0.1:${workspace.port}`
  try {
    await waitForHttp(`${origin}/_health`, child, 120_000)
  } catch (error) {
    await stopProcess(child)
    throw new Error(`${String(error)}\nStrapi printed:\n${printed.slice(-4000)}`)
  }
  return { origin, child, output: () => printed, stop: () => stopProcess(child, 15_000) }
}

export const EDITOR = { email: "editor@example.com", password: "Editor-Passw0rd", firstname: "Edith" }

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any JSON Strapi answers
async function postJson(url: string, body: unknown): Promise<{ status: number; json: any }> {
  const response = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) })
  return { status: response.status, json: await response.json().catch(() => undefined) }
}

/**
 * An admin JWT for the editor, as the admin panel gets one: the first visit
 * registers the first admin (POST /admin/register-admin), later ones sign in.
 */
export async function signIn(origin: string): Promise<string> {
  const login = await postJson(`${origin}/admin/login`, { email: EDITOR.email, password: EDITOR.password })
  if (login.status === 200) return login.json.data.token
  const registered = await postJson(`${origin}/admin/register-admin`, EDITOR)
  if (registered.status !== 200) throw new Error(`Could not sign in (${login.status}) nor register the first admin (${registered.status}: ${JSON.stringify(registered.json)})`)
  return registered.json.data.token
}
