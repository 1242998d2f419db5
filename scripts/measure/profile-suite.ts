/**
 * Where the test suite's CPU goes: runs Jest (arguments after `--` are
 * passed on) while reading every process's CPU time from /proc once a
 * second, and charges it to the test file its Jest worker was running
 * (__tests__/setup/profile-marks.ts notes which) and to a kind of process:
 * gatsby builds, Chromium, the Jest workers themselves, the reference
 * server, the publisher, and so on. Processes the global setup started (the
 * suite's build, its reference server and site) are "global setup".
 *
 * Writes reports/suite-profile/latest.json and reports/suite-profile/latest.md, with a timeline:
 * each file's start and end, and how busy both cores were. Linux only (/proc).
 *
 *   npm run profile:suite                      the whole suite
 *   npm run profile:suite -- --selectProjects browser
 */
import { spawn } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { PROJECT_ROOT } from "../../node-kit/process/processes"

const TICKS_PER_SECOND = 100
const SAMPLE_MS = 1000
const OUT_DIR = path.join(PROJECT_ROOT, "reports", "suite-profile")

interface ProcessSample {
  ppid: number
  cpuTicks: number
  kind: string
}

/** What a process is, from its command line. */
export function kindOf(command: string): string {
  if (/chrom(e|ium)/i.test(command)) return "chromium"
  if (/gatsby(\/dist\/bin)?\/?[^ ]* build|gatsby-cli.*build|\bgatsby build\b/.test(command)) return "gatsby build"
  if (/gatsby.*worker|jest-worker.*gatsby|gatsby\/dist\/utils\/worker/.test(command)) return "gatsby build"
  if (/jest-worker|jest\/build|processChild/.test(command)) return "jest"
  if (/cms\/src\/main\.ts/.test(command)) return "reference server"
  if (/publisher\/src\/main\.ts|publisher\/src\/process/.test(command)) return "publisher"
  if (/scripts\/serve\.ts/.test(command)) return "static server"
  if (/@strapi\/strapi\/bin\/strapi\.js|integrations\/strapi/.test(command)) return "strapi"
  if (/varnishd/.test(command)) return "varnish"
  if (/java|vnu/.test(command)) return "nu checker"
  return "other"
}

function readProcesses(): Map<number, ProcessSample> {
  const now = new Map<number, ProcessSample>()
  for (const name of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, "utf8")
      // The command name is in parentheses and may hold spaces: the fields start after its closing one.
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ")
      const command = fs.readFileSync(`/proc/${name}/cmdline`, "utf8").replace(/\0/g, " ")
      now.set(Number(name), { ppid: Number(fields[1]), cpuTicks: Number(fields[11]) + Number(fields[12]), kind: kindOf(command) })
    } catch {
      // Gone between the listing and the read.
    }
  }
  return now
}

/** Every core's ticks since boot from /proc/stat, in all and idle (idle and waiting for I/O). */
function readMachineTicks(): { total: number; idle: number } {
  const fields = fs.readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).slice(1).map(Number)
  return { total: fields.reduce((sum, value) => sum + value, 0), idle: (fields[3] ?? 0) + (fields[4] ?? 0) }
}

interface Mark {
  pid: number
  at: number
  event: string
  file: string
}

function readMarks(file: string): Mark[] {
  if (!fs.existsSync(file)) return []
  return fs
    .readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => {
      const [pid, at, event, testFile] = line.split("\t")
      return { pid: Number(pid), at: Number(at), event: event ?? "", file: path.relative(PROJECT_ROOT, testFile ?? "") }
    })
}

/** CPU seconds by owner (a test file, or the global setup) and kind of process, from /proc samples. */
class CpuLedger {
  readonly charged = new Map<string, Map<string, number>>()
  totalTicks = 0
  /** The whole machine's busy share of each sample's second (0 to 1), in order: where the cores sat idle. */
  readonly busy: number[] = []
  private readonly previous = new Map<number, number>()
  private previousMachine = readMachineTicks()

