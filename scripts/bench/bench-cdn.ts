import { execFile } from "node:child_process"
import crypto from "node:crypto"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { parseArgs, promisify } from "node:util"
import { secretKeys, signWebhook, WEBHOOK_HEADERS } from "../../contract/webhook-signature"
import { freePort, PROJECT_ROOT } from "../../node-kit/process/processes"
import { startVarnish, varnishCounter, type RunningVarnish } from "../lib/varnish"
import { readConfig, startPublisher, type Publisher } from "../../publisher/src"
import { benchReport, writeBenchReport } from "../lib/bench-report"
import { startReleasePoller } from "../lib/release-poller"

/**
 * `npm run bench:cdn`: the same page mix served by the publisher alone and
 * through Varnish (deploy/varnish/site.vcl) on this machine, in one run.
 *
 *   npm run bench:cdn -- [--site public] [--seconds 20] [--load-seconds 60]
 *                        [--release-every 15] [--connections 50] [--threads 2] [--outage 300] [--out FILE]
 *
 * The site is a finished build (`npm run build` makes public/), copied
 * aside first. The publisher serves it as its release; its "build" copies it
 * again and gives app-data.json a new compilation hash, so every release is
 * a code deploy and purges everything: the worst case for the origin.
 *
 * 1. Throughput: wrk (`apt-get install wrk`), `--connections` at once for `--seconds`, over
 *    the mix (pages, their page-data, app-data.json, the app script), with
 *    a browser's Accept-Encoding, against the publisher, then through a
 *    warmed Varnish: requests per second, p50, p95, p97.5, p99, non-2xx.
 * 2. Origin requests: the same load through Varnish for `--load-seconds`
 *    while a webhook makes a release every `--release-every` s; Varnish's
 *    MAIN.backend_req counts what reached the origin, per page of the mix
 *    per release. A poller counts non-200 and mixed releases meanwhile.
 * 3. Outage (`--outage` s, 0 to skip): the publisher stopped while a poller
 *    asks Varnish for the mix; then started again, one edit, and the
 *    seconds until Varnish serves it.
 *
 * Writes reports/bench/cdn-<date>.json and cdn-latest.json (`--out FILE`: that file alone).
 */
const { values } = parseArgs({
  options: {
    site: { type: "string", default: path.join(PROJECT_ROOT, "public") },
    seconds: { type: "string", default: "20" },
    "load-seconds": { type: "string", default: "60" },
    "release-every": { type: "string", default: "15" },
    connections: { type: "string", default: "50" },
    threads: { type: "string", default: "2" },
    outage: { type: "string", default: "300" },
    out: { type: "string" },
  },
})
const options = {
  site: path.resolve(values.site!),
  seconds: Number(values.seconds),
  loadSeconds: Number(values["load-seconds"]),
  releaseEvery: Number(values["release-every"]),
  connections: Number(values.connections),
  threads: Number(values.threads),
  outage: Number(values.outage),
}
const ACCEPT_ENCODING = "gzip, deflate, br"
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Up to three pages of each family, their page-data, app-data.json and the app script: what a visit asks for. */
function pageMix(site: string): string[] {
  const pages = ["/"]
  for (const family of ["category", "subcategory", "series", "detail"]) {
    const folder = path.join(site, family)
    if (!fs.existsSync(folder)) continue
    const ids = fs
      .readdirSync(folder)
      .filter((id) => fs.existsSync(path.join(folder, id, "index.html")))
      .sort((a, b) => Number(a) - Number(b))
    for (const id of ids.slice(0, 3)) pages.push(`/${family}/${id}/`)
  }
  const pageData = pages.map((page) => `/page-data${page === "/" ? "/index" : page.replace(/\/$/, "")}/page-data.json`).filter((file) => fs.existsSync(path.join(site, file)))
  const app = /src="\/(app-[0-9a-f]+\.js)"/.exec(fs.readFileSync(path.join(site, "index.html"), "utf8"))?.[1]
  return [...pages, ...pageData, "/page-data/app-data.json", ...(app ? [`/${app}`] : [])]
}

interface LoadFigures {
  requestsPerSecond: number
  requests: number
  p50Ms: number
  p95Ms: number
  p975Ms: number
  p99Ms: number
  non2xx: number
  errors: number
}

/**
 * wrk (Debian's `wrk`, C and epoll): `--connections` over `--threads`,
 * each connection asking for the mix in turn. Node load generators
 * (autocannon) topped out near 8 000 requests/s here, below what Varnish
 * answers, so they measured themselves.
 */
