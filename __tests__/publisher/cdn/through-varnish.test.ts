import { execFileSync } from "node:child_process"
import http from "node:http"
import type { AddressInfo } from "node:net"
import { freePort } from "../../../node-kit/process/processes"
import { startVarnish, type RunningVarnish } from "../../../scripts/lib/varnish"
import { createServer } from "../../../publisher/src/http/app"
import type { StatusReport } from "../../../publisher/src/http/status"
import { startReleasePoller } from "../../../scripts/lib/release-poller"
import { waitFor } from "../../helpers/wait-for"
import { ADMIN_TOKEN, episode, sendHook, startTestPublisher, type FakePlan, type TestPublisher } from "../helpers/harness"

/*
 * The publisher behind real Varnish with the repository's VCL
 * (deploy/varnish/site.vcl), purging it after each release on Varnish's
 * purge address, and trusting Varnish's address (PUBLISHER_TRUST_PROXY) as
 * in production. The builds are the fake one (helpers/fake-build.js): what
 * matters here is which answers the edge keeps, forgets and serves, not how
 * a page is made. The last part puts a small origin of its own behind the
 * VCL, for answers the publisher never sends.
 */

/** Varnish's address as the origin sees it: what PUBLISHER_TRUST_PROXY names. */
const VARNISH_ADDRESS = "127.0.0.1"

/** The site's code: a code deploy changes it (a new script name and compilation hash). */
let code = { script: "app-0123456789abcdef0123.js", hash: "0123456789abcdef" }

/** A page names its script, as Gatsby's do: a page served with a script of no release would be a mixed release. */
function site(version: string, { script, hash } = code): FakePlan {
  return {
    version,
    files: {
      "index.html": `<!doctype html><html><body><h1>Home ${version}</h1><script src="/${script}"></script></body></html>`,
      "series/101/index.html": `<!doctype html><html><body><h1>Series ${version}</h1><script src="/${script}"></script></body></html>`,
      [script]: `console.log("${hash}")`,
      "page-data/app-data.json": JSON.stringify({ webpackCompilationHash: hash }),
    },
  }
}

interface Answer {
  status: number
  headers: http.IncomingHttpHeaders
  body: string
}

/** A GET from `localAddress` (another loopback address is another client to Varnish's ACL). */
function request(url: string, options: { method?: string; headers?: Record<string, string>; localAddress?: string } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(url, { method: options.method ?? "GET", headers: options.headers, localAddress: options.localAddress, agent: false }, (response) => {
      const chunks: Buffer[] = []
      response.on("data", (chunk: Buffer) => chunks.push(chunk))
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString() }))
    })
    outgoing.on("error", reject)
    outgoing.end()
  })
}

const status = async (origin: string) => (await (await fetch(`${origin}/status`)).json()) as StatusReport

/** The CDN's line of the status, for a failure message: what it purged last, what it owes and why. */
const cdnState = (cdn: StatusReport["cdn"]) => `the CDN at ${new Date().toISOString()}: ${JSON.stringify(cdn)}`

