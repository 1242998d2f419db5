import type { ChildProcess } from "node:child_process"
import { randomBytes, randomUUID } from "node:crypto"
import fs from "node:fs"
import http from "node:http"
import os from "node:os"
import path from "node:path"
import { parseArgs } from "node:util"
import { signWebhook } from "../../contract/webhook-signature"
import { freePort, PROJECT_ROOT, startProcess, stopProcess, waitForHttp } from "../../node-kit/process/processes"
import { startVarnish, type RunningVarnish } from "../lib/varnish"
import { benchReport, gitState, writeBenchReport } from "../lib/bench-report"

/**
 * `npm run bench:webhook-flood`: what forged webhooks cost visitors. A
 * publisher (its server process, from `--project`, default this repository)
 * serves a small fake release (the tests' fake build, no Gatsby); visitors
 * fetch three pages all the while, first alone (`--baseline-seconds`), then
 * while forged 1 MiB deliveries arrive at `--rate` a second for
 * `--seconds` (bounded, 127.0.0.1 only). Forged means plausible: fresh
 * timestamp, a well-formed `v1` signature, so the publisher must read the
 * body and compute the HMAC to refuse it. `--sources N` sends them from N
 * loopback addresses (127.0.0.2, …) to measure the verification alone
 * without a per-address limit stepping in.
 *
 * Meanwhile the CMS sends a signed delivery every second (`--signed-rate`)
 * from the flood's own first address (the hard case: the CMS and the
 * attacker behind one NAT or proxy), and each answer is counted: all must
 * be taken. `--through-varnish` puts Varnish (deploy/varnish/site.vcl) in
 * front, with the publisher trusting it (PUBLISHER_TRUST_PROXY=127.0.0.1),
 * as a CDN arrangement runs.
 *
 * Prints the visitors' p50/p95/p99 and requests a second for both phases,
 * the publisher's CPU and log lines during the flood, and the forged
 * deliveries' answers; writes the same as JSON to
 * reports/bench/webhook-flood-<date>.json and webhook-flood-latest.json
 * (`--out FILE`: to that file alone).
 *
 * Before and after a change: run it here, and with `--project` pointing at a
 * worktree of the older commit (`git worktree add /tmp/before <commit>`,
 * node_modules linked in), on the same machine.
 */

const { values } = parseArgs({
  options: {
    project: { type: "string", default: PROJECT_ROOT },
    rate: { type: "string", default: "50" },
    seconds: { type: "string", default: "30" },
    "baseline-seconds": { type: "string", default: "10" },
    "body-bytes": { type: "string", default: String(1024 * 1024) },
    sources: { type: "string", default: "1" },
    visitors: { type: "string", default: "2" },
    "signed-rate": { type: "string", default: "1" },
    "through-varnish": { type: "boolean", default: false },
    out: { type: "string" },
    /** Internal: this script started again as the flood's own process, sending to this URL and printing its tally. */
    "flood-only": { type: "string" },
  },
})
const settings = {
  project: path.resolve(values.project),
  rate: Number(values.rate),
  seconds: Number(values.seconds),
  baselineSeconds: Number(values["baseline-seconds"]),
  bodyBytes: Number(values["body-bytes"]),
  sources: Math.min(Math.max(Number(values.sources), 1), 250),
  visitors: Math.min(Math.max(Number(values.visitors), 1), 8),
  signedRate: Math.min(Math.max(Number(values["signed-rate"]), 0), 20),
  throughVarnish: values["through-varnish"] ?? false,
  /** Forged deliveries under way at most: past it the client skips one rather than pile up (counted). */
  maxInFlight: 32,
}
const PAGES = ["/", "/series/101/", "/episode/1001/"] as const
// The flood's own process signs the CMS's deliveries with the publisher's secret: handed down in its environment.
const SECRET = process.env.BENCH_WEBHOOK_SECRET ?? `whsec_${randomBytes(32).toString("base64")}`
const FAKE_BUILD = path.join(PROJECT_ROOT, "__tests__", "publisher", "helpers", "fake-build.js")

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

