import { ConfigError, describeCommand, readConfig } from "./config"
import { startPublisher } from "./publisher"

/**
 * `npm run publisher`: the signed-webhook publisher, serving the live
 * release (port 9000 by default). Settings from the environment; see the
 * README, "Publishing (`publisher/`)".
 */
async function main() {
  const config = readConfig(process.env)
  if (!config.webhookSecret) console.warn("PUBLISH_WEBHOOK_SECRET is not set: webhooks are refused (503) until it is.")
  if (!config.adminToken) console.warn("PUBLISHER_ADMIN_TOKEN is not set: roll back with `npx tsx publisher/src/cli.ts rollback`.")
  console.log(`Builds run \`${describeCommand(config.buildCommand)}\` in ${config.workspaceDir}`)
  const publisher = await startPublisher({ ...config, env: process.env })

  let stopping = false
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return
    stopping = true
    console.log(`${signal}: stopping (a running build is stopped and redone at the next start)…`)
    publisher.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error)
        process.exit(1)
      },
    )
  }
  process.once("SIGINT", stop)
  process.once("SIGTERM", stop)
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error instanceof Error ? error.message : error)
  process.exit(error instanceof ConfigError ? 2 : 1)
})