  constructor(
    private readonly rootPid: number,
    private readonly marksFile: string,
  ) {
    // Processes that were running before Jest are not the suite's.
    for (const [pid, { cpuTicks }] of readProcesses()) this.previous.set(pid, cpuTicks)
  }

  sample(): void {
    const machine = readMachineTicks()
    const total = machine.total - this.previousMachine.total
    if (total > 0) this.busy.push((total - (machine.idle - this.previousMachine.idle)) / total)
    this.previousMachine = machine
    const processes = readProcesses()
    // Each worker's current file: its latest start.
    const running = new Map<number, string>()
    for (const mark of readMarks(this.marksFile)) if (mark.event === "start") running.set(mark.pid, mark.file)
    const ownerOf = (pid: number): string | undefined => {
      for (let at = pid, hops = 0; at > 1 && hops < 64; hops++) {
        if (running.has(at)) return running.get(at)
        if (at === this.rootPid) return "global setup and Jest's own process"
        at = processes.get(at)?.ppid ?? 0
      }
      return undefined
    }
    for (const [pid, { cpuTicks, kind }] of processes) {
      const delta = cpuTicks - (this.previous.get(pid) ?? 0)
      this.previous.set(pid, cpuTicks)
      const owner = delta > 0 ? ownerOf(pid) : undefined
      if (!owner) continue
      this.totalTicks += delta
      const kinds = this.charged.get(owner) ?? new Map<string, number>()
      kinds.set(kind, (kinds.get(kind) ?? 0) + delta / TICKS_PER_SECOND)
      this.charged.set(owner, kinds)
    }
  }
}

interface JestResults {
  startTime: number
  numFailedTests: number
  numPassedTests: number
  testResults: { name: string; startTime: number; endTime: number }[]
}

const tenths = (value: number) => Math.round(value * 10) / 10
const sortedEntries = (kinds: Map<string, number>, round: (value: number) => number) =>
  Object.fromEntries([...kinds].sort((a, b) => b[1] - a[1]).map(([kind, seconds]) => [kind, round(seconds)]))

function reportOf(ledger: CpuLedger, results: JestResults | undefined, wallSeconds: number, exitCode: number) {
  const files = [...ledger.charged]
    .map(([file, kinds]) => {
      const result = results?.testResults.find((entry) => path.relative(PROJECT_ROOT, entry.name) === file)
      return {
        file,
        cpuSeconds: tenths([...kinds.values()].reduce((sum, seconds) => sum + seconds, 0)),
        wallSeconds: result ? tenths((result.endTime - result.startTime) / 1000) : null,
        byKind: sortedEntries(kinds, tenths),
      }
    })
    .sort((a, b) => b.cpuSeconds - a.cpuSeconds)
  const kinds = new Map<string, number>()
  for (const [, byKind] of ledger.charged) for (const [kind, seconds] of byKind) kinds.set(kind, (kinds.get(kind) ?? 0) + seconds)
  return {
    at: new Date().toISOString(),
    cores: os.cpus().length,
    exitCode,
    tests: results ? { passed: results.numPassedTests, failed: results.numFailedTests } : null,
    wallSeconds: Math.round(wallSeconds),
    // Jest's own "Time:" counts from after the global setup to the last file's end.
    jestSeconds: results ? Math.round((Math.max(...results.testResults.map((file) => file.endTime)) - results.startTime) / 1000) : null,
    cpuSeconds: Math.round(ledger.totalTicks / TICKS_PER_SECOND),
    byKind: sortedEntries(kinds, Math.round),
    files,
    timeline: timelineOf(ledger, results),
  }
}

const TIMELINE_STEP_S = 10

/**
 * When each file ran, in seconds from Jest's start, and how busy the
 * machine was in each ten seconds: the schedule's idle stretches (a long
 * file alone at the end, files waiting on one build) show there.
 */
