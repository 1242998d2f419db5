import { execFileSync } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { PROJECT_ROOT } from "../../node-kit/process/processes"

/**
 * One shape for every benchmark's result file, so figures can be compared
 * across runs and commits without reading prose: what ran (`name`,
 * `options`), on what code (`commit`, `dirty`), when and where (`date`,
 * `machine`), and what it measured (`results`, the script's own shape).
 */
export interface BenchReport<Options, Results> {
  name: string
  /** `git rev-parse HEAD` of the project, or "unknown" outside a git checkout. */
  commit: string
  /** Present, and true, only when tracked files differ from `commit`: the figures belong to no commit. */
  dirty?: true
  /** ISO 8601, when the results were written. */
  date: string
  machine: { cpus: number; memoryGiB: number; node: string }
  /** The command-line options the run used, defaults included. */
  options: Options
  results: Results
}

/** Where benchmarks write their results; `reports/` is git-ignored. */
export const BENCH_REPORTS_DIR = path.join(PROJECT_ROOT, "reports", "bench")

/**
 * The commit checked out in `dir`, and whether tracked files have uncommitted
 * changes (untracked files are left out: scratch files and reports would
 * mark every run dirty). `{ commit: "unknown" }` when `dir` is no checkout.
 */
export function gitState(dir: string = PROJECT_ROOT): { commit: string; dirty?: true } {
  const git = (...args: string[]) => execFileSync("git", ["-C", dir, ...args], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim()
  try {
    const commit = git("rev-parse", "HEAD")
    return git("status", "--porcelain", "--untracked-files=no") === "" ? { commit } : { commit, dirty: true }
  } catch {
    return { commit: "unknown" }
  }
}

/** The report of a run that ends now: `results` with the commit, date, machine and options they came from. */
export function benchReport<Options, Results>(name: string, options: Options, results: Results, gitDir: string = PROJECT_ROOT): BenchReport<Options, Results> {
  const { commit, dirty } = gitState(gitDir)
  return {
    name,
    commit,
    ...(dirty ? { dirty } : {}),
    date: new Date().toISOString(),
    machine: { cpus: os.cpus().length, memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10, node: process.version },
    options,
    results,
  }
}

export interface WriteOptions {
  /** Write the report to this one file instead of the dated and the latest file (e.g. a "before" run of another commit). */
  out?: string
  /** The folder of the dated and latest files; BENCH_REPORTS_DIR unless a test says otherwise. */
  dir?: string
  /** Where to say which files were written; console.log by default. */
  log?: (line: string) => void
}

/**
 * Writes a report as `<dir>/<name>-<date>.json` (its ISO date with `:` and
 * `.` as `-`, valid on every file system) and `<dir>/<name>-latest.json`, or
 * to `out` alone when given, and prints where. Returns the absolute paths.
 */
export function writeBenchReport(report: BenchReport<unknown, unknown>, { out, dir = BENCH_REPORTS_DIR, log = console.log }: WriteOptions = {}): string[] {
  const files = out ? [path.resolve(out)] : [path.join(dir, `${report.name}-${report.date.replace(/[:.]/g, "-")}.json`), path.join(dir, `${report.name}-latest.json`)]
  const text = `${JSON.stringify(report, null, 2)}\n`
  for (const file of files) {
    fs.mkdirSync(path.dirname(file), { recursive: true })
    fs.writeFileSync(file, text)
  }
  log(`Results written to ${files.map((file) => path.relative(process.cwd(), file)).join(" and ")}`)
  return files
}
