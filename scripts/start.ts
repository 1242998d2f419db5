import type { ChildProcess } from "node:child_process"
import { COMMANDS, runToCompletion, startProcess, stopProcess, waitForHttp } from "./lib/processes"
import { startReferenceServer } from "./lib/reference-server"

/**
 * `npm start` (build, then serve on :9000) and `npm run develop` (gatsby
 * develop on :8000). Without CATALOGUE_API_URL it first starts the bundled
 * reference catalogue server and points the build at it. Ctrl-C stops
 * everything this script started.
 */
const develop = process.argv.includes("--develop")
const SITE_PORT = develop ? 8000 : 9000
const CMS_PORT = Number(process.env.CMS_PORT ?? 4000)

const started: ChildProcess[] = []
let stopping = false

async function stopAll(exitCode: number): Promise<never> {
  stopping = true
  await Promise.all(started.reverse().map((child) => stopProcess(child)))
  process.exit(exitCode)
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
  process.once("SIGINT", () => void stopAll(0))
  process.once("SIGTERM", () => void stopAll(0))
  const env: NodeJS.ProcessEnv = { ...process.env, GATSBY_TELEMETRY_DISABLED: "1" }
  const addresses: string[] = []

  if (!env.CATALOGUE_API_URL) {
    const server = await startReferenceServer({ port: CMS_PORT, videoApiToken: env.VIDEO_API_TOKEN })
    track(server.child, "The catalogue server")
    env.CATALOGUE_API_URL = server.buildEnv.CATALOGUE_API_URL
    env.VIDEO_API_URL ||= server.buildEnv.VIDEO_API_URL
    env.VIDEO_API_TOKEN = server.buildEnv.VIDEO_API_TOKEN
    addresses.push(`Reference catalogue API: ${env.CATALOGUE_API_URL}`)
  } else {
    addresses.push(`Catalogue API: ${env.CATALOGUE_API_URL}`)
  }
  env.SITE_URL ||= `http://localhost:${SITE_PORT}`

  const host = ["--host", "127.0.0.1", "--port", String(SITE_PORT)]
  if (develop) {
    const gatsby = track(startProcess(COMMANDS.gatsby, ["develop", ...host], { env }), "gatsby develop")
    await waitForHttp(`http://127.0.0.1:${SITE_PORT}/`, gatsby, 15 * 60_000)
  } else {
    const build = runToCompletion(COMMANDS.gatsby, ["build"], { env })
    started.push(build.child)
    await build.done
    started.splice(started.indexOf(build.child), 1)
    const serve = track(startProcess(COMMANDS.gatsby, ["serve", ...host], { env }), "gatsby serve")
    await waitForHttp(`http://127.0.0.1:${SITE_PORT}/`, serve)
  }
  addresses.push(`Site: http://localhost:${SITE_PORT}`)
  console.log(`\n${addresses.join("\n")}\nPress Ctrl-C to stop.\n`)
}

main().catch(async (error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  await stopAll(1)
})
