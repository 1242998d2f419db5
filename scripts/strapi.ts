import type { ChildProcess } from "node:child_process"
import fs from "node:fs"
import path from "node:path"
import { readConfig, startPublisher, STATUS_PAGE_PATH, type Publisher } from "../publisher/src"
import { readSettings } from "../node-kit/config/settings-reader"
import { stopProcess } from "../node-kit/process/processes"
import { runtimeLine } from "../node-kit/process/runtime"
import { SHARED_DRAWINGS_DIR, startReferenceServer, type ReferenceServer } from "./lib/reference-server"
import { prepareStrapi } from "./strapi/prepare"
import { LOCAL_WORKSPACE, STRAPI_DIR, type StrapiWorkspace } from "./strapi/project"
import { strapiSecrets, type StrapiSecrets } from "./strapi/secrets"
import { startStrapiServer } from "./strapi/server"
import { describeSetup, runSetup, setupState, type SetupReport } from "./strapi/setup"

/**
 * `npm run strapi`: the whole publishing loop with Strapi as the CMS.
 * Installs integrations/strapi on first use, compiles it and builds its
 * admin when their sources changed, makes its first admin and seeds it from
 * the reference server's sample (once), then starts Strapi on :1337 and the
 * publisher with both lanes on it: the site on :9000, the preview on :9001.
 * The reference server keeps running as the video host's stand-in unless
 * VIDEO_API_URL names a real one. Ctrl-C stops everything it started.
 * `npm run strapi -- --prepare`: the install and builds alone, then exits (CI runs it once, before the tests).
 */
const LOGS_DIR = path.join(STRAPI_DIR, ".tmp")
const STRAPI_LOG = path.join(LOGS_DIR, "strapi.log")
const rel = (file: string) => path.relative(process.cwd(), file)

const started: ChildProcess[] = []
let publisher: Publisher | undefined
let stopping = false

async function stopAll(exitCode: number): Promise<never> {
  stopping = true
  await publisher?.close()
  await Promise.all(started.reverse().map((child) => stopProcess(child)))
  process.exit(exitCode)
}

/** A command run to its end: stopped with the rest on Ctrl-C, its failure its caller's to report. */
const trackRun = (child: ChildProcess) => void started.push(child)

/** A service that runs until Ctrl-C: its ending on its own stops the rest. */
function track(child: ChildProcess, name: string): ChildProcess {
  started.push(child)
  child.once("exit", (code, signal) => {
    if (stopping) return
    console.error(`\n${name} stopped unexpectedly (${signal ?? `exit code ${code}`}); stopping the rest.`)
    void stopAll(1)
  })
  return child
}

/** Strapi's workspace: its own defaults (.tmp/data.db, public/), or DATABASE_FILENAME and STRAPI_PUBLIC_DIR. */
function workspaceFrom(env: NodeJS.ProcessEnv): StrapiWorkspace {
  return {
    databaseFile: env.DATABASE_FILENAME ? path.resolve(env.DATABASE_FILENAME) : LOCAL_WORKSPACE.databaseFile,
    publicDir: env.STRAPI_PUBLIC_DIR ? path.resolve(env.STRAPI_PUBLIC_DIR) : LOCAL_WORKSPACE.publicDir,
  }
}

/**
 * The reference server, for the seed and as the video host's stand-in, with
 * data of its own (npm start's stays as it is). `forSeedOnly`: stopped once
 * the seed is done, and not watched meanwhile.
 */
async function referenceServer(port: number, forSeedOnly: boolean): Promise<ReferenceServer> {
  const logFile = path.join(LOGS_DIR, "reference-server.log")
  fs.mkdirSync(LOGS_DIR, { recursive: true })
  const log = fs.openSync(logFile, "a")
  const server = await startReferenceServer({ port, dataDir: path.join(LOGS_DIR, "reference-server"), drawingsDir: SHARED_DRAWINGS_DIR, stdio: ["ignore", log, log] })
  fs.closeSync(log)
  if (forSeedOnly) trackRun(server.child)
  else track(server.child, "The reference server (video host)")
  return server
}

