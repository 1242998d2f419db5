import type { AddressInfo } from "node:net"
import { databaseFile, mediaDir, readConfig } from "./config"
import { openDatabase } from "./database"
import { seedIfEmpty } from "./seed/seed"
import { buildServer } from "./server"

/** `npm run cms`: the reference catalogue server, seeded on first start. */
async function main() {
  const config = readConfig(process.env)
  const db = openDatabase(databaseFile(config.dataDir))
  if (seedIfEmpty(db)) console.log(`Seeded the sample catalogue into ${databaseFile(config.dataDir)}`)

  const app = buildServer({
    db,
    mediaDir: mediaDir(config.dataDir),
    videoApiToken: config.videoApiToken,
    videoRateLimit: config.videoRateLimit,
    siteSettings: config.siteSettings,
    changes: config.changes,
    tombstoneDays: config.tombstoneDays,
    webhook: config.webhook,
  })
  await app.listen({ host: config.host, port: config.port })
  const { port } = app.server.address() as AddressInfo
  const origin = `http://${config.host}:${port}`
  console.log(`Catalogue API:   ${origin}/api`)
  console.log(`Video host API:  ${origin}/video-host`)
  if (config.webhook) console.log(`Publish webhook: ${config.webhook.url}`)

  const stop = async () => {
    await app.close()
    db.close()
    process.exit(0)
  }
  process.once("SIGINT", stop)
  process.once("SIGTERM", stop)
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
