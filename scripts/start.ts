import type { ChildProcess } from "node:child_process"
import { setTimeout as sleep } from "node:timers/promises"
import path from "node:path"
import { readConfig, startPublisher, STATUS_PAGE_PATH, type Publisher } from "../publisher/src"
import { readSettings } from "../node-kit/config/settings-reader"
import { COMMANDS, startProcess, stopProcess, waitForHttp } from "../node-kit/process/processes"
import { adminTokenInShell, localSecrets } from "./lib/local-secrets"
import { startReferenceServer } from "./lib/reference-server"
import { runtimeLine } from "../node-kit/process/runtime"

/**
 * `npm start`: the whole publishing loop. The bundled reference catalogue
 * server (unless CATALOGUE_API_URL is set), the publisher (first build, then
 * serving the live release on :9000, PUBLISHER_PORT) and the signed webhook
 * between them, so an edit through the admin API is on the site seconds
 * later. The addresses come as soon as the site serves; "Ready" once the
 * preview lane (:9001) serves too, its first build after the site's.
 * `npm run develop`: gatsby develop on :8000 against the same server.
 * Ctrl-C stops everything this script started.
 */
const develop = process.argv.includes("--develop")
/** The preview lane's site: drafts, for signed-in editors (docs/reference/preview-lane.md). */
const PREVIEW_PORT = 9001
/** How often npm start looks whether the preview serves yet, to say Ready. */
const READY_POLL_MS = 200

const started: ChildProcess[] = []
let publisher: Publisher | undefined
let stopping: Promise<never> | undefined

/** Stops everything once, however many times it is asked. */
function stopAll(exitCode: number): Promise<never> {
  stopping ??= (async () => {
    // The publisher first: it stops a running build and keeps its job for the next start.
    await publisher?.close()
    await Promise.all(started.reverse().map((child) => stopProcess(child)))
    process.exit(exitCode)
  })()
  return stopping
}

function track(child: ChildProcess, name: string): ChildProcess {
  started.push(child)
  child.once("exit", (code, signal) => {
    if (stopping) return
    console.error(`\n${name} stopped unexpectedly (${signal ?? `exit code ${code}`}); stopping the rest.`)
    void stopAll(1)
  })
  return child
}

