import fs from "node:fs"
import http from "node:http"
import zlib from "node:zlib"
import { cacheControlFor, chooseEncoding, IMMUTABLE, REVALIDATE } from "../../../node-kit/http/static-server"
import { NO_CHANGE_NOTE } from "../../../publisher/src/jobs/publish-job"
import type { StatusReport } from "../../../publisher/src/http/status"
import { episode, sendHook, startTestPublisher, type TestPublisher } from "../helpers/harness"
import { waitFor } from "../../helpers/wait-for"

/** GET with the raw bytes as they came over the wire (fetch would inflate them). */
function rawGet(url: string, headers: Record<string, string> = {}, method = "GET") {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const request = http.request(url, { method, headers }, (response) => {
      const chunks: Buffer[] = []
      response.on("data", (chunk: Buffer) => chunks.push(chunk))
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }))
    })
    request.on("error", reject)
    request.end()
  })
}

describe("serving the live release", () => {
  let site: TestPublisher
  beforeAll(async () => {
    // A debounce long enough to see a job queued before it builds.
    site = await startTestPublisher({ plan: { version: "v1" }, debounceMs: 400 })
    await site.publisher.idle()
  })
  afterAll(async () => site.dispose())

  it.each([
    ["/", REVALIDATE],
    ["/series/101/", REVALIDATE],
    ["/page-data/index/page-data.json", REVALIDATE],
    ["/page-data/app-data.json", REVALIDATE],
    ["/sw.js", REVALIDATE],
    ["/robots.txt", REVALIDATE],
    ["/app-0123456789abcdef0123.js", IMMUTABLE],
    ["/styles.a2aee267bea59952074c.css", IMMUTABLE],
    ["/static/0123456789abcdef/picture.png", IMMUTABLE],
    ["/_gatsby/image/abc/def/picture.webp", IMMUTABLE],
  ])("%s: Cache-Control %s", async (pathname, cacheControl) => {
    const response = await rawGet(`${site.url}${pathname}`)
    expect(response.status).toBe(200)
    expect(response.headers["cache-control"]).toBe(cacheControl)
  })

  it("compresses with brotli when asked, else gzip, else not at all", async () => {
    const file = fs.readFileSync(`${site.dataDir}/current/app-0123456789abcdef0123.js`)
    const br = await rawGet(`${site.url}/app-0123456789abcdef0123.js`, { "accept-encoding": "gzip, deflate, br" })
    expect(br.headers["content-encoding"]).toBe("br")
    expect(br.headers.vary).toBe("Accept-Encoding")
    expect(zlib.brotliDecompressSync(br.body).equals(file)).toBe(true)
    expect(br.body.length).toBeLessThan(file.length)

    const gzip = await rawGet(`${site.url}/app-0123456789abcdef0123.js`, { "accept-encoding": "gzip" })
    expect(gzip.headers["content-encoding"]).toBe("gzip")
    expect(zlib.gunzipSync(gzip.body).equals(file)).toBe(true)

    const refused = await rawGet(`${site.url}/app-0123456789abcdef0123.js`, { "accept-encoding": "br;q=0, gzip;q=0" })
    expect(refused.headers["content-encoding"]).toBeUndefined()
    expect(refused.body.equals(file)).toBe(true)

    // Pictures are compressed already.
    const picture = await rawGet(`${site.url}/static/0123456789abcdef/picture.png`, { "accept-encoding": "br" })
    expect(picture.headers["content-encoding"]).toBeUndefined()
    expect(picture.headers["content-type"]).toBe("image/png")
  })

  it("serves a folder's index.html with and without the trailing slash", async () => {
    for (const pathname of ["/series/101", "/series/101/", "/series/101/index.html"]) {
      const response = await fetch(`${site.url}${pathname}`, { redirect: "manual" })
      expect(response.status).toBe(200)
      expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8")
      expect(await response.text()).toContain("Series v1")
    }
  })

  it("answers an unknown path with the release's 404 page and status 404", async () => {
    for (const pathname of ["/no-such-page/", "/series/999/", "/../../publisher.db", "/%2e%2e/publisher.db"]) {
      const response = await fetch(`${site.url}${pathname}`)
      expect(response.status).toBe(404)
      expect(await response.text()).toContain("404 PAGE NOT FOUND")
    }
    const malformed = await rawGet(`${site.url}/%E0%A4%A`)
    expect(malformed.status).toBe(400)
  })

  it("answers HEAD with the headers only", async () => {
    const response = await rawGet(`${site.url}/`, {}, "HEAD")
    expect(response.status).toBe(200)
    expect(response.headers["content-length"]).toBeDefined()
    expect(response.body.length).toBe(0)
  })
})

