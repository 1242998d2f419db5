import { parseArgs } from "node:util"
import { readSettings } from "../node-kit/config"
import { startVarnish } from "../node-kit/varnish"

/**
 * `npm run cdn`: Varnish with the repository's VCL (deploy/varnish/site.vcl)
 * in front of a publisher already running, for a local try of the
 * production arrangement (docs/guides/production.md, "Behind a CDN"):
 *
 *   PUBLISHER_CDN_VARNISH=http://127.0.0.1:6081 npm start   # the publisher, purging Varnish after each release
 *   npm run cdn                                             # Varnish on :6081 in front of :9000
 *
 * Options: `--origin http://127.0.0.1:9000` (the publisher), `--port 6081`.
 * Ctrl-C stops it. Varnish runs as this user's own process, in a folder of
 * its own, never as the system service.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({ options: { origin: { type: "string", default: "http://127.0.0.1:9000" }, port: { type: "string", default: "6081" } } })
  const settings = readSettings({ CDN_PORT: values.port }, "npm run cdn")
  const port = settings.done(settings.port("CDN_PORT", 6081))
  const origin = new URL(values.origin!)
  const response = await fetch(origin, { method: "HEAD" }).catch(() => undefined)
  if (!response) {
    console.error(`Nothing answers at ${origin.origin}: start the publisher first (PUBLISHER_CDN_VARNISH=http://127.0.0.1:${port} npm start).`)
    process.exit(1)
  }
  const varnish = await startVarnish({ origin: { host: origin.hostname, port: Number(origin.port || 80) }, port })
  console.log(`Varnish on ${varnish.url}/ in front of ${origin.origin}/ (X-Cache: HIT or MISS on every answer).`)
  console.log(`The publisher purges it after each release when started with PUBLISHER_CDN_VARNISH=${varnish.url}.`)
  let stopping = false
  const stop = async () => {
    stopping = true
    await varnish.stop()
    process.exit(0)
  }
  process.once("SIGINT", () => void stop())
  process.once("SIGTERM", () => void stop())
  varnish.process.once("exit", (code, signal) => {
    if (stopping) return
    console.error(`varnishd stopped (${signal ?? `exit code ${code}`}).`)
    process.exit(1)
  })
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
