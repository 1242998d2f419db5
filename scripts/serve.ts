import path from "node:path"
import { PROJECT_ROOT } from "../node-kit/process/processes"
import { parseServeArgs, serveBuild } from "./lib/serve-command"

/**
 * `npm run serve [-- --port 9000 --host 127.0.0.1]`: serves the last build
 * (`public/`) with what production sends, the publisher's handler and every
 * page's security headers, instead of `gatsby serve`. Ctrl-C stops it.
 */
async function main(): Promise<void> {
  let args
  try {
    args = parseServeArgs(process.argv.slice(2))
  } catch (error) {
    console.error((error as Error).message)
    process.exit(2)
  }
  const server = await serveBuild(path.join(PROJECT_ROOT, "public"), args)
  console.log(`Serving public/ at ${server.origin}/ with the production headers`)
  const stop = () => void server.close().then(() => process.exit(0))
  process.once("SIGINT", stop)
  process.once("SIGTERM", stop)
}

void main()
