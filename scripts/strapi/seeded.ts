import type { ChildProcess } from "node:child_process"
import crypto from "node:crypto"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { freePort, PROJECT_ROOT, stopProcess } from "../../node-kit/process/processes"
import { newAdminToken, newWebhookSecret } from "../lib/local-secrets"
import { SHARED_DRAWINGS_DIR, startReferenceServer } from "../lib/reference-server"
import { withLock } from "./lock"
import { digestOf, prepareStrapi, serverInputs } from "./prepare"
import { workspaceIn } from "./project"
import { newAdminPassword } from "./secrets"
import { startStrapiServer, type StrapiServer } from "./server"
import { runSetup } from "./setup"

// A real Strapi of integrations/strapi seeded with the reference server's
// sample catalogue, for a test or a benchmark: its own port on 127.0.0.1,
// its own copy of a seeded database and uploads, stopped by its own pid.

/** Where seeded workspaces are kept between runs, one per digest of what makes them. */
const TEMPLATES_DIR = path.join(PROJECT_ROOT, "node_modules", ".cache", "strapi-seeded")

/** A seeded workspace's own record: the secrets its database was made with and its admin's sign-in. */
interface Template {
  dir: string
  secrets: Record<string, string>
  adminEmail: string
  adminPassword: string
}

const randomKey = () => crypto.randomBytes(16).toString("base64")

/** What a seeded workspace is made from: the Strapi project's server code and the reference server's sample and code. */
function templateDigest(): string {
  const cms = (dir: string) =>
    fs
      .readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name))
  return digestOf([...serverInputs(), ...cms(path.join(PROJECT_ROOT, "cms", "src")), path.join(PROJECT_ROOT, "scripts", "strapi", "setup.ts")]).slice(0, 16)
}

/** Seeds a new workspace in `dir` from a reference server of its own, with a first admin. */
async function makeTemplate(dir: string): Promise<Omit<Template, "dir">> {
  const secrets = {
    APP_KEYS: [randomKey(), randomKey()].join(","),
    API_TOKEN_SALT: randomKey(),
    ADMIN_JWT_SECRET: randomKey(),
    TRANSFER_TOKEN_SALT: randomKey(),
    ENCRYPTION_KEY: randomKey(),
  }
  const admin = { adminEmail: "admin@example.com", adminPassword: newAdminPassword() }
  const reference = await startReferenceServer({ port: await freePort(), dataDir: path.join(dir, "reference"), drawingsDir: SHARED_DRAWINGS_DIR, stdio: "ignore" })
  try {
    await runSetup({
      workspace: workspaceIn(dir),
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...secrets, ADMIN_EMAIL: admin.adminEmail, ADMIN_PASSWORD: admin.adminPassword },
      from: `${reference.origin}/api`,
      logFile: path.join(dir, "setup.log"),
    })
  } finally {
    await stopProcess(reference.child)
    fs.rmSync(path.join(dir, "reference"), { recursive: true, force: true })
  }
  return { secrets, ...admin }
}

/**
 * The seeded workspace for the code as it is: made once (under a lock, so
 * test files started together make it once) and kept under
 * node_modules/.cache by a digest of what makes it. Strapi is installed,
 * compiled and its admin built first where they are not.
 */
async function seededTemplate(): Promise<Template> {
  await prepareStrapi()
  return withLock(path.join(TEMPLATES_DIR, "make.lock"), "seeding a Strapi workspace for the tests", async () => {
    const dir = path.join(TEMPLATES_DIR, templateDigest())
    const record = path.join(dir, "template.json")
    if (!fs.existsSync(record)) {
      const making = `${dir}.making`
      fs.rmSync(making, { recursive: true, force: true })
      fs.mkdirSync(making, { recursive: true })
      const made = await makeTemplate(making)
      fs.writeFileSync(path.join(making, "template.json"), JSON.stringify(made))
      // Older templates are of code that is gone.
      for (const old of fs.readdirSync(TEMPLATES_DIR))
        if (old !== path.basename(making) && old !== "make.lock") fs.rmSync(path.join(TEMPLATES_DIR, old), { recursive: true, force: true })
      fs.renameSync(making, dir)
    }
    return { dir, ...(JSON.parse(fs.readFileSync(record, "utf8")) as Omit<Template, "dir">) }
  })
}

