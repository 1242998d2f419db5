import fs from "node:fs"
import http from "node:http"
import os from "node:os"
import path from "node:path"
import sharp from "sharp"
import { chromium, type BrowserContext, type Page } from "playwright-core"
import { CHROMIUM_ARGS } from "../../../scripts/lib/chromium"
import type { ApiCategory, ApiSeries } from "../../../contract/schemas"
import { PROJECT_ROOT, freePort, stopProcess } from "../../../node-kit/process/processes"
import { OFFLINE } from "../../../plugins/gatsby-plugin-offline-workbox/src/constants"
import { imageStoreDirectory } from "../../../plugins/gatsby-source-catalogue/src/images/store"
import { refreshWorkspace } from "../../../publisher/src/jobs/workspace"
import { SHARED_DRAWINGS_DIR, startReferenceServer, type ReferenceServer } from "../../../scripts/lib/reference-server"
import { SUBSCRIBE_MESSAGES } from "../../../src/services/subscribe"
import { chromiumPath, useBrowser, waitForHydration } from "../harness/browser"
import { api } from "../harness/catalogue"
import { copyRelease, rebuild, startSwitchableSite, type SwitchableSite } from "../harness/releases"
import { waitFor } from "../../helpers/wait-for"

/*
 * Three releases of the site, built once for this file in a workspace of its
 * own against a reference server of its own (the other files share the
 * suite's build and server, and may run beside this one): A is the sample
 * catalogue; B is a content-only deploy (an editor renames a category through
 * the admin API, then the site is rebuilt); C is a code deploy (B's content,
 * one component changed through GATSBY_RELEASE_LABEL). Each is served from a
 * copy holding only its own chunks. Every test opens a fresh browser context,
 * so its service worker and caches start empty, on http://localhost where
 * service workers run without HTTPS.
 */

const browser = useBrowser()

const CATEGORY_ID = "2"
/** The editor's change in release B: the name (header and footer, a static query) and the page's own title (its page data). */
const RENAMED = "Move Together"
const RETITLED = "Dance Like Nobody Is Watching"
const CODE_RELEASE = "code-deploy-c"
const CACHES_SETTLE_MS = 500

let work: string
let bundleDecisions: string[] = []
let cms: ReferenceServer | undefined
let site: SwitchableSite
let oldTitle: string
let oldPageTitle: string | null
let seriesTitle: string
const releases = { a: "", b: "", c: "" }

/**
 * An editor's change through the admin API. On a connection of its own
 * (node:http, no keep-alive): one pooled by fetch can sit through a build
 * and be closed by the server just as it is reused ("other side closed").
 */
