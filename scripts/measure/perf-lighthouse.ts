import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { parseArgs } from "node:util"
import { CHROMIUM_ARGS, chromiumPath } from "../lib/chromium"
import { PAGE_FAMILIES } from "../lib/page-families"
import { COMMANDS, PROJECT_ROOT, freePort, runToCompletion, stopProcess } from "../../node-kit/process/processes"
import { startReferenceServer } from "../lib/reference-server"
import { serveStatic } from "../../node-kit/http/static-server"
import { benchReport, writeBenchReport } from "../lib/bench-report"

/**
 * `npm run perf:lighthouse`: a benchmark, not a test (Lighthouse is noisy).
 * Builds the site against a fresh reference server, serves `public/` as a
 * production host would (gzip, long-lived hashed assets), then runs
 * Lighthouse 13 with its default mobile emulation and
 * simulated throttling on Debian's Chromium, `--runs` times per page family
 * (default 3), and prints the median of each figure. Run it with nothing
 * else on the machine. `--skip-build` measures the last build as it is.
 * Writes each family's medians and every run's figures as JSON to
 * reports/bench/lighthouse-<date>.json and lighthouse-latest.json
 * (`--out FILE`: to that file alone). `--chromium-flag F` (repeatable) adds
 * a flag to Chromium's, for comparing runs under another browser setting.
 */

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "3" },
    "skip-build": { type: "boolean", default: false },
    only: { type: "string" },
    out: { type: "string" },
    "chromium-flag": { type: "string", multiple: true, default: [] },
  },
})
const runs = Number(values.runs)
const families = values.only ? PAGE_FAMILIES.filter((family) => values.only!.split(",").includes(family.name)) : PAGE_FAMILIES

interface Figures {
  performance: number
  accessibility: number
  bestPractices: number
  seo: number
  lcpMs: number
  tbtMs: number
  cls: number
  /**
   * First contentful paint as the browser reported it in Lighthouse's own
   * load, before simulation. Lighthouse's simulated LCP counts every task
   * that ran before the observed paint, so a late one here shows as a late LCP.
   */
  observedFcpMs: number
  /**
   * Lighthouse's own measure of the host's CPU speed (higher is faster).
   * Simulated throttling multiplies the tasks it watched by four whatever the
   * host, so the same page scores lower on a slower day of this machine.
   */
  benchmarkIndex: number
  /** Audits under 100 % in the SEO, accessibility and best-practice categories, for the table's notes. */
  failing: string[]
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

/** One figure of the `metrics` audit's table (Lighthouse's `details.items[0]`), NaN when it is missing. */
function observedMetric(metrics: { details?: unknown } | undefined, name: string): number {
  const items = (metrics?.details as { items?: Record<string, unknown>[] } | undefined)?.items
  const value = items?.[0]?.[name]
  return typeof value === "number" ? value : NaN
}

async function audit(url: string): Promise<Figures> {
  // Both are ES modules only; this script runs as CommonJS.
  const { default: lighthouse } = await import("lighthouse")
  const chromeLauncher = await import("chrome-launcher")
  const chrome = await chromeLauncher.launch({ chromePath: chromiumPath(), chromeFlags: [...CHROMIUM_ARGS, ...values["chromium-flag"]] })
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
    })
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`)
    const { categories, audits } = result.lhr
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100)
    const failing = ["accessibility", "best-practices", "seo"].flatMap((id) =>
      (categories[id]?.auditRefs ?? []).filter((ref) => ref.weight > 0 && audits[ref.id]?.score !== null && (audits[ref.id]?.score ?? 1) < 1).map((ref) => `${id}: ${ref.id}`),
    )
    return {
      performance: score("performance"),
      accessibility: score("accessibility"),
      bestPractices: score("best-practices"),
      seo: score("seo"),
      lcpMs: audits["largest-contentful-paint"]?.numericValue ?? NaN,
      tbtMs: audits["total-blocking-time"]?.numericValue ?? NaN,
      cls: audits["cumulative-layout-shift"]?.numericValue ?? NaN,
      observedFcpMs: observedMetric(audits["metrics"], "observedFirstContentfulPaint"),
      benchmarkIndex: result.lhr.environment.benchmarkIndex,
      failing,
    }
  } finally {
    await chrome.kill()
  }
}

async function main() {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "perf-lighthouse-"))
  const server = await startReferenceServer({ port: await freePort(), dataDir: workDir, stdio: "ignore" })
  try {
    if (!values["skip-build"]) {
      console.log("Building the site against a fresh reference server...")
      await runToCompletion(COMMANDS.gatsby, ["build"], { stdio: "ignore", env: server.buildEnv }).done
    }
    const site = await serveStatic(path.join(PROJECT_ROOT, "public"))
    const rows: string[] = []
    const notes = new Set<string>()
    const measured: { family: string; url: string; median: Omit<Figures, "failing">; runs: Figures[] }[] = []
    try {
      for (const family of families) {
        // Lighthouse stops at a 404 status, so the not-found family is measured
        // at the page such an answer carries.
        const asked = `${site.origin}${family.path}`
        const url = (await fetch(asked)).status === 404 ? `${site.origin}/404.html` : asked
        const results: Figures[] = []
        for (let run = 0; run < runs; run++) results.push(await audit(url))
        const m = (pick: (figures: Figures) => number) => median(results.map(pick))
        const medians = {
          performance: m((f) => f.performance),
          accessibility: m((f) => f.accessibility),
          bestPractices: m((f) => f.bestPractices),
          seo: m((f) => f.seo),
          lcpMs: m((f) => f.lcpMs),
          tbtMs: m((f) => f.tbtMs),
          cls: m((f) => f.cls),
          observedFcpMs: m((f) => f.observedFcpMs),
          benchmarkIndex: m((f) => f.benchmarkIndex),
        }
        measured.push({ family: family.name, url: url.slice(site.origin.length), median: medians, runs: results })
        rows.push(
          `| ${family.name} | ${medians.performance} | ${medians.accessibility} | ${medians.bestPractices} | ` +
            `${medians.seo} | ${(medians.lcpMs / 1000).toFixed(2)} s | ${Math.round(medians.tbtMs)} ms | ${medians.cls.toFixed(3)} | ${Math.round(medians.observedFcpMs)} ms | ${Math.round(medians.benchmarkIndex)} |`,
        )
        for (const failing of results.flatMap((f) => f.failing)) notes.add(`${family.name}: ${failing}`)
        console.log(rows.at(-1))
      }
    } finally {
      await site.close()
    }
    console.log(`\nLighthouse 13, mobile, median of ${runs} runs per page family:\n`)
    console.log("| page family | performance | accessibility | best practices | SEO | LCP | TBT | CLS | observed FCP | host speed |\n|---|---|---|---|---|---|---|---|---|---|")
    console.log(rows.join("\n"))
    if (notes.size > 0) console.log(`\nAudits not passed in some run:\n${[...notes].map((note) => `- ${note}`).join("\n")}`)
    const { out, ...options } = values
    writeBenchReport(benchReport("lighthouse", options, measured), { out })
  } finally {
    await stopProcess(server.child)
  }
}

void main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
