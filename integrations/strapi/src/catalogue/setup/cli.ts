import fs from "node:fs"
import path from "node:path"
import { createStrapi } from "@strapi/strapi"
import { seedCatalogue, type SeedOutcome } from "../seed/seed"
import { ensureFirstAdmin, firstAdminFromEnv } from "./first-admin"

/**
 * `node dist/src/catalogue/setup/cli.js [--from {CATALOGUE_API_URL}] [--report FILE]`: makes
 * this Strapi ready for editors without a browser, on the database and
 * uploads folder its environment names (DATABASE_FILENAME,
 * STRAPI_PUBLIC_DIR), with Strapi not running on them:
 * - the first super admin from ADMIN_EMAIL and ADMIN_PASSWORD, unless an
 *   admin exists;
 * - with --from, the catalogue served there (the reference server's sample)
 *   copied in and published, once (seed/seed.ts);
 * - with --report, what it did as JSON in FILE (SetupReport), for a script.
 * Exit code 0 when done or nothing was left to do, 1 on a failure, 2 for a
 * wrong command line.
 */
const APP_DIR = path.resolve(__dirname, "..", "..", "..", "..")

/** A wrong command line: exit code 2. */
class UsageError extends Error {}

interface Options {
  from?: string
  report?: string
}

/** What a run did: `admin` absent without ADMIN_EMAIL and ADMIN_PASSWORD, `seed` without --from. */
export interface SetupReport {
  admin?: "created" | "exists"
  seed?: SeedOutcome
  loadMs: number
}

function parseArguments(argv: string[]): Options {
  const options: Options = {}
  for (let index = 0; index < argv.length; index++) {
    const [name, inline] = (argv[index] ?? "").split(/=(.*)/s, 2)
    if (name !== "--from" && name !== "--report") throw new UsageError(`Unknown argument ${JSON.stringify(argv[index])}`)
    const value = inline ?? argv[++index]
    if (!value) throw new UsageError(`${name} needs a value`)
    options[name === "--from" ? "from" : "report"] = value
  }
  if (options.from !== undefined && !/^https?:\/\/[^/]/.test(options.from)) throw new UsageError("--from needs the catalogue API's URL, e.g. http://127.0.0.1:4000/api")
  return options
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`

function describeSeed(outcome: SeedOutcome, from: string): string {
  if ("skipped" in outcome) return `not seeded: ${outcome.skipped}`
  const { counts, pictures, picturesMs, ms } = outcome.seeded
  const what = Object.entries(counts)
    .map(([kind, count]) => `${count} ${kind}`)
    .join(", ")
  return `seeded ${what} and ${pictures} pictures (${seconds(picturesMs)} of it) from ${from} in ${seconds(ms)}`
}

async function main(): Promise<void> {
  const options = parseArguments(process.argv.slice(2))
  const admin = firstAdminFromEnv(process.env)
  const loadStarted = Date.now()
  const strapi = await createStrapi({ appDir: APP_DIR, distDir: path.join(APP_DIR, "dist") }).load()
  const report: SetupReport = { loadMs: Date.now() - loadStarted }
  try {
    console.log(`catalogue setup: Strapi loaded in ${seconds(report.loadMs)}`)
    if (admin) {
      report.admin = await ensureFirstAdmin(strapi, admin)
      console.log(`catalogue setup: ${report.admin === "created" ? `created the super admin ${admin.email}` : "an admin exists already; none added"}`)
    }
    if (options.from) {
      report.seed = await seedCatalogue(strapi, options.from)
      console.log(`catalogue setup: ${describeSeed(report.seed, options.from)}`)
    }
  } finally {
    await strapi.destroy()
  }
  if (options.report) fs.writeFileSync(options.report, JSON.stringify(report))
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    if (error instanceof UsageError) {
      console.error(`${error.message}\nUsage: node dist/src/catalogue/setup/cli.js [--from http://127.0.0.1:4000/api] [--report setup.json]`)
      process.exit(2)
    }
    console.error(`catalogue setup failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`)
    process.exit(1)
  },
)
