import crypto from "node:crypto"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { parseArgs } from "node:util"
import type { ChildProcess } from "node:child_process"
import { databaseFile, mediaDir } from "../../cms/src/config"
import { writeCatalogue } from "../../cms/src/catalogue/database/writes"
import { openDatabase } from "../../cms/src/catalogue/database/database"
import { generateCatalogue } from "../../cms/src/generate/generate"
import { drawMedia } from "../../cms/src/media/pictures"
import type { CatalogueContent } from "../../cms/src/catalogue/content"
import { COMMANDS, PROJECT_ROOT, freePort, runToCompletion, stopProcess } from "../../node-kit/process/processes"
import { startReferenceServer } from "../lib/reference-server"
import { benchReport, writeBenchReport } from "../lib/bench-report"
import { publicDifferences } from "../lib/public-digests"

/**
 * `npm run bench:build`: for each catalogue size and image mode, a cold
 * `gatsby build` against a generated catalogue, an unchanged rebuild, then
 * one edited episode title and a rebuild (unless --skip-edit).
 * --determinism: then a cold build of the same catalogue (.cache and public/
 * moved aside), whose public/ must equal the warm one's byte for byte: the
 * check that a warm build writes what a cold one does, run here rather than
 * in every test run (docs/guides/testing.md, "Determinism").
 * It cleans .cache/ and public/ first: it is a benchmark, not a build.
 *
 * --image-pool N: the catalogue's pictures come from N distinct images per
 * kind (60 by default, as the earlier figures); 0: every entity has its own.
 * --modes build,service: CATALOGUE_IMAGE_SERVICE unset (pictures resized by
 * the build) or `on` (the pages name the catalogue server's image service).
 *
 * Writes every figure as JSON to reports/bench/build-<date>.json and
 * build-latest.json (`--out FILE`: to that file alone).
 */

const MODES = { build: undefined, service: "on" } as const
type Mode = keyof typeof MODES

const { values } = parseArgs({
  options: {
    sizes: { type: "string", default: "1000,10000" },
    "image-pool": { type: "string", default: "60" },
    modes: { type: "string", default: "build" },
    "skip-edit": { type: "boolean", default: false },
    determinism: { type: "boolean", default: false },
    out: { type: "string" },
  },
})
const sizes = values.sizes.split(",").map(Number)
const imagePool = Number(values["image-pool"])
const modes = values.modes.split(",").map((mode) => mode.trim()) as Mode[]
const skipEdit = values["skip-edit"]
const determinism = values.determinism
if (!sizes.every((size) => Number.isInteger(size) && size > 0)) throw new Error(`--sizes takes episode counts such as 1000,10000, not ${values.sizes}`)
if (!Number.isInteger(imagePool) || imagePool < 0) throw new Error(`--image-pool takes 0 (every entity its own picture) or a pool size, not ${values["image-pool"]}`)
for (const mode of modes) if (!(mode in MODES)) throw new Error(`--modes takes build and/or service, not ${mode}`)

/**
 * The pictures the benchmarks' catalogues name, drawn once and kept between
 * runs (cms/data is not in git), so a cold build does not time the reference
 * server drawing its artwork (about 0.1 s a picture) but the site's own work.
 */
const BENCH_MEDIA = path.join(PROJECT_ROOT, "cms", "data", "bench-media")

/** Sum of resident memory of a process group, in bytes, read from /proc. */
function groupRss(pgid: number): number {
  let total = 0
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8")
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ")
      if (Number(fields[2]) !== pgid) continue
      total += Number(fields[21]) * 4096
    } catch {
      // The process ended while we looked.
    }
  }
  return total
}

/** Every picture name the catalogue holds: the basename of `/media/<name>`. */
function imageNames(content: CatalogueContent): string[] {
  const rows = [content.categories, content.subCategories, content.series, content.episodes, content.featuredItems]
  return [...new Set(rows.flatMap((list) => list.flatMap((row) => row.images)).map((image) => path.posix.basename(image)))]
}

