import type { AddressInfo } from "node:net"
import { exitOnStartFailure } from "../../node-kit/config/config-error"
import { runtimeLine } from "../../node-kit/process/runtime"
import { shutdownOnSignals } from "../../node-kit/process/shutdown"
import { databaseFile, draftsFile, mediaDir, readConfig } from "./config"
import { openDatabase } from "./catalogue/database/database"
import { openDraftsDatabase } from "./catalogue/database/drafts-database"
import { seedIfEmpty } from "./seed/seed"
import { buildServer } from "./server"

/**
 * `npm run cms`: the reference catalogue server's one entry point, seeded on
 * first start. A wrong configuration ends it with every problem named and
 * exit code 2.
 */
async function main() {
  const config = readConfig(process.env)
  const file = databaseFile(config.dataDir)
  const db = openDatabase(file)
  // Seeded first: the drafts' catalogue starts as a copy of the published one.
  const seeded = seedIfEmpty(db)
  const drafts = config.drafts ? openDraftsDatabase(db, file, draftsFile(config.dataDir)) : null
  const app = buildServer({
    db,
    drafts: drafts && { db: drafts, previewToken: config.previewToken },
    mediaDir: mediaDir(config.dataDir),
    drawingsDir: config.drawingsDir ?? undefined,
    videoApiToken: config.videoApiToken,
    videoRateLimit: config.videoRateLimit,
    siteSettings: config.siteSettings,
    changes: config.changes,
    tombstoneDays: config.tombstoneDays,
    webhook: config.webhook,
    adminToken: config.adminToken,
    allowedHosts: config.allowedHosts,
    subscribeRateLimit: config.subscribeRateLimit,
    trustProxy: config.trustProxy,
    playerOrigin: config.videoPlayerOrigin,
    subscribeOrigins: config.subscribeOrigins,
    mediaLimits: { keptVariants: config.keptMediaVariants },
  })
  if (seeded) app.log.info(`Seeded the sample catalogue into ${file}`)
  shutdownOnSignals({
    app,
    cleanup: () => {
      drafts?.close()
      db.close()
    },
  })

  await app.listen({ host: config.host, port: config.port })
  const { port } = app.server.address() as AddressInfo
  const origin = `http://${config.host}:${port}`
  app.log.info(runtimeLine())
  app.log.info(`Catalogue API:   ${origin}/api`)
  app.log.info(`Video host API:  ${origin}/video-host`)
  if (config.videoPlayerOrigin) app.log.info(`Player pages:    ${config.videoPlayerOrigin}/video/{path} (map that name to this server)`)
  if (config.webhook) app.log.info(`Publish webhook: ${config.webhook.url}`)
  if (!config.adminToken) app.log.warn("CMS_ADMIN_TOKEN is not set: the admin API (editing, subscribers) answers 403 until it is.")
}

main().catch((error: unknown) => exitOnStartFailure(error))
