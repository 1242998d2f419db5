import { BuildPhaseTracker, stripAnsi } from "../../../publisher/src/jobs/build-phase"
import { failureReason } from "../../../publisher/src/jobs/failure-reason"
import { liveReleaseId } from "../../../publisher/src/releases/releases"
import { episode, sendHook, startTestPublisher, type TestPublisher } from "../helpers/harness"
import { waitFor } from "../../helpers/wait-for"

/** What the source plugin prints when the catalogue is down (its error map and client's reason, wrapped as Gatsby wraps). */
const CATALOGUE_DOWN = [
  "success createSchemaCustomization - 0.005s",
  " ERROR #gatsby-source-catalogue_11001  PLUGIN",
  "The catalogue API could not be reached. Is CATALOGUE_API_URL right, and is the server running?",
  "http://127.0.0.1:4999/api/categories: could not be reached (connect ECONNREFUSED",
  "127.0.0.1:4999) (after 3 retries)",
  "The build stopped so that the site you already published stays as it is.",
  "not finished source and transform nodes - 0.070s",
]

describe("failed builds", () => {
  let site: TestPublisher
  beforeEach(async () => {
    site = await startTestPublisher({ plan: { version: "v1" } })
    await site.publisher.idle()
  })
  afterEach(async () => site.dispose())

  const liveHome = async () => (await (await fetch(`${site.url}/`)).text()).match(/Home v\d/)?.[0]

  it("leaves the live release as it was and says why in plain words, with the end of the log", async () => {
    const live = liveReleaseId(site.dataDir)
    const noise = Array.from({ length: 60 }, (_, i) => `info step ${i}`)
    site.setPlan({ version: "v2", fail: true, lines: [...CATALOGUE_DOWN, ...noise] })
    await sendHook(site.url, { event: "publish", refs: [episode(1001)] })
    await waitFor(() => site.publisher.status().recent[0]?.status === "failed", { timeout: 10_000, what: "the build to fail" })

    expect(liveReleaseId(site.dataDir)).toBe(live)
    expect(await liveHome()).toBe("Home v1")
    const job = site.publisher.status().recent[0]
    expect(job?.reason).toBe("the catalogue at http://127.0.0.1:4999/api/categories could not be reached (connect ECONNREFUSED 127.0.0.1:4999); the build exited with code 1")
    const excerpt = job?.logExcerpt?.split("\n") ?? []
    expect(excerpt).toHaveLength(40)
    expect(excerpt.at(-1)).toBe("info step 59")
    // Escape codes are gone from what editors read.
    expect(job?.logExcerpt).not.toContain("\u001b")
    expect(site.publisher.status().live?.releaseId).toBe(live)
  })

  it("publishes the failed job's changes with the next build, without carrying its refs into it", async () => {
    site.setPlan({ version: "v2", fail: true, lines: CATALOGUE_DOWN })
    await sendHook(site.url, { event: "publish", refs: [episode(1001)] })
    await waitFor(() => site.publisher.status().recent[0]?.status === "failed", { timeout: 10_000, what: "the build to fail" })
    const failedId = site.publisher.status().recent[0]?.id

    site.setPlan({ version: "v2" })
    await sendHook(site.url, { event: "publish", refs: [episode(1002)] })
    await waitFor(() => site.publisher.status().recent[0]?.status === "live", { timeout: 10_000, what: "the next build" })
    // Refs are a hint: a delivery that broke one build never rides along into the next (the build reads every change since the last live one).
    expect(site.publisher.status().recent[0]?.refs).toEqual([episode(1002)])
    expect(site.publisher.status().recent[0]?.note).toBe(`Also publishes what failed job ${failedId} did not: a build reads every change since the last live one.`)
    expect(await liveHome()).toBe("Home v2")
  })

  it("stops a build that runs past the timeout, kills it, and leaves the site as it was", async () => {
    await site.close()
    site = await site.restart({ buildTimeoutMs: 1000 })
    const live = liveReleaseId(site.dataDir)
    site.setPlan({ version: "v2", hang: true })
    await sendHook(site.url, { event: "publish", refs: [episode(1001)] })
    await waitFor(() => site.publisher.status().recent[0]?.status === "failed", { timeout: 15_000, what: "the build to time out" })
    const job = site.publisher.status().recent[0]
    expect(job?.reason).toBe("the build timed out after 1 s")
    expect(job?.logExcerpt).toContain("success onPostBuild")
    expect(liveReleaseId(site.dataDir)).toBe(live)
    expect(await liveHome()).toBe("Home v1")
    // The process group is gone.
    const pid = site.starts().at(-1)?.pid ?? 0
    expect(() => process.kill(pid, 0)).toThrow()
  }, 20_000)

  it("fails a build that exits 0 without a site, and publishes nothing", async () => {
    const live = liveReleaseId(site.dataDir)
    site.setPlan({ version: "v2", remove: ["index.html"] })
    await sendHook(site.url, { event: "publish", refs: [episode(1001)] })
    await waitFor(() => site.publisher.status().recent[0]?.status === "failed", { timeout: 10_000, what: "the build to fail" })
    expect(site.publisher.status().recent[0]?.reason).toMatch(/made no public\/index\.html/)
    expect(liveReleaseId(site.dataDir)).toBe(live)
  })

  it("shows a hostile log line on the status page as text", async () => {
    site.setPlan({ version: "v2", fail: true, lines: ['<script>alert("owned")</script><img src=x onerror=alert(1)>', "ERROR #1234 </pre><b>bold</b>"] })
    await sendHook(site.url, { event: "publish", refs: [episode(1001)] })
    await waitFor(() => site.publisher.status().recent[0]?.status === "failed", { timeout: 10_000, what: "the build to fail" })
    const response = await fetch(`${site.url}/_publisher/`)
    expect(response.status).toBe(200)
    // The status page's own policy (routes/status.ts): no script at all, nor any object, could run even if one got through.
    const policy = response.headers.get("content-security-policy") ?? ""
    expect(policy).toMatch(/^default-src 'none';/)
    expect(policy).not.toMatch(/script-src|object-src/)
    const html = await response.text()
    expect(html).not.toContain("<script>")
    expect(html).not.toContain("<img")
    expect(html).not.toContain("<b>bold")
    expect(html).toContain("&#60;script&#62;alert(&#34;owned&#34;)&#60;/script&#62;")
    expect(html).toContain("exited with code 1")
    // Nothing building or waiting: no reloading.
    expect(html).not.toContain('http-equiv="refresh"')
  })
})

