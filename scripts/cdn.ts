import { parseArgs } from "node:util"
import { readSettings } from "../node-kit/config/settings-reader"
import { startVarnish } from "./lib/varnish"

/**
 * `npm run cdn`: Varnish with the repository's VCL (deploy/varnish/site.vcl)
 * in front of a publisher already running, for a local try of the
 * production arrangement (docs/guides/operating-the-publisher.md, "Two
 * arrangements"):
 *
 *   PUBLISHER_CDN_VARNISH=http://127.0.0.1:6082 PUBLISHER_TRUST_PROXY=127.0.0.1 npm start
 *   npm run cdn     # Varnish on :6081 in front of :9000, taking purges on :6082
 *
 * The publisher purges Varnish after each release on its purge address (the
 * only one that takes PURGE), and believes Varnish's X-Forwarded-For (the
 * client's address, for its wrong-token limit) because PUBLISHER_TRUST_PROXY
 * names Varnish's address. The publisher is the operator's to start, so this
 * prints the line to start it with.
 *
 * Options: `--origin http://127.0.0.1:9000` (the publisher), `--port 6081`,
 * `--purge-port 6082`. Ctrl-C stops it. Varnish runs as this user's own
 * process, in a folder of its own, never as the system service.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      origin: { type: "string", default: "http://127.0.0.1:9000" },
      port: { type: "string", default: "6081" },
      "purge-port": { type: "string", default: "6082" },
    },
  })
  const settings = readSettings({ CDN_PORT: values.port, CDN_PURGE_PORT: values["purge-port"] }, "npm run cdn")
  const port = settings.port("CDN_PORT", 6081)
  const purgePort = settings.done(settings.port("CDN_PURGE_PORT", 6082))
  const origin = new URL(values.origin!)
  // Varnish connects from 127.0.0.1: the address the publisher must trust.
  const startPublisher = `PUBLISHER_CDN_VARNISH=http://127.0.0.1:${purgePort} PUBLISHER_TRUST_PROXY=127.0.0.1 npm start`
  const response = await fetch(origin, { method: "HEAD" }).catch(() => undefined)
  if (!response) {
    console.error(`Nothing answers at ${origin.origin}: start the publisher first:\n  ${startPublisher}`)
    process.exit(1)
  }
  const varnish = await startVarnish({ origin: { host: origin.hostname, port: Number(origin.port || 80) }, port, purgePort })
  console.log(`Varnish on ${varnish.url}/ in front of ${origin.origin}/ (X-Cache: HIT or MISS on every answer), taking purges on ${varnish.purgeUrl}/.`)
  console.log(`The publisher purges it after each release, and reads the client's address from it, when started with:\n  ${startPublisher}`)
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