/** Draws the catalogue's pictures missing from BENCH_MEDIA, outside any timed part, and says what it cost. */
async function drawBenchMedia(names: string[]): Promise<void> {
  const started = Date.now()
  let lastReport = started
  const summary = await drawMedia(BENCH_MEDIA, names, {
    concurrency: 2,
    onProgress: ({ drawn, toDraw }) => {
      if (Date.now() - lastReport < 10_000 && drawn < toDraw) return
      lastReport = Date.now()
      console.log(`  drawing pictures: ${drawn}/${toDraw} (${Math.round((lastReport - started) / 1000)} s)`)
    },
  })
  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  console.log(`Pictures: ${names.length} named, ${summary.drawn} drawn, ${summary.cached} already cached in ${path.relative(PROJECT_ROOT, BENCH_MEDIA)}/ (${seconds} s, not timed)`)
}

/**
 * The benchmark's media folder: a link to each cached picture, so the server
 * serves them without drawing, while whatever it writes itself (its image
 * service's resized variants, any picture not named in the catalogue) stays
 * in this run's folder and every run measures the same work.
 */
function linkBenchMedia(dataDir: string, names: string[]): void {
  const dir = mediaDir(dataDir)
  fs.mkdirSync(dir, { recursive: true })
  for (const name of names) fs.symlinkSync(path.join(BENCH_MEDIA, name), path.join(dir, name))
}

interface BuildFigures {
  wallSeconds: number
  peakRssMiB: number
  log: string
}

async function timedBuild(env: NodeJS.ProcessEnv, logFile: string): Promise<BuildFigures> {
  const log = fs.openSync(logFile, "w")
  const started = Date.now()
  const build = runToCompletion(COMMANDS.gatsby, ["build"], { stdio: ["ignore", log, log], env })
  let peak = 0
  const timer = setInterval(() => {
    if (build.child.pid) peak = Math.max(peak, groupRss(build.child.pid))
  }, 250)
  try {
    await build.done
  } finally {
    clearInterval(timer)
    fs.closeSync(log)
  }
  // Gatsby's reporter colours and wraps long lines; undo both before reading figures.
  const output = fs
    .readFileSync(logFile, "utf8")
    // eslint-disable-next-line no-control-regex -- strips the terminal's escape sequences, which start with ESC
    .replace(/\u001b\[[0-9;]*[A-Za-z]/g, "")
    .replace(/[ \t]*\r?\n(?!(success|info|warn|error) )/g, " ")
  return { wallSeconds: (Date.now() - started) / 1000, peakRssMiB: peak / 2 ** 20, log: output }
}

/** Seconds of a Gatsby activity line such as `success Reading the catalogue ... - 1.234s`. */
function activitySeconds(log: string, name: RegExp): number | undefined {
  const lines = log.split(/\r?\n/).filter((line) => name.test(line) && /success/.test(line))
  const match = /- ([\d.]+)s/.exec(lines.at(-1) ?? "")
  return match ? Number(match[1]) : undefined
}

/**
 * The seconds of the build steps the site's own hooks drive: page creation,
 * the page queries (which read what createPages made) and onPostBuild.
 */
function hookSeconds(log: string) {
  return {
    createPages: activitySeconds(log, /success createPages - /),
    // "run page queries" when Gatsby runs them in its own process, "run queries in workers" otherwise.
    pageQueries: activitySeconds(log, /run (page )?queries/),
    onPostBuild: activitySeconds(log, /success onPostBuild - /),
  }
}

interface ImageFigures {
  /** Where the figures come from: the plugin's own summary line, or Gatsby's IMAGE_CDN jobs activity. */
  source: "plugin" | "IMAGE_CDN jobs" | "none"
  /** Pictures processed (the plugin) or jobs run (Gatsby: one job a variant). */
  processed?: number
  variants?: number
  seconds?: number
  reused?: number
}

/**
 * The build's image work: the plugin's line
 * `Catalogue images: 11260 processed (45040 variants) in 98.4s, 0 reused from the cache`,
 * else Gatsby's `Running gatsby.IMAGE_CDN jobs - 215.982s - 2408/2408`.
 */
function imageFigures(log: string): ImageFigures {
  const plugin = [...log.matchAll(/Catalogue images: (\d+) processed \((\d+) variants\) in ([\d.]+)s, (\d+) reused/g)].at(-1)
  if (plugin) {
    const [, processed, variants, seconds, reused] = plugin.map(Number)
    return { source: "plugin", processed, variants, seconds, reused }
  }
  const jobs = [...log.matchAll(/success Running gatsby\.IMAGE_CDN jobs - ([\d.]+)s - (\d+)\/(\d+)/g)].at(-1)
  if (jobs) return { source: "IMAGE_CDN jobs", processed: Number(jobs[2]), variants: Number(jobs[2]), seconds: Number(jobs[1]) }
  return { source: "none" }
}

/** Files and bytes under a folder, recursively; none when it is missing. */
function folderSize(dir: string): { files: number; bytes: number } {
  const total = { files: 0, bytes: 0 }
  const walk = (current: string) => {
    for (const entry of fs.readdirSync(current, { withFileTypes: true })) {
      const full = path.join(current, entry.name)
      if (entry.isDirectory()) walk(full)
      else if (entry.isFile()) {
        total.files++
        total.bytes += fs.statSync(full).size
      }
    }
  }
  if (fs.existsSync(dir)) walk(dir)
  return total
}

function htmlDigests(): Map<string, string> {
  const digests = new Map<string, string>()
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) walk(full)
      else if (entry.name.endsWith(".html")) digests.set(full, crypto.createHash("sha1").update(fs.readFileSync(full)).digest("hex"))
    }
  }
  walk(path.join(PROJECT_ROOT, "public"))
  return digests
}