describe("failureReason", () => {
  const exited = { kind: "exited" as const, code: 1, signal: null }

  it("names the catalogue that could not be reached", () => {
    expect(failureReason(exited, CATALOGUE_DOWN)).toMatch(/^the catalogue at http:\/\/127\.0\.0\.1:4999\/api\/categories could not be reached/)
  })

  it("names a catalogue that answered an error, or too slowly", () => {
    expect(failureReason(exited, ["http://cms/api/series/1: answered HTTP 503 (after 3 retries)"])).toBe(
      "the catalogue at http://cms/api/series/1 answered with an error (HTTP 503); the build exited with code 1",
    )
    expect(failureReason(exited, ["http://cms/api/series/1: did not answer within 30000 ms"])).toBe(
      "the catalogue at http://cms/api/series/1 did not answer within 30 s; the build exited with code 1",
    )
  })

  it("quotes Gatsby's own error otherwise, and says how the process ended", () => {
    expect(failureReason(exited, ["success x", " ERROR #98123  WEBPACK", "", "Generating JavaScript bundles failed", "Can't resolve './x'"])).toBe(
      "Gatsby stopped with ERROR #98123 WEBPACK: Generating JavaScript bundles failed Can't resolve './x'; the build exited with code 1",
    )
    expect(failureReason(exited, ["nothing useful"])).toBe("the build exited with code 1")
    expect(failureReason({ kind: "exited", code: null, signal: "SIGKILL" }, [])).toBe("the build was stopped by signal SIGKILL")
    expect(failureReason({ kind: "timed out", timeoutMs: 600_000 }, CATALOGUE_DOWN)).toBe("the build timed out after 600 s")
    expect(failureReason({ kind: "could not start", message: "spawn gatsby ENOENT" }, [])).toBe("the build could not start (spawn gatsby ENOENT)")
  })
})

describe("BuildPhaseTracker", () => {
  it("follows Gatsby's phases from the lines that end them", () => {
    const tracker = new BuildPhaseTracker()
    const phases = [tracker.phase]
    const lines = [
      "success load plugins - 0.277s",
      "success createSchemaCustomization - 0.005s",
      "success Reading the catalogue at http://127.0.0.1:4100/api - 0.179s - 64/64",
      "success source and transform nodes - 8.860s",
      "success building schema - 0.250s",
      "success createPages - 0.207s",
      "success createPagesStatefully - 0.061s",
      "success extract queries from components - 1.572s",
      "success Building production JavaScript and CSS bundles - 7.978s",
      "success Building HTML renderer - 9.497s",
      "success run queries in workers - 6.038s - 167/167 27.66/s",
      "success Writing page-data.json and slice-data.json files to public directory -",
      "success Building static HTML for pages - 1.861s - 165/165 88.64/s",
      "success onPostBuild - 0.078s",
    ]
    for (const line of lines) if (tracker.update(stripAnsi(`\u001b[2K\u001b[1A\u001b[2K\u001b[G${line}`))) phases.push(tracker.phase)
    expect(phases).toEqual([
      "starting (config, plugins, cache)",
      "source and transform nodes",
      "building schema",
      "createPages",
      "extract queries from components",
      "Building production JavaScript and CSS bundles",
      "Building HTML renderer",
      "run queries",
      "Writing page-data.json files",
      "Building static HTML for pages",
      "onPostBuild",
      "finishing",
    ])
  })

  it("records on /status every phase the build went through, in order", async () => {
    const site = await startTestPublisher({ plan: { version: "v1" } })
    try {
      const job = await waitFor(() => site.publisher.status().recent.find((job) => job.status === "live"), { timeout: 10_000, what: "the build to go live" })
      expect(job.phases).toEqual([
        "starting",
        "source and transform nodes",
        "building schema",
        "createPages",
        "extract queries from components",
        "Building production JavaScript and CSS bundles",
        "Building HTML renderer",
        "run queries",
        "Writing page-data.json files",
        "Building static HTML for pages",
        "onPostBuild",
        "finishing",
        "publishing the release",
      ])
    } finally {
      await site.dispose()
    }
  })
})