function percentile(sorted: readonly number[], p: number): number {
  return sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}

const round = (ms: number) => Math.round(ms * 10) / 10

/** CPU seconds (user + system) of every process in the group, from /proc; NaN without /proc. */
function groupCpuSeconds(pgid: number): number {
  if (!fs.existsSync("/proc/self/stat")) return Number.NaN
  let ticks = 0
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8")
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ")
      if (Number(fields[2]) === pgid) ticks += Number(fields[11]) + Number(fields[12])
    } catch {
      // The process ended between the listing and the read.
    }
  }
  // Linux's USER_HZ is 100 everywhere Node runs.
  return ticks / 100
}

/** A folder standing in for the project's sources, and a fake build plan that adds an episode page. */
function prepareFolders() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-webhook-flood-"))
  const source = path.join(dir, "project")
  fs.mkdirSync(path.join(source, "src"), { recursive: true })
  fs.writeFileSync(path.join(source, "package.json"), JSON.stringify({ name: "fake-site", private: true }))
  fs.writeFileSync(path.join(source, "src", "page.txt"), "the site's sources")
  const episode = `<!doctype html><html><body><h1>Episode 1001</h1><p>${"A description of the episode. ".repeat(400)}</p></body></html>`
  fs.writeFileSync(path.join(dir, "plan.json"), JSON.stringify({ version: "bench", files: { "episode/1001/index.html": episode } }))
  return { dir, source, plan: path.join(dir, "plan.json") }
}

/** The publisher's server process alone (no supervisor: one pid to measure), its output counted in lines. */
async function startPublisherProcess(folders: ReturnType<typeof prepareFolders>, port: number) {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: "production",
    LOG_LEVEL: "info",
    LOG_FORMAT: "json",
    PUBLISHER_HOST: "127.0.0.1",
    PUBLISHER_PORT: String(port),
    PUBLISHER_DATA_DIR: path.join(folders.dir, "data"),
    PUBLISHER_SOURCE_DIR: folders.source,
    PUBLISHER_BUILD_COMMAND: `"${process.execPath}" "${FAKE_BUILD}"`,
    PUBLISHER_CHANGES_POLL_MS: "0",
    ...(settings.throughVarnish ? { PUBLISHER_TRUST_PROXY: "127.0.0.1" } : {}),
    PUBLISH_WEBHOOK_SECRET: SECRET,
    PUBLISHER_ADMIN_TOKEN: randomBytes(24).toString("base64url"),
    FAKE_BUILD_PLAN: folders.plan,
  }
  const script =
    ["process/server-process.ts", "server-process.ts"].map((file) => path.join(settings.project, "publisher/src", file)).find((file) => fs.existsSync(file)) ??
    "publisher/src/process/server-process.ts"
  const child = startProcess([process.execPath, "--import", "tsx", script], [], { cwd: settings.project, env, stdio: ["ignore", "pipe", "pipe"] })
  const output = { lines: 0, warnings: 0, tail: [] as string[] }
  const count = (chunk: Buffer) => {
    for (const line of chunk.toString("utf8").split("\n").filter(Boolean)) {
      output.lines += 1
      if (/"level":40/.test(line)) output.warnings += 1
      output.tail = [...output.tail.slice(-4), line.slice(0, 300)]
    }
  }
  child.stdout?.on("data", count)
  child.stderr?.on("data", count)
  const url = `http://127.0.0.1:${port}`
  await waitForHttp(`${url}/robots.txt`, child, 120_000)
  return { child, url, output }
}

interface Latencies {
  durations: number[]
  failures: number
}

/** Visitors fetching the three pages one after another, a short pause between, until `stop()`. */
function startVisitors(url: string) {
  let running = true
  let current: Latencies = { durations: [], failures: 0 }
  const visitor = async (offset: number) => {
    for (let i = offset; running; i += 1) {
      const page = PAGES[i % PAGES.length]!
      const started = performance.now()
      try {
        const response = await fetch(`${url}${page}`)
        await response.arrayBuffer()
        if (response.status === 200) current.durations.push(performance.now() - started)
        else current.failures += 1
      } catch {
        current.failures += 1
      }
      await sleep(50)
    }
  }
  const loops = Array.from({ length: settings.visitors }, (_, index) => visitor(index))
  return {
    /** Starts a new phase's measurements; returns the last phase's. */
    phase: (): Latencies => {
      const done = current
      current = { durations: [], failures: 0 }
      return done
    },
    stop: async () => {
      running = false
      await Promise.all(loops)
    },
  }
}

