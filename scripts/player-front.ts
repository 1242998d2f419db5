import { parseArgs } from "node:util"
import { startTlsFront } from "./lib/player-tls"

/**
 * `npx tsx scripts/player-front.ts [--to 4000] [--port 4443] [--name player.vimeo.com]`:
 * HTTPS on 127.0.0.1:{port} for the reference player under the host's own
 * name, passed on to the catalogue server on {to} (started with
 * VIDEO_PLAYER_ORIGIN=https://{name}), with a throwaway self-signed
 * certificate. Chromium upgrades http://player.vimeo.com to https (HSTS
 * preload), so trying the player under that name locally needs it. Prints
 * the Chromium flags; Ctrl-C stops it.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      to: { type: "string", default: "4000" },
      port: { type: "string", default: "4443" },
      name: { type: "string", default: "player.vimeo.com" },
    },
  })
  const front = await startTlsFront(values.name, Number(values.to), Number(values.port))
  console.log(`HTTPS for ${values.name} on 127.0.0.1:${front.port} -> http://127.0.0.1:${values.to}`)
  console.log(`Chromium flags: --host-resolver-rules="MAP ${values.name} 127.0.0.1:${front.port}" --ignore-certificate-errors`)
  const stop = () => void front.close().then(() => process.exit(0))
  process.once("SIGINT", stop)
  process.once("SIGTERM", stop)
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