describe("the site through Varnish", () => {
  let publisher: TestPublisher
  let varnish: RunningVarnish
  let varnishPort: number
  let purgePort: number
  const startEdge = () => startVarnish({ origin: { host: "127.0.0.1", port: Number(new URL(publisher.url).port) }, port: varnishPort, purgePort })

  /** An edit as the catalogue sends it, then the new release live at the origin. */
  async function release(plan: FakePlan, id: number): Promise<string> {
    publisher.setPlan(plan)
    const before = (await status(publisher.url)).live?.releaseId
    expect((await sendHook(publisher.url, { event: "publish", refs: [episode(id)] })).status).toBe(202)
    await waitFor(async () => (await status(publisher.url)).live?.releaseId !== before, { timeout: 20_000, what: "the edit live at the origin" })
    return (await status(publisher.url)).live!.releaseId
  }

  /** Waits until the CDN has taken the purge for `releaseId`; returns the CDN's status line. */
  async function purged(releaseId: string) {
    await waitFor(async () => (await status(publisher.url)).cdn?.[0]?.last?.releaseId === releaseId, {
      timeout: 20_000,
      what: async () => `the purge for release ${releaseId}; ${cdnState((await status(publisher.url)).cdn)}`,
    })
    return (await status(publisher.url)).cdn![0]!
  }

  beforeAll(async () => {
    varnishPort = await freePort()
    purgePort = await freePort()
    publisher = await startTestPublisher({ plan: site("v1"), cdn: { varnish: [`http://127.0.0.1:${purgePort}`] }, trustProxy: VARNISH_ADDRESS })
    await publisher.publisher.idle()
    varnish = await startEdge()
    // The first release's purge was refused while Varnish was not there yet; wait for its retry, so it empties nothing later.
    await purged((await status(publisher.url)).live!.releaseId)
  })

  afterAll(async () => {
    await varnish?.stop()
    await publisher?.dispose()
  })

  it("keeps a page until it is purged, tells the browser to revalidate, and keeps the CDN's headers to itself", async () => {
    const first = await request(`${varnish.url}/series/101/`)
    const second = await request(`${varnish.url}/series/101/`)
    expect([first.status, second.status]).toEqual([200, 200])
    expect(second.headers["x-cache"]).toBe("HIT")
    expect(second.body).toContain("<h1>Series ")
    expect(second.headers["cache-control"]).toBe("public, max-age=0, must-revalidate")
    for (const name of ["surrogate-key", "surrogate-control", "cdn-cache-control", "cache-tag", "xkey"]) expect(second.headers[name]).toBeUndefined()
    // The origin's own answer carries them, for whichever CDN is in front.
    const origin = await request(`${publisher.url}/series/101/`)
    expect(origin.headers["surrogate-key"]).toBe("site /series/101/")
    expect(origin.headers["surrogate-control"]).toMatch(/max-age=31536000.*stale-if-error=\d+/)
    // Security headers pass through.
    expect(second.headers["content-security-policy"]).toBe(origin.headers["content-security-policy"])
  })

  it("passes the publisher's brotli through, one kept copy per encoding", async () => {
    const br = await request(`${varnish.url}/`, { headers: { "accept-encoding": "gzip, deflate, br" } })
    const gzip = await request(`${varnish.url}/`, { headers: { "accept-encoding": "gzip" } })
    const again = await request(`${varnish.url}/`, { headers: { "accept-encoding": "br, gzip" } })
    expect([br.headers["content-encoding"], gzip.headers["content-encoding"], again.headers["content-encoding"]]).toEqual(["br", "gzip", "br"])
    expect(again.headers["x-cache"]).toBe("HIT")
  })

  it("shows an edit within a second of its release, purging only what it changed", async () => {
    // From a known release, so the edit is one page's change.
    await purged(await release(site("before the edit"), 40))
    await request(`${varnish.url}/`)
    const edit = `edit-${Date.now()}`
    const plan = site("before the edit")
    plan.files!["series/101/index.html"] = `<!doctype html><html><body><h1>Series ${edit}</h1><script src="/${code.script}"></script></body></html>`
    const releaseId = await release(plan, 1)
    const liveAt = Date.now()
    await waitFor(async () => (await request(`${varnish.url}/series/101/`)).body.includes(edit), { timeout: 1000, what: "the edit through Varnish within 1 s of its release" })
    const cdn = await purged(releaseId)
    expect(cdn).toMatchObject({ state: "purged", last: { all: false, keys: 1 }, owed: null })
    expect(Date.now() - liveAt).toBeLessThan(20_000)
    // Home did not change: still the kept copy.
    expect((await request(`${varnish.url}/`)).headers["x-cache"]).toBe("HIT")
  })

  it("answers 404 for a deleted page, and 200 again once a release brings it back", async () => {
    await request(`${varnish.url}/series/101/`)
    const deleted = site("v1")
    deleted.remove = ["series/101/index.html"]
    delete deleted.files!["series/101/index.html"]
    await purged(await release(deleted, 2))
    const gone = await request(`${varnish.url}/series/101/`)
    expect(gone.status).toBe(404)
    expect(gone.body).toContain("404 PAGE NOT FOUND")
    // The 404s are kept too (with and without the slash), and the page's return purges them.
    expect((await request(`${varnish.url}/series/101/`)).headers["x-cache"]).toBe("HIT")
    expect((await request(`${varnish.url}/series/101`)).status).toBe(404)
    await purged(await release(site("v1"), 3))
    expect((await request(`${varnish.url}/series/101/`)).status).toBe(200)
    expect((await request(`${varnish.url}/series/101`)).status).toBe(200)
  })

  it("purges everything in one request on a code deploy, and no page of the old release is served after it", async () => {
    for (const pagePath of ["/", "/series/101/", "/robots.txt"]) await request(`${varnish.url}${pagePath}`)
    const poller = startReleasePoller(varnish.url, ["/", "/series/101/"], 20)
    code =
      code.hash === "fedcba9876543210" ? { script: "app-0123456789abcdef0123.js", hash: "0123456789abcdef" } : { script: "app-fedcba9876543210fedc.js", hash: "fedcba9876543210" }
    const releaseId = await release(site("v2"), 4)
    const cdn = await purged(releaseId)
    expect(cdn.last).toMatchObject({ all: true, attempts: 1 })
    for (const pagePath of ["/", "/series/101/"]) expect((await request(`${varnish.url}${pagePath}`)).body).toContain(code.script)
    expect((await request(`${varnish.url}/robots.txt`)).headers["x-cache"]).toBe("MISS")
    const counts = await poller.stop()
    expect(counts.requests).toBeGreaterThan(0)
    expect({ non200: counts.non200, mixed: counts.mixed, examples: counts.examples }).toEqual({ non200: 0, mixed: 0, examples: [] })
  })

  it("sees 0 non-200 and 0 mixed releases through a burst of edits", async () => {
    const poller = startReleasePoller(varnish.url, ["/", "/series/101/"], 20)
    publisher.setPlan(site("v3"))
    for (let id = 10; id < 20; id++) expect((await sendHook(publisher.url, { event: "publish", refs: [episode(id)] })).status).toBe(202)
    await publisher.publisher.idle()
    const releaseId = (await status(publisher.url)).live!.releaseId
    await purged(releaseId)
    expect((await request(`${varnish.url}/`)).body).toContain("Home v3")
    const counts = await poller.stop()
    expect({ non200: counts.non200, mixed: counts.mixed, examples: counts.examples }).toEqual({ non200: 0, mixed: 0, examples: [] })
  })

  it("takes a purge on its purge address from the publisher's address only", async () => {
    await request(`${varnish.url}/`)
    const purge = { method: "PURGE", headers: { "xkey-purge": "site" } }
    // Another client on the purge address.
    expect((await request(varnish.purgeUrl, { ...purge, localAddress: "127.0.0.2" })).status).toBe(403)
    // The publisher's own address on the visitors' one: every visitor's, behind a TLS terminator on this machine.
    expect((await request(varnish.url, { ...purge, localAddress: "127.0.0.1" })).status).toBe(403)
    expect((await request(`${varnish.url}/`)).headers["x-cache"]).toBe("HIT")
  })

  it("never keeps the publisher's admin answers: one given with the token is not served to the next asker", async () => {
    for (const adminPath of ["/status", "/_publisher/"]) {
      // A 200 Varnish would keep, were the path not passed (the token would not even reach the origin).
      const withToken = await request(`${varnish.url}${adminPath}`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } })
      const without = await request(`${varnish.url}${adminPath}`)
      // The status is open on loopback for unproxied requests only: through Varnish it is a proxied one.
      expect([withToken.status, without.status]).toEqual([200, 401])
      expect([withToken.headers["x-cache"], without.headers["x-cache"]]).toEqual(["MISS", "MISS"])
    }
  })

  it("purges everything after a rollback: the release gone live again is what Varnish serves", async () => {
    await purged(await release(site("before the rollback"), 50))
    await purged(await release(site("rolled back"), 51))
    for (const pagePath of ["/", "/series/101/"]) await request(`${varnish.url}${pagePath}`)
    expect((await request(`${varnish.url}/`)).headers["x-cache"]).toBe("HIT")
    const rolledBack = await fetch(`${publisher.url}/releases/rollback`, { method: "POST", headers: { authorization: `Bearer ${ADMIN_TOKEN}` } })
    expect(rolledBack.status).toBe(200)
    const { to } = (await rolledBack.json()) as { to: string }
    expect((await purged(to)).last).toMatchObject({ all: true })
    expect((await request(`${varnish.url}/`)).body).toContain("Home before the rollback")
    expect((await request(`${varnish.url}/series/101/`)).body).toContain("Series before the rollback")
  })

  it("shows a refused purge on the status page, retries it, and never holds back the release", async () => {
    await varnish.stop()
    const releaseId = await release(site("v4"), 30)
    // Live at the origin though the CDN is gone.
    expect((await request(`${publisher.url}/`)).body).toContain("Home v4")
    await waitFor(async () => ((await status(publisher.url)).cdn?.[0]?.owed?.attempts ?? 0) >= 1, { timeout: 10_000, what: "a refused purge" })
    const owed = (await status(publisher.url)).cdn![0]!
    expect(owed).toMatchObject({ state: "retrying", owed: { releaseId } })
    expect(owed.owed!.lastError).toMatch(/fetch failed|ECONNREFUSED/)
    const page = await (await fetch(`${publisher.url}/_publisher/`)).text()
    expect(page).toContain(`Purge for release <code>${releaseId}</code> refused`)
    varnish = await startEdge()
    const taken = await purged(releaseId)
    expect(taken).toMatchObject({ state: "purged", owed: null })
    expect(taken.last!.attempts).toBeGreaterThan(1)
  })
})

