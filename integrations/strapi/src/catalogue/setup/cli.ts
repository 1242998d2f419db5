import path from "node:path"
import { createStrapi } from "@strapi/strapi"
import { seedCatalogue } from "../seed/seed"
import { ensureFirstAdmin, firstAdminFromEnv } from "./first-admin"

/**
 * `node dist/src/catalogue/setup/cli.js [--from {CATALOGUE_API_URL}]`: makes
 * this Strapi ready for editors without a browser, on the database and
 * uploads folder its environment names (DATABASE_FILENAME,
 * STRAPI_PUBLIC_DIR), with Strapi not running on them:
 * - the first super admin from ADMIN_EMAIL and ADMIN_PASSWORD, unless an
 *   admin exists;
 * - with --from, the catalogue served there (the reference server's sample)
 *   copied in and published, once (seed/seed.ts).
 * Exit code 0 when done or nothing was left to do, 1 on a failure, 2 for a
 * wrong command line.
 */
const APP_DIR = path.resolve(__dirname, "..", "..", "..", "..")

/** A wrong command line: exit code 2. */
class UsageError extends Error {}

function parseArguments(argv: string[]): { from?: string } {
  const options: { from?: string } = {}
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index]
    if (argument === "--from" && argv[index + 1]) options.from = argv[++index]
    else if (argument?.startsWith("--from=")) options.from = argument.slice("--from=".length)
    else throw new UsageError(`Unknown argument ${JSON.stringify(argument)}`)
  }
  if (options.from !== undefined && !/^https?:\/\/[^/]/.test(options.from)) throw new UsageError("--from needs the catalogue API's URL, e.g. http://127.0.0.1:4000/api")
  return options
}


const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`

async function main(): Promise<void> {
  const options = parseArguments(process.argv.slice(2))
  const admin = firstAdminFromEnv(process.env)
  const loadStarted = Date.now()
  const strapi = await createStrapi({ appDir: APP_DIR, distDir: path.join(APP_DIR, "dist") }).load()
  try {
    console.log(`catalogue setup: Strapi loaded in ${seconds(Date.now() - loadStarted)}`)
    if (admin) {
      const outcome = await ensureFirstAdmin(strapi, admin)
      console.log(outcome === "created" ? `catalogue setup: created the super admin ${admin.email}` : "catalogue setup: an admin exists already; none added")
    }
    if (options.from) {
      const outcome = await seedCatalogue(strapi, options.from)
      if ("skipped" in outcome) console.log(`catalogue setup: not seeded: ${outcome.skipped}`)
      else {
        const { counts, pictures, picturesMs, ms } = outcome.seeded
        const what = Object.entries(counts).map(([kind, count]) => `${count} ${kind}`).join(", ")
        console.log(`catalogue setup: seeded ${what} and ${pictures} pictures (${seconds(picturesMs)}) from ${options.from} in ${seconds(ms)}`)
      }
    }
  } finally {
    await strapi.destroy()
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    if (error instanceof UsageError) {
      console.error(`${error.message}\nUsage: node dist/src/catalogue/setup/cli.js [--from http://127.0.0.1:4000/api]`)
      process.exit(2)
    }
    console.error(`catalogue setup failed: ${error instanceof Error ? error.stack ?? error.message : String(error)}`)
    process.exit(1)
  },
)
