import crypto from "node:crypto"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import type { ChildProcess } from "node:child_process"
import type { BrowserContext, Page } from "playwright-core"
import { freePort, PROJECT_ROOT, startProcess, stopProcess, waitForHttp } from "../../../node-kit/process/processes"
import type { StatusReport } from "../../../publisher/src/http/status"
import { imageStoreDirectory } from "../../../plugins/gatsby-source-catalogue/src/images/store"
import { SHARED_DRAWINGS_DIR, startReferenceServer, type ReferenceServer } from "../../../scripts/lib/reference-server"
import { waitFor } from "../../helpers/wait-for"
import { axeViolations } from "../harness/checks/axe"
import { useBrowser } from "../harness/browser"
import { layoutShiftAfter, shiftFailures, watchLayoutShift } from "../harness/checks/layout-shift"

/*
 * The preview lane on real builds (docs/reference/preview-lane.md): a
 * reference server with drafts and a publisher with both lanes, of this file
 * alone (it changes the catalogue and builds). An editor saves drafts,
 * publishes and discards them through the admin API; the reference server
 * sends its signed webhooks; each test checks what an editor and a visitor
 * then see, in Chromium and over HTTP.
 */

const browser = useBrowser()

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`

/** A build on this machine takes 10–30 s warm; a deadline well past it, so only a lost build fails. */
const BUILD_DEADLINE_MS = 240_000

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "preview-site-"))
const dataDir = path.join(dir, "publisher-data")
const log = fs.openSync(path.join(dir, "processes.log"), "a")
const secrets = {
  admin: crypto.randomBytes(24).toString("base64url"),
  webhook: `whsec_${crypto.randomBytes(32).toString("base64")}`,
  draftView: crypto.randomBytes(24).toString("base64url"),
  signIn: crypto.randomBytes(24).toString("base64url"),
}
let cms: ReferenceServer
let publisher: ChildProcess
let liveUrl: string
let previewUrl: string
const figures: string[] = []
const draftTitle = (what: string) => `${what} ${crypto.randomUUID().slice(0, 8)}`
/** The drafts the tests read, saved together in beforeAll: one episode's per test, and a series that exists only as a draft. */
const DRAFTS = {
  episodes: { 1010: draftTitle("Draft title"), 1011: draftTitle("To be published"), 1012: draftTitle("To be discarded") },
  series: { subcategory: 13, title: draftTitle("Draft-only series") },
}
let draftSeriesPath: string
/** The pages whose HTML differed between the two lanes' first releases, built before any draft. */
let firstReleasesUnlike: string[]

const status = async () => (await (await fetch(`${liveUrl}/status`)).json()) as StatusReport
/** Both lanes with nothing building or queued. */
const idle = () =>
  waitFor(
    async () => {
      const now = await status()
      const lanes = [now, now.preview]
      return lanes.every((lane) => lane && lane.live && lane.building === null && lane.queued.length === 0) ? now : undefined
    },
    { timeout: BUILD_DEADLINE_MS, what: "both lanes to finish their queues", interval: 100 },
  )

/** The HTML files of the preview's current release that are not the live release's, byte for byte (or missing). */
function previewPagesUnlikeLive(): string[] {
  const live = fs.realpathSync(path.join(dataDir, "current"))
  const preview = fs.realpathSync(path.join(dataDir, "preview", "current"))
  const isFile = (file: string) => fs.statSync(file, { throwIfNoEntry: false })?.isFile() ?? false
  const pages = fs.readdirSync(live, { recursive: true, encoding: "utf8" }).filter((file) => file.endsWith(".html") && isFile(path.join(live, file)))
  expect(pages.length).toBeGreaterThan(100)
  return pages.filter((file) => {
    const theirs = path.join(preview, file)
    return !isFile(theirs) || !fs.readFileSync(theirs).equals(fs.readFileSync(path.join(live, file)))
  })
}

/** An editor's call to the admin API; its JSON answer. */
async function admin(method: string, route: string, body?: unknown): Promise<{ data?: { id: number; title: string } }> {
  const response = await fetch(`${cms.origin}/admin/${route}`, {
    method,
    headers: { authorization: `Bearer ${secrets.admin}`, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  })
  if (!response.ok) throw new Error(`${method} /admin/${route}: HTTP ${response.status} ${await response.text()}`)
  return response.status === 204 ? {} : ((await response.json()) as { data?: { id: number; title: string } })
}
const publishedTitle = async (episode: number) => ((await (await fetch(`${cms.origin}/api/episodes/${episode}`)).json()) as { data: { title: string } }).data.title

/** A page's HTML as the preview serves it to a signed-in tool (a Bearer token) and its status. */
async function previewPage(pagePath: string): Promise<{ status: number; text: string }> {
  const response = await fetch(`${previewUrl}${pagePath}`, { headers: { authorization: `Bearer ${secrets.signIn}` } })
  return { status: response.status, text: await response.text() }
}
const livePage = async (pagePath: string) => {
  const response = await fetch(`${liveUrl}${pagePath}`)
  return { status: response.status, text: await response.text() }
}
/** Until the preview page at `pagePath` shows `text` (or, with `present` false, no longer does); how long it took. */
async function untilPreviewShows(pagePath: string, text: string, present = true): Promise<number> {
  const started = Date.now()
  await waitFor(async () => ((await previewPage(pagePath)).text.includes(text) === present ? true : undefined), {
    timeout: BUILD_DEADLINE_MS,
    what: `${pagePath} on the preview ${present ? "to show" : "to stop showing"} "${text}"`,
    interval: 100,
  })
  return Date.now() - started
}

/** A browser context signed in to the preview through its form, as an editor does. */
async function signedInContext(width: number): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser().newContext({ viewport: { width, height: 900 } })
  const page = await context.newPage()
  await page.goto(`${previewUrl}/`)
  await page.getByLabel("Preview sign-in token").fill(secrets.signIn)
  await page.getByRole("button", { name: "Sign in" }).click()
  await page.getByRole("complementary", { name: "Preview" }).waitFor()
  return { context, page }
}

/** Serious and critical axe findings on the open page. */
const axeFailures = (page: Page) => axeViolations(page, { minImpact: "serious" })

beforeAll(async () => {
  const [cmsPort, livePort, previewPort] = [await freePort(), await freePort(), await freePort()]
  liveUrl = `http://127.0.0.1:${livePort}`
  previewUrl = `http://127.0.0.1:${previewPort}`
  cms = await startReferenceServer({
    port: cmsPort,
    dataDir: path.join(dir, "cms-data"),
    drawingsDir: SHARED_DRAWINGS_DIR,
    stdio: ["ignore", log, log],
    env: { CMS_ADMIN_TOKEN: secrets.admin, CMS_WEBHOOK_URL: `${liveUrl}/hooks/catalogue`, PUBLISH_WEBHOOK_SECRET: secrets.webhook, CATALOGUE_PREVIEW_TOKEN: secrets.draftView },
  })
  const started = Date.now()
  publisher = startProcess([process.execPath, "--import", "tsx", path.join(PROJECT_ROOT, "publisher/src/main.ts")], [], {
    stdio: ["ignore", log, log],
    env: {
      ...cms.buildEnv,
      SITE_URL: liveUrl,
      PUBLISHER_PORT: String(livePort),
      PUBLISHER_DATA_DIR: dataDir,
      PUBLISH_WEBHOOK_SECRET: secrets.webhook,
      PUBLISHER_DEBOUNCE_MS: "300",
      PUBLISHER_STATUS_OPEN_ON_LOOPBACK: "on",
      PUBLISHER_PREVIEW_PORT: String(previewPort),
      PUBLISHER_PREVIEW_SIGN_IN_TOKEN: secrets.signIn,
      CATALOGUE_PREVIEW_TOKEN: secrets.draftView,
      LOG_FORMAT: "json",
      // The suite's processed pictures (the store is shared safely: plugins/gatsby-source-catalogue/src/images/store.ts).
      CATALOGUE_IMAGE_STORE: imageStoreDirectory(null, PROJECT_ROOT),
    },
  })
  await waitForHttp(`${liveUrl}/status`, publisher, 60_000)
  // Both lanes' first builds are cold: every page.
  await waitFor(async () => ((await status()).preview?.live ? true : undefined), { timeout: 900_000, what: "the preview lane's first release", interval: 100 })
  await idle()
  figures.push(`both lanes' first (cold) releases in ${seconds(Date.now() - started)}`)
  firstReleasesUnlike = previewPagesUnlikeLive()

  // Every test's draft saved at once, as an editor saving several changes would: the preview lane
  // builds the four together (one warm build, where each test saving its own made four), and each
  // test reads or changes only its own.
  const saved = Date.now()
  for (const [episode, title] of Object.entries(DRAFTS.episodes)) await admin("PATCH", `drafts/episodes/${episode}`, { title })
  const created = await admin("POST", "drafts/series", { sub_category_id: DRAFTS.series.subcategory, title: DRAFTS.series.title })
  draftSeriesPath = `/series/${created.data?.id}/`
  for (const [episode, title] of Object.entries(DRAFTS.episodes)) await untilPreviewShows(`/detail/${episode}/`, title)
  await untilPreviewShows(draftSeriesPath, DRAFTS.series.title)
  figures.push(`${Object.keys(DRAFTS.episodes).length + 1} drafts on their preview pages ${seconds(Date.now() - saved)} after the first was saved`)
  await idle()
}, 1_200_000)