/*
 * What this part tests is what Varnish keeps once it has a page, so it asks
 * for each page until it has one. A Varnish started a moment ago on a loaded
 * machine may answer 503 before that; its own account of any 5xx is printed,
 * so the cause is on record.
 */
async function keptBy(varnish: RunningVarnish, pagePath: string): Promise<void> {
  let last = 0
  await waitFor(
    async () => {
      last = (await fetch(`${varnish.url}${pagePath}`)).status
      if (last >= 500) process.stdout.write(`\nVarnish answered ${last} to ${pagePath}; its log of that request:\n${varnishLogOf(varnish, pagePath)}\n`)
      return last === 200
    },
    { timeout: 20_000, interval: 500, what: () => `Varnish to answer ${pagePath} with 200 (last ${last})` },
  )
}

/** What Varnish logged (varnishlog) of its 5xx answers to `pagePath` and their backend fetches: statuses, timings, the fetch's error. */
function varnishLogOf(varnish: RunningVarnish, pagePath: string): string {
  const query = `ReqURL eq "${pagePath}" and RespStatus >= 500`
  return execFileSync("varnishlog", ["-n", varnish.workDir, "-d", "-g", "request", "-q", query, "-i", "RespStatus,BerespStatus,FetchError,Timestamp"], { encoding: "utf8" })
}

