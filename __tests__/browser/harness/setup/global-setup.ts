import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import crypto from "node:crypto"
import { COMMANDS, freePort, PROJECT_ROOT, runToCompletion, startProcess, stopProcess, waitForHttp } from "../../../../node-kit/process/processes"
import { newAdminToken } from "../../../../scripts/lib/local-secrets"
import { SHARED_DRAWINGS_DIR, startReferenceServer } from "../../../../scripts/lib/reference-server"
import { chromiumPath } from "../browser"
import { CONTENT_EDITS, HARNESS_ENV, PLAYER_ORIGIN, SUITE_BUILD_DEADLINE_MS, WITHDRAWN_VIDEO_EPISODE } from "./harness-env"
import { addHarnessProcess, harnessProcesses, setHarnessProcesses } from "./harness-processes"

/** `npm run serve` without npm: the production server over public/, security headers and all. */
const SERVE = [process.execPath, "--import", "tsx", path.join(PROJECT_ROOT, "scripts", "serve.ts")]

/** `gatsby build`, stopped (its whole process group) if it has not finished within `ms`. */
async function buildWithin(ms: number, options: Parameters<typeof runToCompletion>[2]): Promise<void> {
  const build = runToCompletion(COMMANDS.gatsby, ["build"], options)
  // The teardown stops it too, should the run end first (every browser test filtered out, say).
  addHarnessProcess(build.child)
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      void stopProcess(build.child).finally(() => reject(new Error(`gatsby build did not finish within ${ms / 60_000} minutes: stopped`)))
    }, ms)
  })
  try {
    await Promise.race([build.done, late])
  } finally {
    clearTimeout(timer)
  }
}

function tail(file: string, lines: number): string {
  return fs.readFileSync(file, "utf8").split("\n").slice(-lines).join("\n")
}

/** What the background build writes to the marker file once the site is served, or why it is not. */
export interface SuiteSiteOutcome {
  ok: boolean
  error?: string
}

/**
 * Once per test run: a reference catalogue server with a fresh copy of the
 * sample catalogue, a production build of the site against it, and
 * `npm run serve`'s server over the result, so every test runs under the
 * production headers (the CSP above all). Tests read the addresses from the env.
 *
 * The build runs in the background: Jest starts the node and components
 * files meanwhile (they need none of it, and use under a core between them,
 * so the build's minute costs them little), and the sequencer
 * (__tests__/setup/sequencer.js) puts every browser file after them. Each
 * browser file waits for the served site before its first test
 * (site-ready.ts), and fails with the build's log tail if it never came.
 */
export default async function globalSetup(): Promise<void> {
  // Say so before a two-minute build rather than in every test afterwards.
  if (!fs.existsSync(chromiumPath())) {
    throw new Error(`No Chromium at ${chromiumPath()}: install it (apt-get install chromium) or set CHROMIUM_PATH.`)
  }
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "catalogue-browser-tests-"))
  const [cmsPort, sitePort] = [await freePort(), await freePort()]
  const cmsOrigin = `http://127.0.0.1:${cmsPort}`
  const siteUrl = `http://127.0.0.1:${sitePort}`
  // A fresh token each run: a test can then search the build for it.
  const videoApiToken = `test-video-token-${crypto.randomUUID()}`
  const logFile = path.join(workDir, "processes.log")
  const readyFile = path.join(workDir, "site-ready.json")
  const log = fs.openSync(logFile, "a")
  const quiet = { stdio: ["ignore", log, log] as ("ignore" | number)[] }
  const adminToken = newAdminToken()
  let playerBrowserArgs: string[] = []
  let buildEnv: NodeJS.ProcessEnv

  try {
    const server = await startReferenceServer({
      port: cmsPort,
      dataDir: path.join(workDir, "cms-data"),
      drawingsDir: SHARED_DRAWINGS_DIR,
      videoApiToken,
      adminToken,
      stdio: quiet.stdio,
      // The site's player is the host's (Vimeo's SDK accepts no other name): the reference player answers as it.
      playerOrigin: PLAYER_ORIGIN,
      // The footer's sign-up posts from the served site, whose port is this run's own. Every browser file's
      // sign-ups come from this one address, so the per-address limit would refuse them by how many files
      // run, not by what they test; the limit has its own tests (__tests__/cms/catalogue/subscribe.test.ts).
      env: { CMS_SUBSCRIBE_ORIGINS: siteUrl, CMS_SUBSCRIBE_RATE_LIMIT: "off" },
    })
    playerBrowserArgs = server.playerBrowserArgs
    setHarnessProcesses({ children: [server.child], workDir })
    for (const edit of Object.values(CONTENT_EDITS)) await server.edit(edit.path, edit.fields)
    await server.withdrawVideo(WITHDRAWN_VIDEO_EPISODE)
    buildEnv = { ...server.buildEnv, SITE_URL: siteUrl }
  } catch (error) {
    await Promise.all((harnessProcesses()?.children ?? []).map((child) => stopProcess(child)))
    throw new Error(`${error instanceof Error ? error.message : error}\n--- last lines of ${logFile} ---\n${tail(logFile, 60)}`)
  }

  // Not awaited: the outcome goes to readyFile, which every browser file waits for.
  void buildAndServe(buildEnv, sitePort, quiet, readyFile, logFile)

  process.env[HARNESS_ENV.siteUrl] = siteUrl
  process.env[HARNESS_ENV.siteReady] = readyFile
  process.env[HARNESS_ENV.cmsOrigin] = cmsOrigin
  process.env[HARNESS_ENV.videoApiToken] = videoApiToken
  process.env[HARNESS_ENV.cmsAdminToken] = adminToken
  process.env[HARNESS_ENV.buildLog] = logFile
  process.env[HARNESS_ENV.chromiumArgs] = JSON.stringify(playerBrowserArgs)
}

/** The suite's build, then its server; writes the outcome to `readyFile` (written beside and renamed: a reader never sees half). */
async function buildAndServe(buildEnv: NodeJS.ProcessEnv, sitePort: number, quiet: { stdio: ("ignore" | number)[] }, readyFile: string, logFile: string): Promise<void> {
  const outcome = (value: SuiteSiteOutcome) => {
    try {
      fs.writeFileSync(`${readyFile}.tmp`, JSON.stringify(value))
      fs.renameSync(`${readyFile}.tmp`, readyFile)
    } catch {
      // The teardown removed the folder: the run ended before the build did, and nobody waits.
    }
  }
  try {
    const started = Date.now()
    await buildWithin(SUITE_BUILD_DEADLINE_MS, { ...quiet, env: buildEnv })
    process.stdout.write(`\nBrowser tests: built the site in ${((Date.now() - started) / 1000).toFixed(1)} s (beside the node and components files)\n`)
    const serve = startProcess(SERVE, ["--host", "127.0.0.1", "--port", String(sitePort)], { ...quiet, env: buildEnv })
    addHarnessProcess(serve)
    await waitForHttp(`http://127.0.0.1:${sitePort}/`, serve)
    outcome({ ok: true })
  } catch (error) {
    outcome({ ok: false, error: `${error instanceof Error ? error.message : error}\n--- last lines of ${logFile} ---\n${tail(logFile, 60)}` })
  }
}
