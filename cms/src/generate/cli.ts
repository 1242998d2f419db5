import fs from "node:fs"
import path from "node:path"
import { parseArgs } from "node:util"
import { databaseFile, DEFAULT_DATA_DIR } from "../config"
import { openDatabase } from "../catalogue/database/database"
import { writeCatalogue } from "../catalogue/database/writes"
import { generateCatalogue } from "./generate"

const USAGE = "Usage: npm run cms:generate -- --episodes 10000 [--data-dir DIR] [--seed 42] [--image-pool N] [--force]"

/**
 * `npm run cms:generate`: writes a large deterministic catalogue into its own
 * data folder, for benchmarks. A command beside the server, not a second way
 * to start it: the server's one entry point is main.ts.
 */
function main() {
  const { values } = parseArgs({
    options: {
      episodes: { type: "string", default: "1000" },
      "data-dir": { type: "string" },
      seed: { type: "string", default: "42" },
      "image-pool": { type: "string" },
      force: { type: "boolean", default: false },
    },
  })
  const episodes = Number(values.episodes)
  const seed = Number(values.seed)
  const imagePool = values["image-pool"] === undefined ? undefined : Number(values["image-pool"])
  if (imagePool !== undefined && (!Number.isSafeInteger(imagePool) || imagePool < 1)) {
    throw new Error(`--image-pool takes a whole number of at least 1.\n${USAGE}`)
  }
  if (!Number.isSafeInteger(episodes) || episodes < 1 || !Number.isSafeInteger(seed)) {
    throw new Error(`--episodes and --seed take whole numbers.\n${USAGE}`)
  }
  const dataDir = path.resolve(values["data-dir"] ?? path.join(DEFAULT_DATA_DIR, `generated-${episodes}`))
  const file = databaseFile(dataDir)
  if (fs.existsSync(file)) {
    if (!values.force) throw new Error(`${file} already exists; pass --force to replace it.\n${USAGE}`)
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
  const content = generateCatalogue({ episodes, seed, imagePool })
  const db = openDatabase(file)
  writeCatalogue(db, content)
  db.close()
  console.log(
    `Wrote ${content.categories.length} categories, ${content.subCategories.length} subcategories, ` +
      `${content.series.length} series and ${content.episodes.length} episodes to ${file}.\n` +
      `Serve it with: CMS_DATA_DIR=${dataDir} npm run cms`,
  )
}

try {
  main()
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
}