function editCategory(fields: { title: string; page_title: string | null }): Promise<void> {
  const body = JSON.stringify(fields)
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${cms!.origin}/admin/categories/${CATEGORY_ID}`,
      {
        method: "PATCH",
        agent: false,
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
          authorization: `Bearer ${cms!.adminToken}`,
        },
      },
      (response) => {
        let text = ""
        response.on("data", (chunk) => (text += chunk))
        response.on("end", () => (response.statusCode === 200 ? resolve() : reject(new Error(`Editing category ${CATEGORY_ID}: HTTP ${response.statusCode} ${text}`))))
      },
    )
    request.on("error", reject)
    request.end(body)
  })
}

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), "offline-releases-"))
  const log = path.join(work, "builds.log")
  const logFd = fs.openSync(log, "a")
  cms = await startReferenceServer({
    port: await freePort(),
    dataDir: path.join(work, "cms-data"),
    drawingsDir: SHARED_DRAWINGS_DIR,
    stdio: ["ignore", logFd, logFd],
  })
  const workspace = path.join(work, "site")
  refreshWorkspace(PROJECT_ROOT, workspace)
  // The served origin's own address, as the suite's build has its own: canonical links name it.
  site = await startSwitchableSite(null)
  // The suite's image store (shared safely: plugins/gatsby-source-catalogue/src/images/store.ts), so the cold
  // build spends its seconds on what this file is about, not on resizing the sample's pictures again.
  const env = { ...cms.buildEnv, SITE_URL: site.origin, CATALOGUE_IMAGE_STORE: imageStoreDirectory(null, PROJECT_ROOT) }

  const category = await api<ApiCategory>(`/categories/${CATEGORY_ID}`, `${cms.origin}/api`)
  oldTitle = category.title
  oldPageTitle = category.page_title
  seriesTitle = (await api<ApiSeries>("/series/101", `${cms.origin}/api`)).title!
  const coldSeconds = await rebuild(env, log, workspace)
  releases.a = path.join(work, "a")
  copyRelease(path.join(workspace, "public"), releases.a)
  await editCategory({ title: RENAMED, page_title: RETITLED })
  const contentSeconds = await rebuild(env, log, workspace)
  releases.b = path.join(work, "b")
  copyRelease(path.join(workspace, "public"), releases.b)
  const codeSeconds = await rebuild({ ...env, GATSBY_RELEASE_LABEL: CODE_RELEASE }, log, workspace)
  releases.c = path.join(work, "c")
  copyRelease(path.join(workspace, "public"), releases.c)
  // What each build said of its bundles (patches/gatsby+5.16.1.patch, reusable-bundles.js).
  // One line of plain text: Gatsby's reporter may colour and wrap long lines.
  const logText = fs
    .readFileSync(log, "utf8")
    // eslint-disable-next-line no-control-regex -- strips the terminal's escape sequences, which start with ESC
    .replace(/\u001b\[[0-9;]*[A-Za-z]/g, "")
    .replace(/\s+/g, " ")
  bundleDecisions = [...logText.matchAll(/Bundles: (\w+ \([^)]*\))/g)].map((match) => match[1]!)
  process.stdout.write(`\nOffline tests: cold build ${coldSeconds.toFixed(1)} s, content-only rebuild ${contentSeconds.toFixed(1)} s, code rebuild ${codeSeconds.toFixed(1)} s\n`)
  site.serve(releases.a)
}, 15 * 60_000)

afterAll(async () => {
  await site?.close()
  if (cms) await stopProcess(cms.child)
  if (work) fs.rmSync(work, { recursive: true, force: true })
})

interface Visitor {
  context: BrowserContext
  page: Page
  /** Console errors and uncaught exceptions of every page of the context, each with the address it was on. */
  errors: string[]
}

async function newVisitor(): Promise<Visitor> {
  const context = await browser().newContext({ viewport: { width: 1280, height: 900 } })
  const errors: string[] = []
  context.on("page", (page) => {
    page.on("console", (message) => {
      // Chromium reports each request that fails for want of a network (a prefetch while offline) as a
      // console error; what matters is that the page handles it, which the visible checks prove.
      if (message.type() === "error" && !/^Failed to load resource: net::ERR_(INTERNET_DISCONNECTED|FAILED)/.test(message.text())) {
        errors.push(`${message.text()} (on ${page.url()})`)
      }
    })
    page.on("pageerror", (error) => errors.push(`${error.message} (on ${page.url()})`))
  })
  return { context, page: await context.newPage(), errors }
}

/** A new visitor who opened `pagePath` and whose service worker has saved `saved`. */
async function visitorWhoSaved(pagePath: string, saved: string[]): Promise<Visitor> {
  const visitor = await newVisitor()
  await open(visitor.page, pagePath)
  await waitUntilSaved(visitor.page, saved)
  return visitor
}

/**
 * No network: the browser's offline mode (navigator.onLine, the page's own
 * requests) and the site's server unreachable too, so nothing the service
 * worker fetches can reach it either.
 */
async function goOffline(context: BrowserContext): Promise<void> {
  await context.setOffline(true)
  site.serve(null)
}

/**
 * Until the network is quiet: what a visitor has once the page is open
 * includes what Gatsby prefetched (the search page's chunks, say), which the
 * worker saves as it passes, and going offline before that would test less.
 */
async function open(page: Page, pagePath: string): Promise<void> {
  await page.goto(new URL(pagePath, site.origin).href, { waitUntil: "networkidle" })
}

/** Every URL the site's service worker has saved in Cache Storage. */
function savedUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = []
    for (const name of await caches.keys()) {
      const cache = await caches.open(name)
      urls.push(...(await cache.keys()).map((request) => request.url))
    }
    return urls
  })
}

/** The worker's saved copy of `pagePath`, or "" when it has none. */
function savedPage(page: Page, pagePath: string): Promise<string> {
  return page.evaluate(async (url) => {
    const saved = await caches.match(url)
    return saved ? saved.text() : ""
  }, new URL(pagePath, site.origin).href)
}

/**
 * Waits until the worker controls the page, has saved `paths` (pages or
 * other files of the site), and has stopped saving for a moment: what a
 * visitor who stays a few seconds gets.
 */
async function waitUntilSaved(page: Page, paths: string[]): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null)
  const wanted = paths.map((pagePath) => new URL(pagePath, site.origin).href)
  let last = -1
  let saved: string[] = []
  await waitFor(
    async () => {
      saved = await savedUrls(page)
      const settled = wanted.every((url) => saved.includes(url)) && saved.length === last
      last = saved.length
      return settled
    },
    { timeout: 30_000, what: () => `the service worker to save ${wanted.join(", ")} and stop saving (saved: ${saved.join(", ")})`, interval: CACHES_SETTLE_MS },
  )
}

/** Not blank: the page's own top heading is on screen, and the site's dark background is applied. */
async function expectPageShown(page: Page, heading: string | RegExp): Promise<void> {
  try {
    await page.getByRole("heading", { level: 1, name: heading }).waitFor({ timeout: 15_000 })
  } catch (error) {
    const shown = await page
      .locator("body")
      .innerText()
      .catch(() => "(nothing)")
    throw new Error(`No heading ${heading} at ${page.url()}; the page shows: ${shown.slice(0, 300)}\n${error}`)
  }
  await expect(page.evaluate(() => getComputedStyle(document.body).backgroundColor)).resolves.toBe("rgb(15, 15, 20)")
}

/** Pictures now on screen that did not draw (failed, or never arrived). */
function brokenPicturesOnScreen(page: Page): Promise<{ shown: number; broken: string[] }> {
  return page.evaluate(async () => {
    const onScreen = [...document.querySelectorAll<HTMLImageElement>("main img")].filter((img) => {
      const box = img.getBoundingClientRect()
      return box.width > 0 && box.bottom > 0 && box.top < window.innerHeight && getComputedStyle(img).visibility !== "hidden"
    })
    await Promise.all(onScreen.map((img) => img.decode().catch(() => undefined)))
    return { shown: onScreen.length, broken: onScreen.filter((img) => img.naturalWidth === 0).map((img) => img.currentSrc || img.src) }
  })
}

describe("offline, once visited", () => {
  beforeEach(() => site.serve(releases.a))

  it("reloads the page visited and opens the home page without a network, styled and with their pictures", async () => {
    const { context, page, errors } = await visitorWhoSaved("/series/101/", ["/series/101/", "/"])

    await goOffline(context)
    await page.reload()
    await expectPageShown(page, seriesTitle)
    const seriesPictures = await brokenPicturesOnScreen(page)
    expect(seriesPictures.shown).toBeGreaterThan(0)
    expect(seriesPictures.broken).toEqual([])

    await page.getByRole("link", { name: "MoveFlix home" }).first().click()
    await page.waitForURL(`${site.origin}/`)
    await expectPageShown(page, /.+/)
    await page.getByRole("heading", { name: "Find your next session" }).waitFor()
    // Home was never opened in this browser: the worker saved it, pictures included, on the first visit.
    await page.reload()
    await expectPageShown(page, /.+/)
    const homePictures = await brokenPicturesOnScreen(page)
    expect(homePictures.shown).toBeGreaterThan(0)
    expect(homePictures.broken).toEqual([])
    expect(errors).toEqual([])
  })

  it("opens My list, with the series saved and their pictures, once visited", async () => {
    const { context, page, errors } = await newVisitor()
    await open(page, "/series/101/")
    await page.getByRole("button", { name: "Save", exact: true }).click()
    await open(page, "/my-list/")
    const saved = page.getByRole("list", { name: "Saved series" }).getByRole("link", { name: seriesTitle })
    await saved.waitFor()
    await waitUntilSaved(page, ["/my-list/"])

    await goOffline(context)
    await page.reload()
    await expectPageShown(page, "My list")
    await saved.waitFor()
    const pictures = await brokenPicturesOnScreen(page)
    expect(pictures.shown).toBe(1)
    expect(pictures.broken).toEqual([])
    expect(errors).toEqual([])
  })

  it("opens a page that was only prefetched from a link on the page visited", async () => {
    // Gatsby starts prefetching the links in view 3 s after they appear.
    const { context, page, errors } = await visitorWhoSaved("/", ["/", `/page-data/category/${CATEGORY_ID}/page-data.json`])
    // The template's code is fetched after the page data (warm-cache.ts loadPrefetchedPage): on a busy
    // machine, after the saved list has looked settled.
    await waitFor(async () => (await savedUrls(page)).some((url) => /\/component---src-templates-category-tsx-\w+\.js$/.test(url)), {
      timeout: 30_000,
      what: "the service worker to save the category template's code",
      interval: CACHES_SETTLE_MS,
    })

    await goOffline(context)
    await page.getByRole("banner").getByRole("link", { name: oldTitle, exact: true }).click()
    await page.waitForURL(`${site.origin}/category/${CATEGORY_ID}/`)
    await expectPageShown(page, oldPageTitle ?? oldTitle)
    expect(errors).toEqual([])
  })

  it("shows the designed offline page, with a way home, for a page never opened", async () => {
    const { context, page } = await visitorWhoSaved("/", ["/"])

    await goOffline(context)
    await page.goto(`${site.origin}/detail/1050/`)
    await expectPageShown(page, "You are offline")
    await expect(page.getByText("This page has not been saved on this device yet.").isVisible()).resolves.toBe(true)
    await page.getByRole("link", { name: "Back To Home" }).click()
    await page.waitForURL(`${site.origin}/`)
    await page.getByRole("heading", { name: "Find your next session" }).waitFor()
  })

  it("says in the page that search needs a connection, and searches once it is back", async () => {
    const { context, page, errors } = await visitorWhoSaved("/", ["/", "/search-results/"])

    await goOffline(context)
    await page.getByRole("searchbox").fill("yoga")
    await page.getByRole("searchbox").press("Enter")
    await page.waitForURL((url) => url.pathname.startsWith("/search-results"))
    const offline = page.getByRole("status").filter({ hasText: "You are offline" })
    await offline.waitFor()
    await expect(offline.getByText("Search needs a connection.").isVisible()).resolves.toBe(true)
    await expect(page.getByRole("heading", { level: 1, name: "Search Results" }).isVisible()).resolves.toBe(true)

    // Opened straight from the address bar, a search page for another query says the same.
    await page.goto(`${site.origin}/search-results/?q=pilates`)
    await page.getByRole("status").filter({ hasText: "You are offline" }).waitFor()

    // The host answers again before the browser notices it is back online.
    site.serve(releases.a)
    await context.setOffline(false)
    await page
      .getByRole("link", { name: /Mat Pilates Essentials/ })
      .first()
      .waitFor()
    await expect(page.getByText("You are offline").count()).resolves.toBe(0)
    expect(errors).toEqual([])
  })

  it("keeps the typed address and says nothing was sent when subscribing offline, without claiming an error", async () => {
    const { context, page } = await visitorWhoSaved("/", ["/"])

    await goOffline(context)
    const field = page.getByRole("textbox", { name: "Email address" })
    await field.fill("ada@example.com")
    await page.getByRole("button", { name: "Subscribe" }).click()
    const message = page.getByRole("alert").filter({ hasText: SUBSCRIBE_MESSAGES.offline })
    await message.waitFor()
    await expect(message.innerText()).resolves.not.toMatch(/error|failed|server/i)
    await expect(field.inputValue()).resolves.toBe("ada@example.com")
    expect(new URL(page.url()).pathname).toBe("/")
  })

  it("keeps nothing from another origin in Cache Storage: not the video player's, not the catalogue API's", async () => {
    const { page } = await newVisitor()
    const otherOrigins = new Set<string>()
    page.on("request", (request) => {
      const origin = new URL(request.url()).origin
      if (origin !== site.origin) otherOrigins.add(origin)
    })
    await open(page, "/detail/1002/")
    await waitUntilSaved(page, ["/detail/1002/", "/"])
    await page.getByRole("textbox", { name: "Email address" }).scrollIntoViewIfNeeded()
    await open(page, "/search-results/?q=yoga")
    await page.getByRole("link", { name: "Sunrise Yoga" }).first().waitFor()
    await waitUntilSaved(page, ["/search-results/"])

    // The pages did use other origins (the player, the search API and its pictures)...
    expect(otherOrigins).toContain(cms!.origin)
    // ...and the worker kept only the site's own files.
    const saved = await savedUrls(page)
    expect(saved.length).toBeGreaterThan(10)
    expect(saved.filter((url) => new URL(url).origin !== site.origin)).toEqual([])
  })
})

describe("after a deploy", () => {
  it("B differs from A in content, C from B in code", async () => {
    const read = (release: string, file: string) => fs.readFileSync(path.join(release, file), "utf8")
    const categoryData = `page-data/category/${CATEGORY_ID}/page-data.json`
    expect(read(releases.a, categoryData)).toContain(oldPageTitle ?? oldTitle)
    expect(read(releases.b, categoryData)).toContain(RETITLED)
    expect(read(releases.b, "release.json")).not.toBe(read(releases.a, "release.json"))
    // A content edit keeps webpack's compilation hash (the next test); the tests below follow links Gatsby
    // holds in memory, which it would show without looking at that hash at all.
    const compilation = (release: string) => (JSON.parse(read(release, "page-data/app-data.json")) as { webpackCompilationHash: string }).webpackCompilationHash
    expect(compilation(releases.c)).not.toBe(compilation(releases.b))
    expect(read(releases.c, categoryData)).toContain(RETITLED)
  })

  it("a content-only rebuild uses the last build's bundles as they are; a code change compiles them", () => {
    const read = (release: string, file: string) => fs.readFileSync(path.join(release, file), "utf8")
    expect(bundleDecisions).toEqual(["compiled (no bundles recorded)", "reused (nothing they are made from changed)", "compiled (the environment changed)"])
    // The same compilation: a tab open on A keeps loading its chunks from B.
    expect(read(releases.b, "page-data/app-data.json")).toBe(read(releases.a, "page-data/app-data.json"))
  })

  it("shows a content-only change on the next navigation, the whole page new, and on a reload of an open tab", async () => {
    site.serve(releases.a)
    const { context, page, errors } = await visitorWhoSaved("/series/101/", ["/series/101/", "/"])
    const home = await context.newPage()
    await open(home, "/")
    await expect(page.getByRole("banner").getByRole("link", { name: oldTitle, exact: true }).isVisible()).resolves.toBe(true)

    site.serve(releases.b)
    // The category link was prefetched on release A, with its old page data.
    await page.getByRole("banner").getByRole("link", { name: oldTitle, exact: true }).click()
    await page.waitForURL(`${site.origin}/category/${CATEGORY_ID}/`)
    await expectPageShown(page, RETITLED)
    // Header, footer (a static query) and page agree: nothing of release A is left.
    await expect(page.getByRole("banner").getByRole("link", { name: RENAMED, exact: true }).isVisible()).resolves.toBe(true)
    await expect(page.getByRole("contentinfo").getByRole("link", { name: RENAMED, exact: true }).isVisible()).resolves.toBe(true)
    await expect(page.getByText(oldTitle, { exact: true }).count()).resolves.toBe(0)
    await expect(page.getByText(oldPageTitle ?? oldTitle, { exact: true }).count()).resolves.toBe(0)

    // The tab on release B saves B's home and its data as it opens, as a visitor's does within seconds, each
    // file written in no set order: the page, its page data, app data and the static-query results (header and
    // footer). Before all are, a reload slower than the worker waits (a busy machine) shows a saved home of one
    // release with saved data of the other, a mix this test is not about (docs/reference/offline.md says so
    // under "What the visitor gets").
    const homeData = "page-data/index/page-data.json"
    const ofB = (file: string) => fs.readFileSync(path.join(releases.b, file), "utf8")
    const { staticQueryHashes } = JSON.parse(ofB(homeData)) as { staticQueryHashes: string[] }
    const homeDataFiles = [homeData, "page-data/app-data.json", ...staticQueryHashes.map((hash) => `page-data/sq/d/${hash}.json`)]
    let notYetOfB: string[] = []
    const savedHomeOfB = async () => {
      notYetOfB = []
      if (!(await savedPage(page, "/")).includes(RENAMED)) notYetOfB.push("/")
      for (const file of homeDataFiles) if ((await savedPage(page, `/${file}`)) !== ofB(file)) notYetOfB.push(`/${file}`)
      return notYetOfB.length === 0
    }
    await waitFor(savedHomeOfB, { timeout: 30_000, interval: 200, what: () => `the tab on release B to save B's home and its data (not yet: ${notYetOfB.join(", ")})` })
    await home.reload()
    await expectPageShown(home, /.+/)
    await expect(home.getByRole("contentinfo").getByRole("link", { name: RENAMED, exact: true }).isVisible()).resolves.toBe(true)
    await expect(home.getByText(oldTitle, { exact: true }).count()).resolves.toBe(0)
    expect(errors).toEqual([])
  })

  /*
   * A page and the data it hydrates with come from one release, whichever
   * answers first, the network or the saved copy: React refuses HTML of one
   * release with data of another (errors #418 and #425) and draws the page
   * again, a flash of the other release.
   */
  describe("on a network slower than the worker waits for", () => {
    /** Slower than the worker waits before it shows a saved copy. */
    const SLOWER = (OFFLINE.networkTimeoutSeconds + 1) * 1000
    const HOME_DATA = ["/page-data/index/page-data.json", "/page-data/app-data.json"]
    beforeEach(() => site.serve(releases.a))
    afterEach(() => site.slow(null))

    it("shows a page whose answer is late from its saved copy, hydrated with the data saved with it", async () => {
      const { page, errors } = await visitorWhoSaved("/", ["/", ...HOME_DATA])
      site.serve(releases.b)
      site.slow(/(\/|\.html)$/, SLOWER)
      await page.reload()
      await waitForHydration(page)
      await expectPageShown(page, /.+/)
      await page.getByRole("banner").getByRole("link", { name: oldTitle, exact: true }).waitFor()
      await expect(page.getByText(RENAMED, { exact: true }).count()).resolves.toBe(0)
      expect(errors).toEqual([])
    })

    it("shows a page the network answered with that release's data, however late the data", async () => {
      const { page, errors } = await visitorWhoSaved("/", ["/", ...HOME_DATA])
      site.serve(releases.b)
      site.slow(/^\/page-data\//, SLOWER)
      await page.reload()
      await waitForHydration(page)
      await expectPageShown(page, /.+/)
      await page.getByRole("contentinfo").getByRole("link", { name: RENAMED, exact: true }).waitFor()
      await expect(page.getByText(oldTitle, { exact: true }).count()).resolves.toBe(0)
      expect(errors).toEqual([])
    })
  })

  it("after a code deploy loads the new code on the next navigation, even to a page only prefetched: no blank page", async () => {
    site.serve(releases.b)
    const { page, errors } = await visitorWhoSaved("/series/101/", ["/series/101/", "/"])
    await expect(page.getByText(`Release ${CODE_RELEASE}`).count()).resolves.toBe(0)

    // Release B's chunks are gone from the server now, as on any host that serves only the latest build.
    site.serve(releases.c)
    await page.getByRole("banner").getByRole("link", { name: RENAMED, exact: true }).click()
    await page.waitForURL(`${site.origin}/category/${CATEGORY_ID}/`)
    await expectPageShown(page, RETITLED)
    await page.getByText(`Release ${CODE_RELEASE}`).waitFor()

    // And the worker, after the deploy, still brings this page back offline.
    await waitUntilSaved(page, [`/category/${CATEGORY_ID}/`])
    await goOffline(page.context())
    await page.reload()
    await expectPageShown(page, RETITLED)
    await page.getByText(`Release ${CODE_RELEASE}`).waitFor()
    expect(errors).toEqual([])
  })
})