describe("the site through Varnish while the origin is down", () => {
  it("answers every page it kept, even one a release purged since, then shows the next edit once the origin is back", async () => {
    const purgePort = await freePort()
    let publisher = await startTestPublisher({ plan: site("v1"), cdn: { varnish: [`http://127.0.0.1:${purgePort}`] }, trustProxy: VARNISH_ADDRESS })
    await publisher.publisher.idle()
    const originPort = Number(new URL(publisher.url).port)
    const varnish = await startVarnish({ origin: { host: "127.0.0.1", port: originPort }, purgePort })
    try {
      const pages = ["/", "/series/101/", "/page-data/index/page-data.json", "/robots.txt", `/${code.script}`]
      // Kept as the poller below asks for them (fetch's Accept-Encoding): Varnish keeps one copy per encoding.
      for (const pagePath of pages) await keptBy(varnish, pagePath)
      // A release purges the series page, and nobody asks for it again before the origin goes down.
      const edited = site("v1")
      edited.files!["series/101/index.html"] = `<!doctype html><html><body><h1>Series edited</h1><script src="/${code.script}"></script></body></html>`
      publisher.setPlan(edited)
      const before = publisher.publisher.status().live?.releaseId
      expect((await sendHook(publisher.url, { event: "publish", refs: [episode(2)] })).status).toBe(202)
      await waitFor(() => publisher.publisher.status().live?.releaseId !== before, { timeout: 20_000, what: "the edit live at the origin" })
      const releaseId = publisher.publisher.status().live!.releaseId
      await waitFor(() => publisher.publisher.status().cdn?.[0]?.last?.releaseId === releaseId, {
        timeout: 20_000,
        what: () => `its purge (release ${releaseId}); ${cdnState(publisher.publisher.status().cdn)}`,
      })
      await publisher.close()
      expect(
        await fetch(`${publisher.url}/`).then(
          () => "answered",
          () => "down",
        ),
      ).toBe("down")
      const poller = startReleasePoller(varnish.url, pages, 20)
      await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS))
      const counts = await poller.stop()
      expect(counts.requests).toBeGreaterThan(pages.length * 10)
      expect({ non200: counts.non200, examples: counts.examples }).toEqual({ non200: 0, examples: [] })
      // The purged page is the copy Varnish had: stale, but the site stays up (the origin's stale-if-error).
      const purgedPage = await fetch(`${varnish.url}/series/101/`)
      expect(purgedPage.status).toBe(200)
      expect(await purgedPage.text()).toContain("<h1>Series v1</h1>")
      publisher = await publisher.restart({ port: originPort })
      const beforeBack = publisher.publisher.status().live?.releaseId
      publisher.setPlan(site("back"))
      expect((await sendHook(publisher.url, { event: "publish", refs: [episode(1)] })).status).toBe(202)
      // Step by step, so a failure says which step did not happen: live at the origin, purged, then seen through Varnish.
      await waitFor(() => publisher.publisher.status().live?.releaseId !== beforeBack, { timeout: 20_000, what: "the edit after the outage live at the origin" })
      const backId = publisher.publisher.status().live!.releaseId
      await waitFor(() => publisher.publisher.status().cdn?.[0]?.last?.releaseId === backId, {
        timeout: 20_000,
        what: () => `the purge for release ${backId} after the outage; ${cdnState(publisher.publisher.status().cdn)}`,
      })
      let seen = ""
      await waitFor(
        async () => {
          const answer = await request(`${varnish.url}/`)
          seen = `${answer.status} ${answer.headers["x-cache"]} ${/<h1>([^<]*)/.exec(answer.body)?.[1]}`
          return answer.body.includes("Home back")
        },
        { timeout: 20_000, what: () => `the edit after the outage through Varnish, its purge taken; the last answer: ${seen}` },
      )
    } finally {
      await varnish.stop()
      await publisher.dispose()
    }
  }, 120_000)
})