/** How to sign in to Strapi: the password itself the first time, where it is kept afterwards. */
function signInLines(origin: string, secrets: StrapiSecrets, report: SetupReport | undefined, env: NodeJS.ProcessEnv): string[] {
  const { ADMIN_EMAIL, ADMIN_PASSWORD } = secrets.strapiEnv
  const where = env.ADMIN_PASSWORD ? "ADMIN_PASSWORD" : `the ADMIN_PASSWORD line of ${rel(secrets.strapiEnvFile)}`
  if (report?.admin === "created") {
    return [`Strapi admin: ${origin}/admin`, `  email:    ${ADMIN_EMAIL}`, `  password: ${ADMIN_PASSWORD}`, `  shown this once: later, it is in ${where}`]
  }
  return [`Strapi admin: ${origin}/admin, sign in as ${ADMIN_EMAIL} with the password in ${where}`]
}

interface Ports {
  strapi: number
  cms: number
  site: number
  preview: number
}

/** The first admin and the seed, where the workspace lacks them; the reference server, unless a real video host is named. */
async function setUp(workspace: StrapiWorkspace, secrets: StrapiSecrets, ports: Ports) {
  const state = setupState(workspace)
  const videoHost = process.env.VIDEO_API_URL
  const reference = !state.seeded || !videoHost ? await referenceServer(ports.cms, Boolean(videoHost)) : undefined
  let report: SetupReport | undefined
  if (!state.seeded || !state.hasAdmin) {
    const from = state.seeded ? undefined : `${reference!.origin}/api`
    console.log(from ? `Seeding Strapi from the reference server's sample (${from})…` : "Making Strapi's first admin…")
    report = await runSetup({ workspace, env: { ...process.env, ...secrets.strapiEnv }, from, logFile: path.join(LOGS_DIR, "setup.log"), track: trackRun })
    describeSetup(report).forEach((line) => console.log(line))
  }
  if (reference && videoHost) await stopProcess(reference.child)
  return { report, videoHost: videoHost ? undefined : reference }
}

/** Strapi on its port, sending its signed webhooks to the publisher and its Preview button to the preview lane. */
async function startStrapi(workspace: StrapiWorkspace, secrets: StrapiSecrets, ports: Ports, siteUrl: string) {
  const { ADMIN_EMAIL: _email, ADMIN_PASSWORD: _password, ...strapiSecretsEnv } = secrets.strapiEnv
  const server = await startStrapiServer({
    port: ports.strapi,
    workspace,
    logFile: STRAPI_LOG,
    env: {
      ...process.env,
      ...strapiSecretsEnv,
      PUBLISH_WEBHOOK_URL: `http://127.0.0.1:${ports.site}/hooks/catalogue`,
      PUBLISH_WEBHOOK_SECRET: secrets.shared.webhookSecret.value,
      CATALOGUE_PREVIEW_TOKEN: secrets.shared.previewToken.value,
      SITE_URL: siteUrl,
      PREVIEW_SITE_URL: `http://localhost:${ports.preview}`,
      PREVIEW_HANDOFF_SECRET: secrets.handOffSecret.value,
    },
  })
  track(server.child, "Strapi")
  return server
}

