import path from "node:path"
import Fastify from "fastify"
import { exitOnStartFailure } from "../../node-kit/config/config-error"
import { serverLogging } from "../../node-kit/process/logger"
import { runSupervisor } from "./process/supervisor"
import { readConfig } from "./config"

/**
 * The publisher's one entry point. `npm run publisher`: the signed-webhook
 * publisher, serving the live release (port 9000 by default). Settings from
 * the environment; see publisher/README.md. A wrong setting: every problem
 * named, exit code 2. `npm run publisher -- rollback [releaseId]` and
 * `-- releases`: the operator's commands (process/cli.ts), run and exit.
 *
 * This process only holds the port: it binds it (or takes systemd's socket)
 * and runs the publisher itself in process/server-process.ts, started again
 * when it dies (process/supervisor.ts). A publisher that crashes, or is killed
 * during a build, leaves the socket listening: visitors' requests wait a
 * moment for the next server process instead of being refused.
 */
async function main(): Promise<never> {
  const config = readConfig(process.env)
  // The services' logger (node-kit/process/logger.ts), without a server.
  const { log } = Fastify(serverLogging(config.logging))
  try {
    return await runSupervisor({ script: path.join(__dirname, "process", "server-process.ts"), host: config.host, port: config.port, log })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE") throw error
    throw new Error(`Port ${config.port} on ${config.host} is in use: stop what uses it, or set PUBLISHER_PORT.`)
  }
}

const args = process.argv.slice(2)
if (args.length > 0) {
  // Imported only here: the supervisor, which stays up for months, never loads the job store.
  void import("./process/cli").then(({ runOperatorCommand }) => runOperatorCommand(args))
} else {
  main().catch((error: unknown) => exitOnStartFailure(error))
}