describe("the VCL in front of any origin", () => {
  /** What the origin saw of one request, as the publisher's own Fastify (trusting Varnish's address) reads it. */
  interface Seen {
    url: string
    ip: string
    host: string
    protocol: string
    headers: http.IncomingHttpHeaders
  }
  const seen: Seen[] = []
  const yearAtTheEdge = { "Surrogate-Control": "max-age=31536000, stale-if-error=604800", "Cache-Control": "public, max-age=0, must-revalidate" }
  let origin: ReturnType<typeof createServer>
  let varnish: RunningVarnish

  beforeAll(async () => {
    // The publisher's app factory, so request.ip and request.host are what the publisher would believe.
    origin = createServer({ level: "silent", format: "json" }, VARNISH_ADDRESS)
    origin.get("/*", async (request, reply) => {
      seen.push({ url: request.url, ip: request.ip, host: request.host, protocol: request.protocol, headers: request.headers })
      const pagePath = request.url.split("?")[0]!
      // Answers the publisher never sends, each of which a page could carry on another origin.
      if (pagePath.startsWith("/set-cookie/")) return reply.headers({ ...yearAtTheEdge, "Set-Cookie": "session=one-visitor" }).send("for one visitor")
      if (pagePath.startsWith("/private/")) return reply.headers({ ...yearAtTheEdge, "Cache-Control": "private, max-age=600" }).send("for one visitor")
      if (pagePath.startsWith("/no-store/")) return reply.header("Cache-Control", "no-store").send("keep nowhere")
      if (pagePath.startsWith("/missing/")) return reply.code(404).headers(yearAtTheEdge).send("not found")
      return reply.headers(yearAtTheEdge).send("a page")
    })
    await origin.listen({ host: "127.0.0.1", port: 0 })
    varnish = await startVarnish({ origin: { host: "127.0.0.1", port: (origin.server.address() as AddressInfo).port } })
  })

  afterAll(async () => {
    await varnish?.stop()
    await origin?.close()
  })

  const seenAt = (pagePath: string) => seen.filter((request) => request.url === pagePath)

  it("never keeps an answer with Set-Cookie, Cache-Control: private or no-store, whatever Surrogate-Control says", async () => {
    for (const pagePath of ["/set-cookie/a", "/private/a", "/no-store/a"]) {
      const answers = [await request(`${varnish.url}${pagePath}`), await request(`${varnish.url}${pagePath}`)]
      expect({ pagePath, status: answers.map((answer) => answer.status), cache: answers.map((answer) => answer.headers["x-cache"]) }).toEqual({
        pagePath,
        status: [200, 200],
        cache: ["MISS", "MISS"],
      })
      expect(seenAt(pagePath)).toHaveLength(2)
    }
  })

  it("gives the origin no client's X-Forwarded-Host, X-Forwarded-Proto or Forwarded, and one X-Forwarded-For: the address Varnish saw", async () => {
    const forged = {
      host: "site.example",
      "x-forwarded-for": "203.0.113.9",
      "x-forwarded-host": "127.0.0.1",
      "x-forwarded-proto": "https",
      forwarded: "for=203.0.113.9;host=127.0.0.1;proto=https",
    }
    // A page (kept) and an admin path (passed), from a trusted address (a TLS terminator on this machine) and another.
    for (const [pagePath, client] of [
      ["/forwarded/page", "127.0.0.1"],
      ["/status?from=127.0.0.1", "127.0.0.1"],
      ["/status?from=127.0.0.2", "127.0.0.2"],
    ] as const) {
      await request(`${varnish.url}${pagePath}`, { headers: forged, localAddress: client })
      const { ip, host, protocol, headers } = seenAt(pagePath).at(-1)!
      expect({ pagePath, ip, host, protocol }).toEqual({ pagePath, ip: client, host: "site.example", protocol: "http" })
      expect({ xff: headers["x-forwarded-for"], xfh: headers["x-forwarded-host"], xfp: headers["x-forwarded-proto"], forwarded: headers.forwarded }).toEqual({
        xff: client,
        xfh: undefined,
        xfp: undefined,
        forwarded: undefined,
      })
    }
  })

  it("keeps one copy per path, whatever the query string or the Host, and passes admin paths with their query", async () => {
    const first = await request(`${varnish.url}/one-copy/?utm_source=a`, { headers: { host: "a.example" } })
    const second = await request(`${varnish.url}/one-copy/?cachebuster=${Math.random()}`, { headers: { host: `${Math.random().toString(36).slice(2)}.example` } })
    expect([first.headers["x-cache"], second.headers["x-cache"]]).toEqual(["MISS", "HIT"])
    // The origin was asked once, for the path alone.
    expect(seen.filter((request) => request.url.startsWith("/one-copy/")).map((request) => request.url)).toEqual(["/one-copy/"])
    await request(`${varnish.url}/releases/rollback?releaseId=r1`)
    expect(seenAt("/releases/rollback?releaseId=r1")).toHaveLength(1)
  })

  it("keeps a 404 two minutes, not the year its Surrogate-Control says, and a page the year", async () => {
    for (const pagePath of ["/missing/page/", "/kept/page/"]) expect((await request(`${varnish.url}${pagePath}`)).status).toBe(pagePath.startsWith("/missing/") ? 404 : 200)
    expect((await request(`${varnish.url}/missing/page/`)).headers["x-cache"]).toBe("HIT")
    // Read once Varnish has written the fetches' log records (at the end of each fetch, not of the answer).
    const stored = (url: string) => waitFor(async () => storedTtl(varnish, url), { timeout: 5000, what: `Varnish's log of the fetch of ${url}` })
    expect({ missing: await stored("/missing/page/"), page: await stored("/kept/page/") }).toEqual({
      missing: { ttl: 120, grace: 0 },
      page: { ttl: 31_536_000, grace: 604_800 },
    })
  })
})

/**
 * The ttl and grace Varnish stored for the last fetch of `url`, from its
 * log (the TTL record VCL leaves: `TTL VCL <ttl> <grace> <keep> ...`);
 * undefined while the log has none.
 */
function storedTtl(varnish: RunningVarnish, url: string): { ttl: number; grace: number } | undefined {
  const log = execFileSync("varnishlog", ["-n", varnish.workDir, "-d", "-b", "-i", "TTL", "-q", `BereqURL eq "${url}"`], { encoding: "utf8" })
  const last = [...log.matchAll(/TTL\s+VCL\s+(-?\d+)\s+(-?\d+)/g)].at(-1)
  return last ? { ttl: Number(last[1]), grace: Number(last[2]) } : undefined
}

/**
 * The outage held here: the VCL has no timer that runs out in minutes (pages
 * are kept a year, a purged copy is served for a week while the origin
 * fails), so a longer outage changes nothing the test could see.
 * `npm run bench:cdn` holds it the full five minutes (`--outage 300`).
 */
const OUTAGE_MS = 20_000