async function load(url: string, mix: string[], seconds: number, dir: string): Promise<LoadFigures> {
  const script = path.join(dir, "mix.lua")
  fs.writeFileSync(
    script,
    `local paths = { ${mix.map((page) => JSON.stringify(page)).join(", ")} }
local i = 0
request = function()
  i = i % #paths + 1
  return wrk.format("GET", paths[i], { ["Accept-Encoding"] = "${ACCEPT_ENCODING}" })
end
done = function(summary, latency, requests)
  local errors = summary.errors
  io.write(string.format('RESULT {"requests":%d,"micros":%d,"p50":%.3f,"p95":%.3f,"p975":%.3f,"p99":%.3f,"non2xx":%d,"errors":%d}\\n',
    summary.requests, summary.duration, latency:percentile(50) / 1000, latency:percentile(95) / 1000, latency:percentile(97.5) / 1000, latency:percentile(99) / 1000,
    errors.status, errors.connect + errors.read + errors.write + errors.timeout))
end
`,
  )
  // Not a synchronous call: releases and the poller run beside it in this process.
  const { stdout: out } = await promisify(execFile)("wrk", ["-t", String(options.threads), "-c", String(options.connections), "-d", `${seconds}s`, "-s", script, url], {
    encoding: "utf8",
  })
  const line = /RESULT (\{.*\})/.exec(out)?.[1]
  if (!line) throw new Error(`wrk said no result:\n${out}`)
  const result = JSON.parse(line) as { requests: number; micros: number; p50: number; p95: number; p975: number; p99: number; non2xx: number; errors: number }
  return {
    requestsPerSecond: Math.round(result.requests / (result.micros / 1e6)),
    requests: result.requests,
    p50Ms: result.p50,
    p95Ms: result.p95,
    p975Ms: result.p975,
    p99Ms: result.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  }
}

async function sendEdit(publisher: Publisher, secret: string): Promise<void> {
  const body = JSON.stringify({ event: "publish", refs: [{ type: "episode", id: 1 }] })
  const id = `msg_${crypto.randomUUID()}`
  const timestamp = Math.floor(Date.now() / 1000)
  const response = await fetch(`${publisher.url}/hooks/catalogue`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      [WEBHOOK_HEADERS.id]: id,
      [WEBHOOK_HEADERS.timestamp]: String(timestamp),
      [WEBHOOK_HEADERS.signature]: signWebhook(secret, { id, timestamp, body }),
    },
    body,
  })
  if (response.status !== 202) throw new Error(`The webhook answered ${response.status}`)
}

async function until(check: () => Promise<boolean> | boolean, timeoutMs: number, what: string): Promise<number> {
  const started = Date.now()
  while (Date.now() - started < timeoutMs) {
    if (await check()) return Date.now() - started
    await sleep(50)
  }
  throw new Error(`Timed out after ${timeoutMs / 1000} s waiting for ${what}`)
}

/** What the later phases share: the publisher is replaced when the outage restarts it. */
interface Run {
  dir: string
  mix: string[]
  secret: string
  edge: RunningVarnish
  publisher: Publisher
  restart: () => Promise<Publisher>
}

/** The load through Varnish while releases come: how often a page is asked of the origin, and what a visitor got meanwhile. */
async function measureUnderReleases(run: Run) {
  const { edge, mix, dir, secret } = run
  const originBefore = varnishCounter(edge, "MAIN.backend_req")
  const firstRelease = run.publisher.status().live?.releaseId
  const poller = startReleasePoller(edge.url, ["/", ...mix.filter((page) => page.endsWith("/") && page !== "/").slice(0, 2)])
  let releasing = true
  const releases = (async () => {
    while (releasing) {
      await sleep(options.releaseEvery * 1000)
      if (releasing) await sendEdit(run.publisher, secret)
    }
  })()
  const figures = await load(edge.url, mix, options.loadSeconds, dir)
  const loadEnded = Date.now()
  releasing = false
  await releases
  await run.publisher.idle()
  await until(() => run.publisher.status().cdn?.[0]?.owed === null, 30_000, "the last purge")
  const during = await poller.stop()
  const originRequests = varnishCounter(edge, "MAIN.backend_req") - originBefore
  // Releases made while the load ran: a later one's purge meets no visitors, so its refetches are not counted either way.
  const releaseCount = run.publisher.status().recent.filter((job) => job.status === "live" && job.releaseId !== firstRelease && Date.parse(job.finishedAt ?? "") < loadEnded).length
  const perPagePerRelease = Number((originRequests / (mix.length * Math.max(1, releaseCount))).toFixed(2))
  console.log(
    `Under load for ${options.loadSeconds} s with ${releaseCount} release(s): ${figures.requestsPerSecond} requests/s, p95 ${figures.p95Ms} ms; ` +
      `${originRequests} origin requests (${perPagePerRelease} per page of the mix per release); poller ${during.requests} requests, ${during.non200} not 200, ${during.mixed} mixed`,
  )
  return { ...figures, seconds: options.loadSeconds, releases: releaseCount, originRequests, originRequestsPerPagePerRelease: perPagePerRelease, poller: during }
}