/** How many HTML files of `after` differ from, or are missing in, `before`. */
function changedBetween(before: Map<string, string>, after: Map<string, string>): number {
  return [...after].filter(([file, digest]) => before.get(file) !== digest).length
}

/**
 * A cold build of the catalogue the last build had (.cache and public/ moved
 * aside into `workDir`), and the files whose bytes it wrote otherwise.
 */
async function coldBuildAgain(env: NodeJS.ProcessEnv, workDir: string) {
  const aside = path.join(workDir, "warm")
  fs.mkdirSync(aside)
  for (const name of [".cache", "public"]) fs.renameSync(path.join(PROJECT_ROOT, name), path.join(aside, name))
  const again = await timedBuild(env, path.join(workDir, "cold-again.log"))
  const differing = publicDifferences(path.join(aside, "public"), path.join(PROJECT_ROOT, "public"))
  return { coldBuildSeconds: again.wallSeconds, filesDiffering: differing.length, firstDiffering: differing.slice(0, 20) }
}

async function benchmark(content: CatalogueContent, names: string[], mode: Mode) {
  const episodes = content.episodes.length
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), `bench-${episodes}-${mode}-`))
  const db = openDatabase(databaseFile(workDir))
  writeCatalogue(db, content)
  db.close()
  linkBenchMedia(workDir, names)

  let cms: ChildProcess | undefined
  try {
    const server = await startReferenceServer({ port: await freePort(), dataDir: workDir, stdio: "ignore" })
    cms = server.child
    // The image store outlives `gatsby clean`: a store of the run's own keeps the cold build cold.
    const env: NodeJS.ProcessEnv = { ...server.buildEnv, CATALOGUE_IMAGE_SERVICE: MODES[mode], CATALOGUE_IMAGE_STORE: path.join(workDir, "image-store") }
    if (env.CATALOGUE_IMAGE_SERVICE === undefined) delete env.CATALOGUE_IMAGE_SERVICE
    await runToCompletion(COMMANDS.gatsby, ["clean"], { stdio: "ignore", env }).done

    const cold = await timedBuild(env, path.join(workDir, "cold.log"))
    const afterCold = htmlDigests()
    const imageOutput = folderSize(path.join(PROJECT_ROOT, "public", "_gatsby", "image"))
    // Gatsby's webpack compilation hash differs between the first and second
    // build after a clean even with nothing changed (gatsbyjs/gatsby#31628),
    // and the new hash is written into every page. One unchanged rebuild
    // first, so the edit is measured against the steady state editors see.
    const unchanged = await timedBuild(env, path.join(workDir, "unchanged.log"))
    const before = htmlDigests()
    let edit: { rebuildSeconds: number; htmlChangedByEdit: number; log: string } | undefined
    if (!skipEdit) {
      const edited = content.episodes[Math.floor(content.episodes.length / 2)]!
      await server.edit(`episodes/${edited.id}`, { title: `${edited.title} (edited)` })
      const warm = await timedBuild(env, path.join(workDir, "rebuild.log"))
      edit = { rebuildSeconds: warm.wallSeconds, htmlChangedByEdit: changedBetween(before, htmlDigests()), log: warm.log }
    }

    const sameAsCold = determinism ? await coldBuildAgain(env, workDir) : undefined

    // `info Catalogue: full read (no earlier read in the cache), 27 requests; 6 categories, ...`
    const requests = /Catalogue: [^;]*?(\d+)\s+requests;/.exec(cold.log)?.[1]
    const images = imageFigures(cold.log)
    const warmImages = imageFigures(unchanged.log)
    return {
      episodes,
      mode,
      pictures: names.length,
      requests: Number(requests),
      sourceSeconds: activitySeconds(cold.log, /Reading the catalogue/),
      imageFetchSeconds: activitySeconds(cold.log, /Fetching catalogue images/),
      imageJobsSeconds: activitySeconds(cold.log, /IMAGE_CDN jobs/) ?? 0,
      imageSource: images.source,
      imagesProcessed: images.processed,
      variants: images.variants,
      imageSeconds: images.seconds,
      // No jobs line in the rebuild of a build that had one: Gatsby ran no image job.
      warmImagesProcessed: warmImages.processed ?? (images.source === "IMAGE_CDN jobs" ? 0 : undefined),
      imageFiles: imageOutput.files,
      imageMiB: Math.round((imageOutput.bytes / 2 ** 20) * 10) / 10,
      totalSeconds: cold.wallSeconds,
      peakRssMiB: Math.round(cold.peakRssMiB),
      pagesWritten: afterCold.size,
      unchangedRebuildSeconds: unchanged.wallSeconds,
      htmlChangedByUnchangedRebuild: changedBetween(afterCold, before),
      rebuildSeconds: edit?.rebuildSeconds,
      htmlChangedByEdit: edit?.htmlChangedByEdit,
      coldHookSeconds: hookSeconds(cold.log),
      unchangedHookSeconds: hookSeconds(unchanged.log),
      editHookSeconds: edit && hookSeconds(edit.log),
      // With --determinism: 0 files differing, or the build is not reproducible.
      sameAsCold,
      logs: workDir,
    }
  } finally {
    if (cms) await stopProcess(cms)
  }
}

