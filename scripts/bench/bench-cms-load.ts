import { parseArgs } from "node:util"
import { benchReport, writeBenchReport } from "../lib/bench-report"

/**
 * A bounded loopback load test of the reference server's two hot write and
 * read paths, to compare SQLite drivers on one machine:
 *
 *   npm run bench:cms-load -- [base URL] [requests per path] [concurrency] [--out FILE]
 *
 * GET /api/search with a rotating set of words (FTS5 prefix queries), then
 * POST /api/subscribe with a fresh address each time (one committed insert,
 * synchronous=FULL). Prints requests/s and latency percentiles per path,
 * and writes them as JSON to reports/bench/cms-load-<date>.json and
 * cms-load-latest.json (`--out FILE`: to that file alone).
 * Run it against a server started on a throwaway CMS_DATA_DIR (it adds
 * subscriptions) with CMS_SUBSCRIBE_RATE_LIMIT=off: every request comes
 * from one address, which the server's limit stops after ten.
 */
const { values, positionals } = parseArgs({ allowPositionals: true, options: { out: { type: "string" } } })
const [base = "http://127.0.0.1:4000", perPath = "2000", concurrency = "8"] = positionals
const WORDS = ["dance", "yoga", "power", "core", "stretch", "salsa", "pilates", "box", "run", "hip hop", "zumba", "ballet"]

interface PathResult {
  path: string
  requests: number
  failures: number
  /** Of the failures, the 429s: the server's own rate limit, not its speed. */
  limited: number
  seconds: number
  p50: number
  p95: number
  p99: number
}

async function drive(path: string, total: number, request: (i: number) => Promise<Response>): Promise<PathResult> {
  const latencies: number[] = []
  let next = 0
  let failures = 0
  let limited = 0
  const started = performance.now()
  async function worker(): Promise<void> {
    while (next < total) {
      const i = next++
      const at = performance.now()
      const response = await request(i)
      await response.arrayBuffer()
      if (!response.ok) failures++
      if (response.status === 429) limited++
      latencies.push(performance.now() - at)
    }
  }
  await Promise.all(Array.from({ length: Number(concurrency) }, worker))
  const seconds = (performance.now() - started) / 1000
  latencies.sort((a, b) => a - b)
  const at = (q: number) => Number((latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN).toFixed(2))
  return { path, requests: total, failures, limited, seconds: Number(seconds.toFixed(2)), p50: at(0.5), p95: at(0.95), p99: at(0.99) }
}

async function main(): Promise<void> {
  const total = Number(perPath)
  const run = `${process.pid}-${Date.now()}`
  console.log(`node ${process.version}, ${total} requests per path, concurrency ${concurrency}, ${base}`)
  const results = [
    await drive("GET /api/search", total, (i) => fetch(`${base}/api/search?q=${encodeURIComponent(WORDS[i % WORDS.length] ?? "dance")}`)),
    await drive("POST /api/subscribe", total, (i) =>
      fetch(`${base}/api/subscribe`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: `load-${run}-${i}@example.com` }),
      }),
    ),
  ]
  for (const r of results) {
    console.log(`${r.path}: ${(r.requests / r.seconds).toFixed(0)} req/s, p50 ${r.p50} ms, p95 ${r.p95} ms, p99 ${r.p99} ms, ${r.failures} failed`)
    if (r.limited) console.log(`  ${r.limited} were 429: start the server with CMS_SUBSCRIBE_RATE_LIMIT=off to measure it.`)
  }
  const options = { base, requestsPerPath: total, concurrency: Number(concurrency) }
  const perSecond = results.map((r) => ({ ...r, requestsPerSecond: Math.round(r.requests / r.seconds) }))
  writeBenchReport(benchReport("cms-load", options, perSecond), { out: values.out })
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