/** The publisher stopped for `--outage` s while a visitor asks Varnish for the mix; then back, and one edit through Varnish. */
async function measureOutage(run: Run) {
  const { edge, mix, secret } = run
  // Every page of the mix kept as the poller asks for it (its own Accept-Encoding), as visitors would have left it.
  for (const page of mix) await fetch(`${edge.url}${page}`).then((response) => response.arrayBuffer())
  await run.publisher.close()
  const outagePoller = startReleasePoller(
    edge.url,
    mix.filter((page) => !page.endsWith(".js")),
  )
  await sleep(options.outage * 1000)
  const down = await outagePoller.stop()
  run.publisher = await run.restart()
  const before = await (await fetch(`${edge.url}/page-data/app-data.json`)).text()
  const editAt = Date.now()
  await sendEdit(run.publisher, secret)
  await until(async () => (await (await fetch(`${edge.url}/page-data/app-data.json`)).text()) !== before, 60_000, "the edit after the outage through Varnish")
  const liveThroughVarnishS = Number(((Date.now() - editAt) / 1000).toFixed(1))
  console.log(
    `Origin down ${options.outage} s: ${down.requests} requests through Varnish, ${down.non200} not 200; after the restart an edit was live through Varnish in ${liveThroughVarnishS} s`,
  )
  return { seconds: options.outage, requests: down.requests, non200: down.non200, examples: down.examples, editAfterRestartLiveThroughVarnishS: liveThroughVarnishS }
}

async function main(): Promise<void> {
  if (!fs.existsSync(path.join(options.site, "index.html"))) throw new Error(`${options.site} holds no built site: run npm run build first, or pass --site`)
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-cdn-"))
  const site = path.join(dir, "site")
  fs.cpSync(options.site, site, { recursive: true })
  const mix = pageMix(site)
  const secret = `whsec_${crypto.randomBytes(32).toString("base64")}`
  const varnishPort = await freePort()
  const purgePort = await freePort()
  // Every release a code deploy: a copy of the site with a new compilation hash in app-data.json.
  const buildCommand = `rm -rf public && cp -a '${site}' public && printf '{"webpackCompilationHash":"%s"}' "$(date +%s%N)" > public/page-data/app-data.json`
  const publisherOptions = {
    ...readConfig({}),
    host: "127.0.0.1",
    dataDir: path.join(dir, "data"),
    workspaceDir: path.join(dir, "data", "workspace"),
    databaseFile: path.join(dir, "data", "publisher.db"),
    sourceDir: path.join(dir, "source"),
    webhookKeys: secretKeys(secret),
    buildCommand,
    debounceMs: 100,
    changesPollMs: 0,
    buildEnv: { PATH: process.env.PATH },
    logging: { level: "warn" as const, format: "json" as const },
    cdn: { varnish: [`http://127.0.0.1:${purgePort}`] },
    // As in production behind Varnish: its X-Forwarded-For names the client.
    trustProxy: "127.0.0.1",
  }
  fs.mkdirSync(publisherOptions.sourceDir, { recursive: true })
  fs.writeFileSync(path.join(publisherOptions.sourceDir, "package.json"), "{}")
  const publisher = await startPublisher({ ...publisherOptions, port: 0 })
  let varnish: RunningVarnish | undefined
  let run: Run | undefined
  try {
    await publisher.idle()
    const originPort = Number(new URL(publisher.url).port)
    const edge = await startVarnish({ origin: { host: "127.0.0.1", port: originPort }, port: varnishPort, purgePort })
    varnish = edge
    await until(() => publisher.status().cdn?.[0]?.state === "purged", 30_000, "the first release's purge")
    console.log(`Page mix: ${mix.length} URLs (${mix.join(" ")})`)

    const alone = await load(publisher.url, mix, options.seconds, dir)
    console.log(`Publisher alone: ${alone.requestsPerSecond} requests/s, p50 ${alone.p50Ms} ms, p95 ${alone.p95Ms} ms, p97.5 ${alone.p975Ms} ms, non-2xx ${alone.non2xx}`)
    for (const page of mix) await fetch(`${edge.url}${page}`, { headers: { "accept-encoding": ACCEPT_ENCODING } }).then((response) => response.arrayBuffer())
    const cached = await load(edge.url, mix, options.seconds, dir)
    console.log(`Through Varnish: ${cached.requestsPerSecond} requests/s, p50 ${cached.p50Ms} ms, p95 ${cached.p95Ms} ms, p97.5 ${cached.p975Ms} ms, non-2xx ${cached.non2xx}`)

    run = { dir, mix, secret, edge, publisher, restart: () => startPublisher({ ...publisherOptions, port: originPort }, { initialBuild: false }) }
    const underReleases = await measureUnderReleases(run)
    const outage = options.outage > 0 ? await measureOutage(run) : null

    const ratio = Number((cached.requestsPerSecond / Math.max(1, alone.requestsPerSecond)).toFixed(1))
    console.log(`Varnish serves ${ratio}x the publisher's requests per second`)
    const results = {
      mix,
      publisherAlone: alone,
      throughVarnish: cached,
      throughputRatio: ratio,
      underReleases,
      outage,
    }
    writeBenchReport(benchReport("cdn", { ...options, site: path.relative(PROJECT_ROOT, options.site) || "." }, results), { out: values.out })
  } finally {
    await varnish?.stop()
    // The outage's restart replaced it.
    await (run?.publisher ?? publisher).close()
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
