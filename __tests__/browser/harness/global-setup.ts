import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import crypto from "node:crypto"
import { COMMANDS, freePort, PROJECT_ROOT, runToCompletion, startProcess, stopProcess, waitForHttp } from "../../../node-kit/processes"
import { newAdminToken } from "../../../scripts/lib/local-secrets"
import { SHARED_DRAWINGS_DIR, startReferenceServer } from "../../../scripts/lib/reference-server"
import { chromiumPath } from "./browser"
import { CONTENT_EDITS, HARNESS_ENV, PLAYER_ORIGIN, WITHDRAWN_VIDEO_EPISODE } from "./harness-env"
import { harnessProcesses, setHarnessProcesses } from "./harness-processes"

/** `npm run serve` without npm: the production server over public/, security headers and all. */
const SERVE = [process.execPath, "--import", "tsx", path.join(PROJECT_ROOT, "scripts", "serve.ts")]

/** The suite's build takes about a minute here; one that hangs ends here, with its log's last lines, not at CI's limit. */
const BUILD_DEADLINE_MS = 10 * 60_000

/** `gatsby build`, stopped (its whole process group) if it has not finished within `ms`. */
async function buildWithin(ms: number, options: Parameters<typeof runToCompletion>[2]): Promise<void> {
  const build = runToCompletion(COMMANDS.gatsby, ["build"], options)
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

/**
 * Once per test run: a reference catalogue server with a fresh copy of the
 * sample catalogue, a production build of the site against it, and
 * `npm run serve`'s server over the result, so every test runs under the
 * production headers (the CSP above all). Tests read the addresses from the env.
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
  const log = fs.openSync(logFile, "a")
  const quiet = { stdio: ["ignore", log, log] as ("ignore" | number)[] }
  const adminToken = newAdminToken()
  let playerBrowserArgs: string[] = []

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
    const cms = server.child
    playerBrowserArgs = server.playerBrowserArgs
    setHarnessProcesses({ children: [cms], workDir })
    for (const edit of Object.values(CONTENT_EDITS)) await server.edit(edit.path, edit.fields)
    await server.withdrawVideo(WITHDRAWN_VIDEO_EPISODE)
    const buildEnv = { ...server.buildEnv, SITE_URL: siteUrl }
    const started = Date.now()
    await buildWithin(BUILD_DEADLINE_MS, { ...quiet, env: buildEnv })
    process.stdout.write(`\nBrowser tests: built the site in ${((Date.now() - started) / 1000).toFixed(1)} s\n`)

    const serve = startProcess(SERVE, ["--host", "127.0.0.1", "--port", String(sitePort)], {
      ...quiet,
      env: buildEnv,
    })
    setHarnessProcesses({ children: [cms, serve], workDir })
    await waitForHttp(`${siteUrl}/`, serve)
  } catch (error) {
    await Promise.all((harnessProcesses()?.children ?? []).map((child) => stopProcess(child)))
    throw new Error(`${error instanceof Error ? error.message : error}\n--- last lines of ${logFile} ---\n${tail(logFile, 60)}`)
  }

  process.env[HARNESS_ENV.siteUrl] = siteUrl
  process.env[HARNESS_ENV.cmsOrigin] = cmsOrigin
  process.env[HARNESS_ENV.videoApiToken] = videoApiToken
  process.env[HARNESS_ENV.cmsAdminToken] = adminToken
  process.env[HARNESS_ENV.buildLog] = logFile
  process.env[HARNESS_ENV.chromiumArgs] = JSON.stringify(playerBrowserArgs)
}