// Each makes releases of its own and counts jobs from 1: a publisher of its own, so they hold in any order.
describe("the status of a publisher's jobs", () => {
  let site: TestPublisher
  beforeEach(async () => {
    site = await startTestPublisher({ plan: { version: "v1" }, debounceMs: 400 })
    await site.publisher.idle()
  })
  afterEach(async () => site.dispose())

  it("answers GET /status with the live release, the jobs and the releases", async () => {
    site.setPlan({ version: "v1", delayMs: 600 })
    await sendHook(site.url, { event: "publish", refs: [episode(1001)] })
    // Queued (debounce), then building.
    const queued = (await (await fetch(`${site.url}/status`)).json()) as StatusReport
    expect(queued.queued).toHaveLength(1)
    await waitFor(() => site.publisher.status().building !== null, { timeout: 5000, what: "the build to start" })
    const building = (await (await fetch(`${site.url}/status`)).json()) as StatusReport
    expect(building.building).toMatchObject({ status: "building", phase: expect.any(String), refs: [episode(1001)], webhooks: 1 })
    const page = await (await fetch(`${site.url}/_publisher/`)).text()
    expect(page).toContain('<meta http-equiv="refresh" content="3">')
    expect(page).toContain("now at: <strong>")
    await site.publisher.idle()

    const response = await fetch(`${site.url}/status`)
    expect(response.headers.get("cache-control")).toBe("no-store")
    const status = (await response.json()) as StatusReport
    expect(status).toEqual({
      now: expect.any(String),
      // The build made the same files as job 1's: job 1's release stays live, and no release was added.
      live: { releaseId: expect.any(String), since: expect.any(String), cause: "build", jobId: 1 },
      building: null,
      queued: [],
      recent: [expect.objectContaining({ id: 2 }), expect.objectContaining({ id: 1, trigger: "initial build", webhooks: 0 })],
      releases: [expect.objectContaining({ live: true })],
      webhooks: "accepting",
    })
    expect(status.recent[0]).toEqual({
      id: 2,
      status: "live",
      trigger: "webhook",
      event: "publish",
      refs: [episode(1001)],
      webhooks: 1,
      queuedAt: expect.any(String),
      startedAt: expect.any(String),
      finishedAt: expect.any(String),
      durationMs: expect.any(Number),
      attempts: 1,
      phase: null,
      phases: expect.arrayContaining(["starting", "publishing the release"]),
      reason: null,
      logExcerpt: null,
      releaseId: status.live?.releaseId,
      changedUrls: [],
      removedUrls: [],
      changedUrlCount: 0,
      note: NO_CHANGE_NOTE,
    })
    expect(Date.parse(status.live?.since ?? "")).toBeLessThanOrEqual(Date.now())
    const html = await (await fetch(`${site.url}/_publisher/`)).text()
    expect(html).toContain(status.live?.releaseId)
    expect(html).toContain("No page's HTML changed.")
    expect(html).toContain(NO_CHANGE_NOTE)
  })

  it("lists the changed pages on the status page as links", async () => {
    site.setPlan({ version: "v2", files: { "detail/1001/index.html": '<h1>"Quoted" & <new></h1>' } })
    await sendHook(site.url, { event: "publish", refs: [episode(1001)] })
    await site.publisher.idle()
    const status = (await (await fetch(`${site.url}/status`)).json()) as StatusReport
    expect(status.recent[0]?.changedUrls).toEqual(["/", "/detail/1001/", "/series/101/"])
    const html = await (await fetch(`${site.url}/_publisher/`)).text()
    expect(html).toContain('<a href="/detail/1001/">/detail/1001/</a>')
  })
})

describe("before the first release", () => {
  it("answers 503 for the site, and the status says nothing is live", async () => {
    const site = await startTestPublisher({ initialBuild: false })
    try {
      const response = await fetch(`${site.url}/`)
      expect(response.status).toBe(503)
      expect(response.headers.get("retry-after")).toBe("5")
      expect(site.publisher.status().live).toBeNull()
      expect(await (await fetch(`${site.url}/_publisher/`)).text()).toContain("Nothing is live yet")
      expect((await fetch(`${site.url}/_publisher`, { redirect: "manual" })).headers.get("location")).toBe("/_publisher/")
    } finally {
      await site.dispose()
    }
  })
})

describe("cacheControlFor and chooseEncoding", () => {
  it("revalidates what keeps its URL and caches hashed files for a year", () => {
    expect(cacheControlFor("component---src-templates-series-tsx-0123456789abcdef0123.js")).toBe(IMMUTABLE)
    expect(cacheControlFor("webpack-runtime-0123456789abcdef0123.js")).toBe(IMMUTABLE)
    expect(cacheControlFor("_gatsby/file/0123/video.mp4")).toBe(IMMUTABLE)
    expect(cacheControlFor("_gatsby/slices/_gatsby-scripts-1.html")).toBe(REVALIDATE)
    expect(cacheControlFor("page-data/sq/d/0123456789abcdef0123.json")).toBe(REVALIDATE)
    expect(cacheControlFor("static/0123/page.html")).toBe(REVALIDATE)
    expect(cacheControlFor("app.js")).toBe(REVALIDATE)
    expect(cacheControlFor("sitemap-index.xml")).toBe(REVALIDATE)
  })

  it("takes the best encoding the client allows", () => {
    expect(chooseEncoding("gzip, deflate, br", ["br", "gzip"])).toBe("br")
    expect(chooseEncoding("gzip, br;q=0", ["br", "gzip"])).toBe("gzip")
    expect(chooseEncoding("*", ["br", "gzip"])).toBe("br")
    expect(chooseEncoding("identity", ["br", "gzip"])).toBeUndefined()
    expect(chooseEncoding(undefined, ["br", "gzip"])).toBeUndefined()
    expect(chooseEncoding("br", ["gzip"])).toBeUndefined()
  })
})