afterAll(async () => {
  if (publisher) await stopProcess(publisher)
  if (cms) await stopProcess(cms.child)
  process.stdout.write(`\nPreview site (real builds):\n  ${figures.join("\n  ")}\n`)
  fs.closeSync(log)
  fs.rmSync(dir, { recursive: true, force: true })
}, 60_000)

describe("the preview site, on real builds of both lanes", () => {
  it("refuses a visitor without sign-in: a 401 sign-in page on every path, nothing of the site, noindex; the form signs an editor in without a token in any address", async () => {
    const seriesTitle = (await (await fetch(`${cms.origin}/api/series/101`)).json()) as { data: { title: string } }
    for (const pagePath of ["/", "/series/101/", "/page-data/app-data.json", "/sitemap-index.xml", "/_preview/changes.json", "/no-such-page/"]) {
      const response = await fetch(`${previewUrl}${pagePath}`)
      const text = await response.text()
      expect({ pagePath, status: response.status, robots: response.headers.get("x-robots-tag") }).toEqual({ pagePath, status: 401, robots: "noindex, nofollow" })
      expect(text).toContain("Sign in to the preview")
      expect(text).not.toContain(seriesTitle.data.title)
    }
    // A wrong token is refused in words, and signs no one in.
    const wrong = await fetch(`${previewUrl}/_preview/sign-in`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "token=not-the-token&next=/",
      redirect: "manual",
    })
    expect(wrong.status).toBe(401)
    expect(wrong.headers.get("set-cookie")).toBeNull()

    const context = await browser().newContext({ viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    const answer = await page.goto(`${previewUrl}/series/101/`)
    expect(answer?.status()).toBe(401)
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Sign in to the preview")
    await page.getByLabel("Preview sign-in token").fill(secrets.signIn)
    await page.getByRole("button", { name: "Sign in" }).click()
    await page.getByRole("complementary", { name: "Preview" }).waitFor()
    // Back where the editor was going, with the token in no address the history keeps.
    expect(new URL(page.url()).pathname).toBe("/series/101/")
    expect(page.url()).not.toContain(secrets.signIn)
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(seriesTitle.data.title)
    const cookie = (await context.cookies()).find((entry) => entry.name === "preview_session")
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Strict" })
    expect(cookie?.value).not.toContain(secrets.signIn)
  }, 120_000)

  it("shows a draft title on the preview page within seconds and not on the live site; the bar lists it, links to it, to the live page and to its SEO card; no shift, axe clean", async () => {
    const episode = 1010
    const published = await publishedTitle(episode)
    const draft = DRAFTS.episodes[episode]
    expect((await previewPage(`/detail/${episode}/`)).text).toContain(draft)
    expect((await livePage(`/detail/${episode}/`)).text).not.toContain(draft)
    expect((await livePage(`/detail/${episode}/`)).text).toContain(published)

    for (const width of [375, 1280]) {
      const { page } = await signedInContext(width)
      await watchLayoutShift(page)
      const response = await page.goto(`${previewUrl}/detail/${episode}/`, { waitUntil: "load" })
      expect(response?.headers()["x-robots-tag"]).toBe("noindex, nofollow")
      await page.locator("html[data-hydrated]").waitFor({ state: "attached" })
      await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(draft)
      const shift = await layoutShiftAfter(page, 1000)
      expect(shiftFailures(shift, 0.01, `1 s after load at ${width} px`)).toEqual([])
      expect(await axeFailures(page)).toEqual([])
    }

    const { page } = await signedInContext(1280)
    await page.goto(`${previewUrl}/`)
    const bar = page.getByRole("complementary", { name: "Preview" })
    await expect(bar.textContent()).resolves.toContain("unpublished change")
    // The list is a disclosure: opened by keyboard.
    await bar.getByText(/^What changed/).focus()
    await page.keyboard.press("Enter")
    await bar.getByRole("link", { name: draft }).click()
    await page.waitForURL(`${previewUrl}/detail/${episode}/`)
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(draft)

    await page.getByRole("complementary", { name: "Preview" }).getByRole("link", { name: "This page's SEO card" }).click()
    await page.waitForURL(`${previewUrl}/_preview/seo/detail/${episode}/`)
    const searchResult = page.getByRole("figure", { name: "Search result preview" })
    await expect(searchResult.textContent()).resolves.toContain(draft)
    await expect(page.getByRole("figure", { name: "Social card preview" }).textContent()).resolves.toContain(draft)
    expect(await axeFailures(page)).toEqual([])

    await page.goto(`${previewUrl}/detail/${episode}/`)
    // The live page opens in a new tab, as its name says: a CMS's preview screen frames the preview, and the live site refuses to be framed.
    const [live] = await Promise.all([
      page.context().waitForEvent("page"),
      page.getByRole("complementary", { name: "Preview" }).getByRole("link", { name: "This page on the live site (opens in a new tab)", exact: true }).click(),
    ])
    await live.waitForURL(`${liveUrl}/detail/${episode}/`)
    await expect(live.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(published)
    await expect(live.getByRole("complementary", { name: "Preview" }).count()).resolves.toBe(0)
    expect(page.url()).toBe(`${previewUrl}/detail/${episode}/`)
  }, 600_000)

  it("puts a published draft on the live site, and the preview no longer counts it", async () => {
    const episode = 1011
    const draft = DRAFTS.episodes[episode]
    expect((await previewPage(`/detail/${episode}/`)).text).toContain(draft)
    expect((await livePage(`/detail/${episode}/`)).text).not.toContain(draft)
    await admin("POST", `drafts/episodes/${episode}/publish`)
    await waitFor(async () => ((await livePage(`/detail/${episode}/`)).text.includes(draft) ? true : undefined), {
      timeout: BUILD_DEADLINE_MS,
      what: "the published draft on the live site",
      interval: 100,
    })
    await idle()
    const bar = /<aside class="preview-bar"[\s\S]*?<\/aside>/.exec((await previewPage(`/detail/${episode}/`)).text)?.[0] ?? ""
    expect(bar).not.toContain(draft)
    expect((await previewPage(`/detail/${episode}/`)).text).toContain(draft)
  }, 600_000)

  it("brings the preview back to the published title when the draft is discarded", async () => {
    const episode = 1012
    const published = await publishedTitle(episode)
    const draft = DRAFTS.episodes[episode]
    expect((await previewPage(`/detail/${episode}/`)).text).toContain(draft)
    await admin("POST", `drafts/episodes/${episode}/discard`)
    await untilPreviewShows(`/detail/${episode}/`, draft, false)
    expect((await previewPage(`/detail/${episode}/`)).text).toContain(published)
    expect((await livePage(`/detail/${episode}/`)).text).not.toContain(draft)
  }, 600_000)

  it("shows a series that exists only as a draft in the preview, and nowhere on the live site", async () => {
    const { title, subcategory } = DRAFTS.series
    await idle()
    expect((await previewPage(draftSeriesPath)).status).toBe(200)
    expect((await previewPage(draftSeriesPath)).text).toContain(title)
    expect((await previewPage(`/subcategory/${subcategory}/`)).text).toContain(title)
    expect((await livePage(draftSeriesPath)).status).toBe(404)
    expect((await livePage(`/subcategory/${subcategory}/`)).text).not.toContain(title)
  }, 600_000)

  it("shows, before any draft, the pages as they are live: every page of the preview's first release is the live release's HTML", () => {
    expect(firstReleasesUnlike).toEqual([])
  })

  it("keeps the preview out of search engines and devices: noindex on every page, robots.txt closed, no sitemap, no service worker; no token in either lane's files", async () => {
    await idle()
    const pages = ["/", "/series/101/", "/detail/1013/", "/search-results/", "/my-list/"]
    for (const pagePath of pages) {
      const response = await fetch(`${previewUrl}${pagePath}`, { headers: { authorization: `Bearer ${secrets.signIn}` } })
      expect({ pagePath, status: response.status, header: response.headers.get("x-robots-tag"), cache: response.headers.get("cache-control") }).toEqual({
        pagePath,
        status: 200,
        header: "noindex, nofollow",
        cache: expect.stringMatching(/^private/),
      })
      await response.body?.cancel()
    }
    expect((await previewPage("/robots.txt")).text).toContain("Disallow: /")
    expect((await previewPage("/sitemap-index.xml")).status).toBe(404)
    expect((await previewPage("/sw.js")).status).toBe(404)
    // The live site keeps its own: indexable, a sitemap, a service worker.
    expect((await livePage("/sitemap-index.xml")).status).toBe(200)
    expect((await livePage("/sw.js")).status).toBe(200)

    // No secret in any file either lane's builds made: workspaces and releases.
    const leaks: string[] = []
    const roots = [
      path.join(dataDir, "workspace", "public"),
      path.join(dataDir, "releases"),
      path.join(dataDir, "preview", "workspace", "public"),
      path.join(dataDir, "preview", "releases"),
    ]
    for (const root of roots) {
      expect(fs.existsSync(root)).toBe(true)
      for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
        if (!entry.isFile()) continue
        const file = path.join(entry.parentPath, entry.name)
        const text = fs.readFileSync(file, "latin1")
        for (const [name, secret] of Object.entries(secrets)) if (text.includes(secret)) leaks.push(`${name} in ${path.relative(dataDir, file)}`)
      }
    }
    expect(leaks).toEqual([])
  }, 300_000)
})