describe("installable", () => {
  beforeEach(() => site.serve(releases.a))

  it("has a manifest with the name, start URL, standalone display and real PNG icons of 192 and 512 pixels, one maskable", async () => {
    const loopback = site.origin.replace("localhost", "127.0.0.1")
    const manifest = (await (await fetch(`${loopback}/manifest.webmanifest`)).json()) as {
      name: string
      short_name: string
      start_url: string
      display: string
      icons: { src: string; sizes: string; type: string; purpose?: string }[]
    }
    expect(manifest).toMatchObject({ name: "MoveFlix", short_name: "MoveFlix", start_url: "/", display: "standalone" })
    for (const icon of manifest.icons) {
      const picture = await sharp(Buffer.from(await (await fetch(`${loopback}${icon.src}`)).arrayBuffer())).metadata()
      expect({ format: picture.format, sizes: `${picture.width}x${picture.height}` }).toEqual({ format: "png", sizes: icon.sizes })
    }
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? "any"}`).sort()).toEqual(["192x192 any", "512x512 any", "512x512 maskable"])
  })

  it("passes Chromium's own installability check (the one Lighthouse's installable-manifest audit ran)", async () => {
    // A browser profile of its own: Chromium never offers to install from an incognito window, which every new context is.
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), "offline-profile-"))
    const context = await chromium.launchPersistentContext(profile, { executablePath: chromiumPath(), args: CHROMIUM_ARGS })
    try {
      const page = context.pages()[0] ?? (await context.newPage())
      await open(page, "/")
      await waitUntilSaved(page, ["/"])
      const cdp = await context.newCDPSession(page)
      const manifest = (await cdp.send("Page.getAppManifest")) as { url: string; errors: unknown[] }
      expect(manifest.url).toBe(`${site.origin}/manifest.webmanifest`)
      expect(manifest.errors).toEqual([])
      await expect(cdp.send("Page.getInstallabilityErrors")).resolves.toEqual({ installabilityErrors: [] })
    } finally {
      await context.close()
      fs.rmSync(profile, { recursive: true, force: true })
    }
  })
})
