import crypto from "node:crypto"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { parseArgs } from "node:util"
import type { ChildProcess } from "node:child_process"
import { databaseFile } from "../cms/src/config"
import { writeCatalogue } from "../cms/src/catalogue-writes"
import { openDatabase } from "../cms/src/database"
import { generateCatalogue } from "../cms/src/generate"
import { COMMANDS, PROJECT_ROOT, freePort, runToCompletion, stopProcess } from "./lib/processes"
import { startReferenceServer } from "./lib/reference-server"

/**
 * `npm run bench:build`: for each catalogue size, a cold `gatsby build`
 * against a generated catalogue, an unchanged rebuild, then one edited
 * episode title and a rebuild.
 * It cleans .cache/ and public/ first: it is a benchmark, not a build.
 */

const { values } = parseArgs({
  options: {
    sizes: { type: "string", default: "1000,10000" },
    "image-pool": { type: "string", default: "60" },
  },
})
const sizes = values.sizes.split(",").map(Number)
const imagePool = Number(values["image-pool"])

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

async function benchmark(episodes: number) {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), `bench-${episodes}-`))
  const content = generateCatalogue({ episodes, imagePool })
  const db = openDatabase(databaseFile(workDir))
  writeCatalogue(db, content)
  db.close()

  let cms: ChildProcess | undefined
  try {
    const server = await startReferenceServer({ port: await freePort(), dataDir: workDir, stdio: "ignore" })
    cms = server.child
    const env = server.buildEnv
    await runToCompletion(COMMANDS.gatsby, ["clean"], { stdio: "ignore", env }).done

    const cold = await timedBuild(env, path.join(workDir, "cold.log"))
    const afterCold = htmlDigests()
    // Gatsby's webpack compilation hash differs between the first and second
    // build after a clean even with nothing changed (gatsbyjs/gatsby#31628),
    // and the new hash is written into every page. One unchanged rebuild
    // first, so the edit is measured against the steady state editors see.
    const unchanged = await timedBuild(env, path.join(workDir, "unchanged.log"))
    const before = htmlDigests()
    const edited = content.episodes[Math.floor(content.episodes.length / 2)]!
    await server.edit(`episodes/${edited.id}`, { title: `${edited.title} (edited)` })
    const warm = await timedBuild(env, path.join(workDir, "rebuild.log"))
    const after = htmlDigests()

    const requests = /in (\d+)\s+requests/.exec(cold.log)?.[1]
    return {
      episodes,
      requests: Number(requests),
      sourceSeconds: activitySeconds(cold.log, /Reading the catalogue/),
      imageFetchSeconds: activitySeconds(cold.log, /Fetching catalogue images/),
      imageJobsSeconds: activitySeconds(cold.log, /IMAGE_CDN jobs/) ?? 0,
      totalSeconds: cold.wallSeconds,
      peakRssMiB: Math.round(cold.peakRssMiB),
      pagesWritten: afterCold.size,
      unchangedRebuildSeconds: unchanged.wallSeconds,
      htmlChangedByUnchangedRebuild: changedBetween(afterCold, before),
      rebuildSeconds: warm.wallSeconds,
      htmlChangedByEdit: changedBetween(before, after),
      logs: workDir,
    }
  } finally {
    if (cms) await stopProcess(cms)
  }
}

async function main() {
  const results = []
  for (const size of sizes) {
    console.log(`Benchmarking ${size} episodes (image pool ${imagePool})...`)
    const result = await benchmark(size)
    console.log(result)
    results.push(result)
  }
  console.table(results.map(({ logs, ...figures }) => figures))
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