async function main() {
  // The catalogue server's own rule for CMS_PORT (node-kit/config/settings-reader.ts): an empty value is a mistake, not port 0.
  const settings = readSettings(process.env, "start script")
  const cmsPort = settings.port("CMS_PORT", 4000)
  // The publisher's own setting and default (publisher/src/config.ts), read before it starts: the catalogue's webhook names it.
  const sitePort = settings.done(develop ? 8000 : settings.port("PUBLISHER_PORT", 9000))
  // Every signal is heard, not the first alone: tsx, which runs this script, sends a signal again when this process
  // has not answered within 30 ms (its thread busy copying a build's sources, say), and a repeat with no listener
  // left would end this process at once, leaving the catalogue server and the build running.
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => void stopAll(0))
  const env: NodeJS.ProcessEnv = { ...process.env, GATSBY_TELEMETRY_DISABLED: "1" }
  const addresses: string[] = []
  // Made once into .secrets/ (git-ignored) unless given: the admin token then outlives a restart.
  const secrets = localSecrets(env)
  const webhookSecret = secrets.webhookSecret.value
  // The catalogue server gets the token explicitly; the builds never need it.
  delete env.CMS_ADMIN_TOKEN

  if (!env.CATALOGUE_API_URL) {
    const server = await startReferenceServer({
      port: cmsPort,
      videoApiToken: env.VIDEO_API_TOKEN,
      adminToken: secrets.adminToken.value,
      env: develop
        ? {}
        : { CMS_WEBHOOK_URL: `http://127.0.0.1:${sitePort}/hooks/catalogue`, PUBLISH_WEBHOOK_SECRET: webhookSecret, CATALOGUE_PREVIEW_TOKEN: secrets.previewToken.value },
    })
    track(server.child, "The catalogue server")
    env.CATALOGUE_API_URL = server.buildEnv.CATALOGUE_API_URL
    env.VIDEO_API_URL ||= server.buildEnv.VIDEO_API_URL
    env.VIDEO_API_TOKEN = server.buildEnv.VIDEO_API_TOKEN
    addresses.push(`Reference catalogue API: ${env.CATALOGUE_API_URL}`)
    picturesFromTheCatalogueServer(env, addresses)
    const where = secrets.adminToken.file ? `kept in ${path.relative(process.cwd(), secrets.adminToken.file)}` : "from CMS_ADMIN_TOKEN"
    addresses.push(`Admin API token: ${where}; send it as Authorization: Bearer <token>`)
  } else {
    addresses.push(`Catalogue API: ${env.CATALOGUE_API_URL}`)
  }
  env.SITE_URL ||= `http://localhost:${sitePort}`

  const host = ["--host", "127.0.0.1", "--port", String(sitePort)]
  if (develop) {
    const gatsby = track(startProcess(COMMANDS.gatsby, ["develop", ...host], { env }), "gatsby develop")
    await waitForHttp(`http://127.0.0.1:${sitePort}/`, gatsby, 15 * 60_000)
  } else {
    // The preview lane: its builds get the draft view's token (never the live lane's, publish-job.ts); editors sign in with another.
    const publisherEnv = {
      ...process.env,
      PUBLISHER_PREVIEW_PORT: process.env.PUBLISHER_PREVIEW_PORT ?? String(PREVIEW_PORT),
      CATALOGUE_PREVIEW_TOKEN: secrets.previewToken.value,
      PUBLISHER_PREVIEW_SIGN_IN_TOKEN: secrets.previewSignInToken.value,
      PUBLISH_WEBHOOK_SECRET: webhookSecret,
      // The status page without a token, on this machine's loopback only: development only (an operator's own setting wins).
      PUBLISHER_STATUS_OPEN_ON_LOOPBACK: process.env.PUBLISHER_STATUS_OPEN_ON_LOOPBACK ?? "on",
    }
    publisher = await startPublisher({ ...readConfig(publisherEnv), port: sitePort, buildEnv: env })
    // The site's first build goes first (the live lane before the preview's): its addresses as soon as it serves.
    await publisher.liveIdle()
    if (!publisher.status().live) throw new Error(`The first build failed: see http://localhost:${sitePort}${STATUS_PAGE_PATH}`)
    addresses.push(`Build status: http://localhost:${sitePort}${STATUS_PAGE_PATH}`)
    if (publisher.previewUrl) {
      const signIn = secrets.previewSignInToken.file ? `the token in ${path.relative(process.cwd(), secrets.previewSignInToken.file)}` : "PUBLISHER_PREVIEW_SIGN_IN_TOKEN"
      addresses.push(`Preview (drafts, for editors): ${publisher.previewUrl.replace("127.0.0.1", "localhost")}/ (sign in with ${signIn})`)
    }
    if (publisher.config.statusOpenOnLoopback) addresses.push("Status page open without a token (PUBLISHER_STATUS_OPEN_ON_LOOPBACK=on): development only")
    if (!process.env.CATALOGUE_API_URL) {
      addresses.push(
        `Try an edit: curl -X PATCH -H "Authorization: Bearer ${adminTokenInShell(secrets.adminToken)}" -H 'content-type: application/json' -d '{"title":"Power and Control, edited"}' http://127.0.0.1:${cmsPort}/admin/episodes/1002`,
      )
    }
  }
  addresses.push(`Site: http://localhost:${sitePort}`)
  addresses.push(runtimeLine())
  const preview = publisher?.previewUrl
  // A later start finds the preview's release from before: Ready follows at once, with no first build to announce.
  const previewBuilding = preview && !publisher?.previewStatus()?.live
  console.log(`\n${addresses.join("\n")}\n${previewBuilding ? "The preview's first build runs now; Ready follows when it serves.\n" : ""}Press Ctrl-C to stop.\n`)
  if (publisher && preview) await sayWhenPreviewServes(publisher, sitePort)
}

/**
 * The bundled catalogue server resizes pictures by URL, as an image CDN does: the builds then make no picture
 * files, a third of a cold build's work on two cores (docs/decisions/0022-npm-start-pictures-by-url.md). An
 * operator's own setting wins.
 */
function picturesFromTheCatalogueServer(env: NodeJS.ProcessEnv, addresses: string[]): void {
  env.CATALOGUE_IMAGE_SERVICE ??= "on"
  if (env.CATALOGUE_IMAGE_SERVICE === "on") addresses.push("Pictures: resized by the catalogue server as pages ask (CATALOGUE_IMAGE_SERVICE=on; off makes them at build time)")
}

/** "Ready" once the preview lane serves too, or where to read why its first build failed; the site serves meanwhile. */
async function sayWhenPreviewServes(running: Publisher, sitePort: number): Promise<void> {
  // Ready as soon as a preview release is live: a draft saved during the first build is built after it, and
  // the preview serves meanwhile. Until the lanes are idle without one, the first build has not failed.
  let idle = false
  void running.idle().then(() => (idle = true))
  while (!stopping && !idle && !running.previewStatus()?.live) await sleep(READY_POLL_MS)
  if (stopping) return
  if (running.previewStatus()?.live) console.log(`Ready: the site and the preview serve (${process.uptime().toFixed(0)} s after npm start).`)
  else console.error(`The preview's first build failed: see http://localhost:${sitePort}${STATUS_PAGE_PATH}; the site still serves.`)
}

main().catch(async (error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  await stopAll(1)
})