async function main() {
  const results = []
  for (const size of sizes) {
    // imagePool 0 is falsy: generateCatalogue gives each entity `/media/{kind}-{id}.jpg`.
    const content = generateCatalogue({ episodes: size, imagePool })
    const names = imageNames(content)
    console.log(`Catalogue of ${size} episodes (${imagePool ? `image pool ${imagePool}` : "distinct pictures"}):`)
    await drawBenchMedia(names)
    for (const mode of modes) {
      console.log(`Benchmarking ${size} episodes, images by ${mode === "build" ? "the build" : "the image service"} (${mode})${skipEdit ? ", no edit rebuild" : ""}...`)
      const result = await benchmark(content, names, mode)
      console.log(result)
      results.push(result)
    }
  }
  // A figure a run did not take (the edit with --skip-edit, image work no line told) is left blank.
  console.table(results.map(({ logs, ...figures }) => Object.fromEntries(Object.entries(figures).filter(([, value]) => value !== undefined))))
  const { out, ...options } = values
  writeBenchReport(benchReport("build", options, results), { out })
  const unlike = results.filter((result) => result.sameAsCold && result.sameAsCold.filesDiffering > 0)
  for (const result of unlike) {
    console.error(
      `${result.episodes} episodes (${result.mode}): a cold build of the same catalogue wrote ${result.sameAsCold!.filesDiffering} file(s) otherwise, e.g. ${result.sameAsCold!.firstDiffering.join(", ")}`,
    )
  }
  if (unlike.length) process.exitCode = 1
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