function summarize(latencies: Latencies, seconds: number) {
  const sorted = [...latencies.durations].sort((a, b) => a - b)
  return {
    requests: sorted.length,
    failures: latencies.failures,
    requestsPerSecond: round(sorted.length / seconds),
    p50Ms: round(percentile(sorted, 50)),
    p95Ms: round(percentile(sorted, 95)),
    p99Ms: round(percentile(sorted, 99)),
    maxMs: round(sorted.at(-1) ?? Number.NaN),
  }
}

/** POSTs one delivery from `localAddress`, signed with `signature(id, timestamp)`; resolves with the answer's status (or the error's code). */
function deliver(url: string, body: Buffer, localAddress: string, signature: (id: string, timestamp: number) => string): Promise<string> {
  return new Promise((resolve) => {
    const id = `msg_${randomUUID()}`
    const timestamp = Math.floor(Date.now() / 1000)
    const headers = {
      "content-type": "application/json",
      "content-length": String(body.length),
      "webhook-id": id,
      "webhook-timestamp": String(timestamp),
      "webhook-signature": signature(id, timestamp),
    }
    const request = http.request(`${url}/hooks/catalogue`, { method: "POST", headers, localAddress, agent: false })
    request.on("response", (response) => {
      response.resume()
      response.on("end", () => resolve(String(response.statusCode)))
    })
    request.on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? "error"))
    request.end(body)
  })
}

/** One forged delivery: plausible headers (a well-formed `v1` signature of nothing), a body of the given size. */
const sendForged = (url: string, body: Buffer, localAddress: string) => deliver(url, body, localAddress, () => `v1,${randomBytes(32).toString("base64")}`)

const CMS_DELIVERY = Buffer.from(JSON.stringify({ event: "publish", refs: [{ type: "episode", id: "1001" }] }))

/** One signed delivery, as the CMS sends it (one episode changed). */
const sendSigned = (url: string, localAddress: string) => deliver(url, CMS_DELIVERY, localAddress, (id, timestamp) => signWebhook(SECRET, { id, timestamp, body: CMS_DELIVERY }))

/** The CMS's signed deliveries, `signedRate` a second until `stop()`, from the flood's first address; answers counted by status. */
function startSigned(url: string) {
  const answers: Record<string, number> = {}
  const pending: Promise<void>[] = []
  let running = settings.signedRate > 0
  const loop = (async () => {
    while (running) {
      await sleep(1000 / settings.signedRate)
      if (!running) break
      pending.push(sendSigned(url, "127.0.0.2").then((answer) => void (answers[answer] = (answers[answer] ?? 0) + 1)))
    }
  })()
  return {
    stop: async () => {
      running = false
      await loop
      await Promise.all(pending)
      return { sent: Object.values(answers).reduce((sum, count) => sum + count, 0), from: "127.0.0.2", answers }
    },
  }
}

/** `rate` forged deliveries a second for `seconds`, on a fixed schedule; answers counted by status. */
async function flood(url: string) {
  const padding = settings.bodyBytes - JSON.stringify({ event: "publish", refs: [], padding: "" }).length
  const body = Buffer.from(JSON.stringify({ event: "publish", refs: [], padding: "x".repeat(Math.max(padding, 0)) }))
  const answers: Record<string, number> = {}
  const signed = startSigned(url)
  let inFlight = 0
  let skipped = 0
  const pending: Promise<void>[] = []
  const total = Math.round(settings.rate * settings.seconds)
  const start = performance.now()
  for (let i = 0; i < total; i += 1) {
    const due = start + (i * 1000) / settings.rate
    if (due > performance.now()) await sleep(due - performance.now())
    if (inFlight >= settings.maxInFlight) {
      skipped += 1
      continue
    }
    inFlight += 1
    const source = `127.0.0.${2 + (i % settings.sources)}`
    pending.push(
      sendForged(url, body, source).then((answer) => {
        answers[answer] = (answers[answer] ?? 0) + 1
        inFlight -= 1
      }),
    )
  }
  await Promise.all(pending)
  return { sent: total - skipped, skippedClientBusy: skipped, answers, seconds: round((performance.now() - start) / 1000), signed: await signed.stop() }
}

