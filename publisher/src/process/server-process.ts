import { exitOnStartFailure } from "../../../node-kit/config/config-error"
import { runtimeLine } from "../../../node-kit/process/runtime"
import { shutdownOnSignals } from "../../../node-kit/process/shutdown"
import { reportReady, stopWithSupervisor, supervisedListenFd } from "./supervised-server"
import { describeCommand, readConfig } from "../config"
import { startPublisher } from "./start-publisher"

/**
 * The publisher's server process: it builds and serves. main.ts (the
 * supervisor, what `npm run publisher` starts) runs it on the socket it
 * holds and starts it again when it dies; run on its own
 * (`npx tsx publisher/src/process/server-process.ts`, as the webhook flood
 * benchmark does, to measure one process), it binds
 * PUBLISHER_HOST:PUBLISHER_PORT itself. A wrong setting: every problem
 * named, exit code 2.
 */
async function main() {
  const config = readConfig(process.env)
  const publisher = await startPublisher(config, { listenFd: supervisedListenFd() })
  const { log } = publisher
  if (!config.webhookKeys) log.warn("PUBLISH_WEBHOOK_SECRET is not set: webhooks are refused (503) until it is.")
  if (!config.adminToken) {
    const off = config.statusOpenOnLoopback ? "rollback over HTTP is off" : "the status and rollback over HTTP are off"
    log.warn(`PUBLISHER_ADMIN_TOKEN is not set: ${off}; roll back with \`npm run publisher -- rollback\`.`)
  }
  if (config.statusOpenOnLoopback) log.warn("PUBLISHER_STATUS_OPEN_ON_LOOPBACK=on: the status is open without a token on loopback. Development only, never behind a proxy.")
  log.info(runtimeLine())
  log.info(`Builds run \`${describeCommand(config.buildCommand)}\` in ${config.workspaceDir}`)
  // The publisher closes its own app: the running build first (it re-queues its job), then the server, then the store.
  shutdownOnSignals({ log, cleanup: () => publisher.close() })
  stopWithSupervisor()
  reportReady()
}

main().catch((error: unknown) => exitOnStartFailure(error))