/** The publisher with both lanes reading Strapi: the live site and the preview, which Strapi's admin may frame. */
async function startTheSite(strapiOrigin: string, secrets: StrapiSecrets, ports: Ports, siteUrl: string, videoHost: ReferenceServer | undefined) {
  const buildEnv: NodeJS.ProcessEnv = {
    ...process.env,
    GATSBY_TELEMETRY_DISABLED: "1",
    CATALOGUE_API_URL: `${strapiOrigin}/api`,
    SITE_URL: siteUrl,
    ...(videoHost ? { VIDEO_API_URL: videoHost.buildEnv.VIDEO_API_URL, VIDEO_API_TOKEN: videoHost.buildEnv.VIDEO_API_TOKEN } : {}),
  }
  delete buildEnv.CMS_ADMIN_TOKEN
  return startPublisher({
    ...readConfig({
      ...process.env,
      PUBLISHER_PREVIEW_PORT: String(ports.preview),
      CATALOGUE_PREVIEW_TOKEN: secrets.shared.previewToken.value,
      PUBLISHER_PREVIEW_SIGN_IN_TOKEN: secrets.shared.previewSignInToken.value,
      PUBLISHER_PREVIEW_HANDOFF_SECRET: secrets.handOffSecret.value,
      // By either loopback name an editor may type for the admin.
      PUBLISHER_PREVIEW_FRAME_ANCESTORS: `http://localhost:${ports.strapi} http://127.0.0.1:${ports.strapi}`,
      PUBLISH_WEBHOOK_SECRET: secrets.shared.webhookSecret.value,
      // The status page without a token, on this machine's loopback only: development only (an operator's own setting wins).
      PUBLISHER_STATUS_OPEN_ON_LOOPBACK: process.env.PUBLISHER_STATUS_OPEN_ON_LOOPBACK ?? "on",
    }),
    port: ports.site,
    buildEnv,
  })
}

async function main() {
  const settings = readSettings(process.env, "strapi script")
  const ports = settings.done({
    strapi: settings.port("STRAPI_PORT", 1337),
    cms: settings.port("CMS_PORT", 4000),
    site: settings.port("PUBLISHER_PORT", 9000),
    preview: settings.port("PUBLISHER_PREVIEW_PORT", 9001),
  })
  process.once("SIGINT", () => void stopAll(0))
  process.once("SIGTERM", () => void stopAll(0))
  const steps = await prepareStrapi(process.env, trackRun)
  if (process.argv.includes("--prepare")) {
    console.log(steps.length > 0 ? "integrations/strapi is ready." : "integrations/strapi was ready: installed, compiled and built from its current sources.")
    return
  }
  const secrets = strapiSecrets(process.env)
  const workspace = workspaceFrom(process.env)
  const { report, videoHost } = await setUp(workspace, secrets, ports)

  const adminOrigin = `http://localhost:${ports.strapi}`
  const siteUrl = process.env.SITE_URL || `http://localhost:${ports.site}`
  const strapi = await startStrapi(workspace, secrets, ports, siteUrl)
  console.log(`\n${signInLines(adminOrigin, secrets, report, process.env).join("\n")}\nStarting the publisher on it (its first builds take a few minutes)…\n`)
  publisher = await startTheSite(strapi.origin, secrets, ports, siteUrl, videoHost)
  await publisher.idle()
  if (!publisher.status().live) throw new Error(`The first build failed: see http://localhost:${ports.site}${STATUS_PAGE_PATH}`)
  const signIn = secrets.shared.previewSignInToken.file ? `the token in ${rel(secrets.shared.previewSignInToken.file)}` : "PUBLISHER_PREVIEW_SIGN_IN_TOKEN"
  const lines = [
    ...signInLines(adminOrigin, secrets, undefined, process.env),
    `Catalogue API (Strapi): ${strapi.origin}/api; Strapi's log: ${rel(STRAPI_LOG)}`,
    `Build status: http://localhost:${ports.site}${STATUS_PAGE_PATH}`,
    ...(publisher.previewUrl ? [`Preview (drafts): http://localhost:${ports.preview}/ (Strapi's Preview button signs an editor in; or ${signIn})`] : []),
    ...(videoHost ? [`Video host (the reference server's stand-in): ${videoHost.buildEnv.VIDEO_API_URL}`] : []),
    `Site: ${siteUrl}`,
    runtimeLine(),
  ]
  console.log(`\n${lines.join("\n")}\nPress Ctrl-C to stop.\n`)
}

main().catch(async (error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  await stopAll(1)
})