/**
 * The flood from a process of its own: sending 50 MiB a second must not
 * delay the visitors' event loop, or their times would measure the sender.
 */
async function floodFromChild(url: string, onStart: () => void) {
  const args = ["--import", "tsx", __filename, "--flood-only", url, "--rate", String(settings.rate), "--seconds", String(settings.seconds)]
  const child = startProcess(
    [process.execPath, ...args],
    ["--body-bytes", String(settings.bodyBytes), "--sources", String(settings.sources), "--signed-rate", String(settings.signedRate)],
    {
      stdio: ["ignore", "pipe", "inherit"],
      env: { ...process.env, BENCH_WEBHOOK_SECRET: SECRET },
    },
  )
  let output = ""
  child.stdout?.on("data", (chunk: Buffer) => {
    // Its first line says it runs: what came before (tsx starting) is not the flood.
    if (output === "" && chunk.length > 0) onStart()
    output += chunk.toString("utf8")
  })
  await new Promise<void>((resolve, reject) => {
    child.once("error", reject)
    child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`The flood's process ended with exit code ${code}`))))
  })
  return JSON.parse(output.slice(output.indexOf("\n") + 1)) as Awaited<ReturnType<typeof flood>>
}

async function measure(url: string, child: ChildProcess) {
  const visitors = startVisitors(url)
  await sleep(3000)
  visitors.phase()
  await sleep(settings.baselineSeconds * 1000)
  const baseline = summarize(visitors.phase(), settings.baselineSeconds)
  let cpuBefore = Number.NaN
  let floodStarted = Number.NaN
  const forged = await floodFromChild(url, () => {
    visitors.phase()
    cpuBefore = groupCpuSeconds(child.pid!)
    floodStarted = performance.now()
  })
  const floodSeconds = (performance.now() - floodStarted) / 1000
  const cpu = groupCpuSeconds(child.pid!) - cpuBefore
  const during = summarize(visitors.phase(), floodSeconds)
  await visitors.stop()
  return { baseline, flood: { ...during, forged, publisherCpuSeconds: round(cpu), publisherCpuPercentOfOneCore: round((100 * cpu) / floodSeconds) } }
}

async function main() {
  const folders = prepareFolders()
  const port = await freePort()
  const publisher = await startPublisherProcess(folders, port)
  let varnish: RunningVarnish | undefined
  try {
    if (settings.throughVarnish) varnish = await startVarnish({ origin: { host: "127.0.0.1", port } })
    const linesBefore = publisher.output.lines
    const warningsBefore = publisher.output.warnings
    const result = await measure(varnish?.url ?? publisher.url, publisher.child)
    const results = {
      // The publisher measured: this checkout's, or another's with --project.
      projectCommit: gitState(settings.project),
      ...result,
      publisherLog: { linesDuringRun: publisher.output.lines - linesBefore, warnings: publisher.output.warnings - warningsBefore },
    }
    const options = { ...settings, pages: PAGES }
    const report = benchReport("webhook-flood", options, results)
    console.log(JSON.stringify(report, null, 2))
    writeBenchReport(report, { out: values.out })
  } finally {
    await varnish?.stop()
    await stopProcess(publisher.child)
    fs.rmSync(folders.dir, { recursive: true, force: true })
  }
}

async function floodOnly(url: string) {
  console.log("flooding")
  console.log(JSON.stringify(await flood(url)))
}

const run = values["flood-only"] ? floodOnly(values["flood-only"]) : main()
run.catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