export interface SeededStrapiOptions {
  /** PUBLISH_WEBHOOK_URL: where its signed webhooks go; none without it. */
  webhookUrl?: string
  /** PUBLISH_WEBHOOK_SECRET; a new one when not given. */
  webhookSecret?: string
  /** CATALOGUE_PREVIEW_TOKEN, the draft view's token; a new one when not given. */
  previewToken?: string
  /** SITE_URL: the site whose pages may call /search and /subscribe. */
  siteUrl?: string
  /** PREVIEW_SITE_URL and PREVIEW_HANDOFF_SECRET: the preview lane its Preview button opens. */
  previewSiteUrl?: string
  handOffSecret?: string
  /** Anything else for its environment. */
  env?: Record<string, string>
  /** Its workspace in this folder, which stop() leaves (a benchmark keeps its log); a new temporary one, removed by stop(), when not given. */
  dir?: string
}

export interface SeededStrapi {
  origin: string
  /** CATALOGUE_API_URL for it: `{origin}/api`. */
  apiUrl: string
  adminEmail: string
  adminPassword: string
  previewToken: string
  webhookSecret: string
  /** Its workspace (data.db, public/uploads, strapi.log). */
  dir: string
  /** Its process now: another one after each restart(). */
  readonly child: ChildProcess
  /**
   * Stops its process (SIGTERM, as `strapi start` is stopped, SIGKILL after
   * 15 s) and keeps its workspace: an outage, until restart().
   */
  halt(): Promise<void>
  /** Starts it again on the same workspace and port (halted first when it runs), and waits until it answers. */
  restart(): Promise<void>
  /** Stops it; removes its workspace unless `dir` was given. */
  stop(): Promise<void>
}

/**
 * Starts a Strapi seeded with the sample catalogue (the reference server's
 * ids as documentIds, its pictures in the media library, all published, a
 * first admin) on a free port of 127.0.0.1, on a fresh copy of the seeded
 * workspace, and waits until it answers. The first call of a run may first
 * install, build and seed (minutes); later ones copy a folder and start.
 */
export async function startSeededStrapi(options: SeededStrapiOptions = {}): Promise<SeededStrapi> {
  const template = await seededTemplate()
  const dir = options.dir ?? fs.mkdtempSync(path.join(os.tmpdir(), "catalogue-strapi-"))
  fs.mkdirSync(dir, { recursive: true })
  const removeDir = () => {
    if (!options.dir) fs.rmSync(dir, { recursive: true, force: true })
  }
  for (const entry of ["data.db", "public"]) fs.cpSync(path.join(template.dir, entry), path.join(dir, entry), { recursive: true })
  const previewToken = options.previewToken ?? newAdminToken()
  const webhookSecret = options.webhookSecret ?? newWebhookSecret()
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    ...template.secrets,
    CATALOGUE_PREVIEW_TOKEN: previewToken,
    PUBLISH_WEBHOOK_SECRET: webhookSecret,
    ...(options.webhookUrl ? { PUBLISH_WEBHOOK_URL: options.webhookUrl } : {}),
    ...(options.siteUrl ? { SITE_URL: options.siteUrl } : {}),
    ...(options.previewSiteUrl ? { PREVIEW_SITE_URL: options.previewSiteUrl } : {}),
    ...(options.handOffSecret ? { PREVIEW_HANDOFF_SECRET: options.handOffSecret } : {}),
    ...options.env,
  }
  const port = await freePort()
  const start = () => startStrapiServer({ port, workspace: workspaceIn(dir), env, logFile: path.join(dir, "strapi.log"), deadlineMs: 120_000 })
  let server: StrapiServer
  try {
    server = await start()
  } catch (error) {
    removeDir()
    throw error
  }
  let running = true
  const halt = async () => {
    running = false
    await stopProcess(server.child, 15_000)
  }
  return {
    origin: server.origin,
    apiUrl: `${server.origin}/api`,
    adminEmail: template.adminEmail,
    adminPassword: template.adminPassword,
    previewToken,
    webhookSecret,
    dir,
    get child() {
      return server.child
    },
    halt,
    async restart() {
      if (running) await halt()
      server = await start()
      running = true
    },
    async stop() {
      await halt()
      removeDir()
    },
  }
}