function timelineOf(ledger: CpuLedger, results: JestResults | undefined) {
  const busyPercent: number[] = []
  for (let at = 0; at < ledger.busy.length; at += TIMELINE_STEP_S) {
    const window = ledger.busy.slice(at, at + TIMELINE_STEP_S)
    busyPercent.push(Math.round((100 * window.reduce((sum, value) => sum + value, 0)) / window.length))
  }
  const files = (results?.testResults ?? [])
    .map((entry) => ({
      file: path.relative(PROJECT_ROOT, entry.name),
      start: Math.round((entry.startTime - results!.startTime) / 1000),
      end: Math.round((entry.endTime - results!.startTime) / 1000),
    }))
    .sort((a, b) => a.start - b.start)
  return { stepSeconds: TIMELINE_STEP_S, busyPercent, files }
}

function writeReport(report: ReturnType<typeof reportOf>): string {
  fs.mkdirSync(OUT_DIR, { recursive: true })
  fs.writeFileSync(path.join(OUT_DIR, "latest.json"), `${JSON.stringify(report, null, 2)}\n`)
  const kinds = (byKind: Record<string, number>, count: number) =>
    Object.entries(byKind)
      .slice(0, count)
      .map(([kind, seconds]) => `${kind} ${seconds}`)
      .join(", ")
  const lines = [
    `# Suite profile, ${report.at}`,
    "",
    `${report.cores} cores; wall ${report.wallSeconds} s (Jest's tests ${report.jestSeconds} s); CPU ${report.cpuSeconds} s; exit ${report.exitCode}.`,
    "",
    `CPU seconds by kind of process: ${kinds(report.byKind, 20)}.`,
    "",
    "| test file | CPU s | wall s | CPU s by process |",
    "|---|---|---|---|",
    ...report.files.map((file) => `| ${file.file} | ${file.cpuSeconds} | ${file.wallSeconds ?? ""} | ${kinds(file.byKind, 4)} |`),
    "",
    `## Timeline`,
    "",
    `Both cores' busy share, per ${report.timeline.stepSeconds} s from the start: ${report.timeline.busyPercent.join(" ")}.`,
    "",
    "Files that ran 20 s or more, by start (seconds from Jest's start):",
    "",
    ...report.timeline.files.filter((file) => file.end - file.start >= 20).map((file) => `- ${file.start}–${file.end}: ${file.file}`),
  ]
  const markdown = path.join(OUT_DIR, "latest.md")
  fs.writeFileSync(markdown, `${lines.join("\n")}\n`)
  return markdown
}

async function main(): Promise<void> {
  const jestArgs = process.argv.slice(2).filter((arg) => arg !== "--")
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "suite-profile-"))
  const marksFile = path.join(work, "marks.tsv")
  const resultsFile = path.join(work, "jest.json")
  const started = Date.now()
  const jest = spawn(path.join(PROJECT_ROOT, "node_modules", ".bin", "jest"), ["--json", `--outputFile=${resultsFile}`, ...jestArgs], {
    cwd: PROJECT_ROOT,
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...process.env, GATSBY_TELEMETRY_DISABLED: "1", SUITE_PROFILE_MARKS: marksFile },
  })
  const ledger = new CpuLedger(jest.pid ?? -1, marksFile)
  const timer = setInterval(() => ledger.sample(), SAMPLE_MS)
  const exitCode = await new Promise<number>((resolve) => jest.on("exit", (code) => resolve(code ?? 1)))
  clearInterval(timer)
  ledger.sample()
  const results = fs.existsSync(resultsFile) ? (JSON.parse(fs.readFileSync(resultsFile, "utf8")) as JestResults) : undefined
  const markdown = writeReport(reportOf(ledger, results, (Date.now() - started) / 1000, exitCode))
  process.stdout.write(`\nSuite profile: ${path.relative(PROJECT_ROOT, markdown)}\n`)
  fs.rmSync(work, { recursive: true, force: true })
  process.exit(exitCode)
}

if (require.main === module) void main()
