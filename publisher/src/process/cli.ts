import { EXIT_CONFIG } from "../../../node-kit/config/config-error"
import { ConfigError, readConfig } from "../config"
import { LaneRecords } from "../jobs/store/lane-records"
import { listReleases, liveReleaseId } from "../releases/releases"
import { rollback, RollbackError } from "../releases/rollback"

const USAGE = `Usage:
  npm run publisher                            start the publisher (no command)
  npm run publisher -- rollback [releaseId]    make releaseId live again (default: the release before the live one)
  npm run publisher -- releases                list the kept releases, newest first
PUBLISHER_DATA_DIR (and PUBLISHER_DB) say which publisher; the defaults are publisher/data/.`

/**
 * The operator's commands, subcommands of the entry point (main.ts):
 * `npm run publisher -- rollback`. They work on the publisher's data folder
 * directly, so they also work while the publisher is stopped; a running
 * publisher serves the switched release from its next request on.
 * Returns the exit code: 0, 64 for a command it does not know.
 */
function runCommand(args: string[]): number {
  const config = readConfig(process.env)
  const [command, ...rest] = args
  if (command === "releases") {
    const live = liveReleaseId(config.dataDir)
    const releases = listReleases(config.dataDir).reverse()
    if (releases.length === 0) console.log(`No releases in ${config.dataDir}.`)
    for (const id of releases) console.log(`${id === live ? "* " : "  "}${id}${id === live ? "   (live)" : ""}`)
    return 0
  }
  if (command === "rollback" && rest.length <= 1) {
    const records = new LaneRecords(config.databaseFile)
    try {
      const result = rollback({ dataDir: config.dataDir, switches: records.switches, releaseId: rest[0] })
      console.log(`Live: ${result.to} (was ${result.from ?? "nothing"}).`)
      return 0
    } finally {
      records.close()
    }
  }
  console.error(USAGE)
  return 64
}

/** Runs one operator command and sets the exit code: a wrong setting 2, a refused rollback 1 (the message only). */
export function runOperatorCommand(args: string[]): void {
  try {
    process.exitCode = runCommand(args)
  } catch (error) {
    console.error(error instanceof ConfigError || error instanceof RollbackError ? error.message : error)
    process.exitCode = error instanceof ConfigError ? EXIT_CONFIG : 1
  }
}
