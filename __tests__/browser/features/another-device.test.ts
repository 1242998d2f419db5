import fs from "node:fs"
import path from "node:path"
import zlib from "node:zlib"
import type { BrowserContext, Page } from "playwright-core"
import type { ApiEpisode, ApiSeries } from "../../../contract/schemas"
import { PROJECT_ROOT } from "../../../node-kit/process/processes"
import { VIEWING_STORAGE_KEY } from "../../../src/viewing/storage-key"
import { serializeViewing } from "../../../src/viewing/viewing-parse"
import type { EpisodeProgress, SavedSeries, ViewingState } from "../../../src/viewing/viewing-types"
import { waitFor } from "../../helpers/wait-for"
import { axeViolations } from "../harness/checks/axe"
import { cleanPage, openReady, recordErrors, useBrowser, waitForHydration } from "../harness/browser"
import { DESKTOP, PHONE, api } from "../harness/catalogue"
import { harness } from "../harness/setup/harness-env"
import { layoutShiftAfter, shiftFailures, watchLayoutShift } from "../harness/checks/layout-shift"
import { readQrCode } from "../harness/checks/qr-code"
import { startSwitchableSite, type SwitchableSite } from "../harness/releases"

/*
 * "Continue on another device" (docs/reference/viewing-memory.md): one
 * browser makes a link carrying My list and its positions, drawn as a QR
 * code; a second browser context, another device, reads the code off the
 * first one's screen and takes the list. The texts are written out here, as
 * a visitor reads them, rather than imported from the components.
 */

const browser = useBrowser()

const PUBLIC = path.join(PROJECT_ROOT, "public")
/** The longest link the site makes (LINK_LIMIT, take-link-format.ts). */
const LINK_LIMIT = 1700
/** A string only the QR library's code holds (uqr's error for a character its alphanumeric mode cannot take). */
const QR_LIBRARY_MARK = "String contains unencodable characters in alphanumeric mode"
const QR_CHUNK = /\/another-device-link-[0-9a-f]+\.js$/
/** What is measured of layout shift: from navigation to this long after the dialog is there. */
const SHIFT_WINDOW_MS = 2000

const TEXT = {
  open: "Continue on another device",
  qr: "QR code of the link below",
  take: "Add a list from another device?",
  add: "Add to this browser",
  damaged: "This link is damaged or incomplete, so there is nothing to add.",
  noScript: "A link from “Continue on another device” needs JavaScript too, to add its list here.",
}

interface Show {
  id: string
  title: string
}
interface Episode extends Show {
  number: number
  series: Show
}

/** Three series of the sample catalogue, and two episodes of the first. */
let shows: Show[] = []
let episodes: Episode[] = []

beforeAll(async () => {
  shows = await Promise.all(["101", "102", "103"].map(async (id) => ({ id, title: (await api<ApiSeries>(`/series/${id}`)).title! })))
  const listed = (await api<ApiEpisode[]>(`/series/${shows[0]!.id}/episodes`)).sort((a, b) => a.episode! - b.episode!)
  episodes = listed.slice(0, 2).map((episode) => ({ id: String(episode.id), title: episode.title!, number: episode.episode!, series: shows[0]! }))
  expect(episodes).toHaveLength(2)
})

const saved = (show: Show, savedAt: number): SavedSeries => ({ seriesId: show.id, title: show.title, image: null, savedAt })

function position(episode: Episode, seconds: number, duration: number, updatedAt: number): EpisodeProgress {
  return {
    episodeId: episode.id,
    seconds,
    duration,
    updatedAt,
    seriesId: episode.series.id,
    seriesTitle: episode.series.title,
    episodeTitle: episode.title,
    episodeNumber: episode.number,
    image: null,
  }
}

/** What the visitor's browser remembers, as stored. */
const stored = (page: Page) => page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? "null") as ViewingState | null, VIEWING_STORAGE_KEY)

/** Puts `state` in the page origin's storage, as the site would have written it (the page must be on the site). */
const store = (page: Page, state: ViewingState) => page.evaluate(([key, value]) => localStorage.setItem(key!, value!), [VIEWING_STORAGE_KEY, serializeViewing(state)])

/** A device of its own: a new context (layout shift is watched from its first navigation), its console errors gathered. */
async function device(width: number): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser().newContext({ viewport: { width, height: 800 } })
  const page = await context.newPage()
  await watchLayoutShift(page)
  return { context, page, errors: recordErrors(page) }
}

const savedTitles = (page: Page) => page.getByRole("list", { name: "Saved series" }).getByRole("heading", { level: 3 }).allInnerTexts()

/** Opens "Continue on another device" on the open My list; answers the link in its field once the dialog shows it. */
async function openLink(page: Page): Promise<string> {
  await page.getByRole("button", { name: TEXT.open }).click()
  const dialog = page.getByRole("dialog", { name: TEXT.open })
  await dialog.getByRole("img", { name: TEXT.qr }).waitFor()
  return dialog.getByRole("textbox", { name: "Link" }).inputValue()
}

/** The layout shift of the open page, none allowed. */
async function expectNoShift(page: Page): Promise<void> {
  const shift = await layoutShiftAfter(page, SHIFT_WINDOW_MS)
  expect(shiftFailures(shift, 0, `the dialog + ${SHIFT_WINDOW_MS / 1000} s`)).toEqual([])
}

describe.each([PHONE, DESKTOP])("at %i px", (width) => {
  it("takes My list and its positions to a second browser through the QR code's link, and merges them: newest position wins", async () => {
    const now = Date.now()
    const [first, second, third] = shows as [Show, Show, Show]
    const [one, two] = episodes as [Episode, Episode]
    const a = await device(width)
    const scripts: string[] = []
    a.page.on("request", (request) => void (request.resourceType() === "script" && scripts.push(request.url())))
    await openReady(a.page, new URL("/", harness().siteUrl).href)
    await store(a.page, { saved: [saved(first, now - 1000), saved(second, now - 2000)], history: [position(one, 300, 1200, now - 1000), position(two, 90, 900, now - 60_000)] })
    await openReady(a.page, new URL("/my-list/", harness().siteUrl).href)
    await expect(savedTitles(a.page)).resolves.toEqual([first.title, second.title])
    expect(scripts.filter((url) => QR_CHUNK.test(url))).toEqual([])

    const link = await openLink(a.page)
    expect(scripts.filter((url) => QR_CHUNK.test(url))).toHaveLength(1)
    expect(link).toMatch(new RegExp(`^${harness().siteUrl}/my-list/#take=1\\.[A-Za-z0-9_-]+$`))
    expect(link.length).toBeLessThanOrEqual(LINK_LIMIT)
    const scanned = await readQrCode(a.page.getByRole("img", { name: TEXT.qr }))
    expect(scanned).toBe(link)
    expect(await axeViolations(a.page)).toEqual([])
    await expectNoShift(a.page)

    // The other device already has a series, an older position in one episode and a newer one in the other.
    const b = await device(width)
    await openReady(b.page, new URL("/", harness().siteUrl).href)
    await store(b.page, { saved: [saved(third, now - 5000)], history: [position(two, 600, 900, now - 10), position(one, 500, 1200, now - 30_000)] })
    await b.page.goto(scanned, { waitUntil: "load" })
    const dialog = b.page.getByRole("dialog", { name: TEXT.take })
    await dialog.waitFor()
    await expect(dialog.getByRole("list").first().getByRole("listitem").allInnerTexts()).resolves.toEqual([first.title, second.title])
    await expect(dialog.getByRole("list").nth(1).getByRole("listitem").allInnerTexts()).resolves.toEqual([`${first.title} · Episode ${one.number} · ${one.title}`])
    expect(await axeViolations(b.page)).toEqual([])
    await expectNoShift(b.page)

    await dialog.getByRole("button", { name: TEXT.add }).click()
    await b.page.getByRole("status").filter({ hasText: "Added 2 series to My list and where you stopped in 1 episode." }).waitFor()
    await expect(dialog.count()).resolves.toBe(0)
    await expect(b.page.evaluate(() => window.location.hash)).resolves.toBe("")
    await expect(savedTitles(b.page)).resolves.toEqual([first.title, second.title, third.title])
    const merged = await stored(b.page)
    expect(merged?.history.map((entry) => [entry.episodeId, entry.seconds])).toEqual([
      [two.id, 600],
      [one.id, 300],
    ])
    await b.page.reload({ waitUntil: "load" })
    await waitForHydration(b.page)
    await expect(savedTitles(b.page)).resolves.toEqual([first.title, second.title, third.title])
    await expect(dialog.count()).resolves.toBe(0)
    expect([...a.errors, ...b.errors]).toEqual([])
  })
})

describe("by keyboard", () => {
  it("opens the dialog, copies the link, closes with Escape back to its button; on the other device Tab reaches Cancel, which adds nothing", async () => {
    const page = await cleanPage(browser(), { width: DESKTOP })
    const errors = recordErrors(page)
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: harness().siteUrl })
    await openReady(page, new URL("/", harness().siteUrl).href)
    await store(page, { saved: [saved(shows[0]!, Date.now())], history: [] })
    await openReady(page, new URL("/my-list/", harness().siteUrl).href)
    const opener = page.getByRole("button", { name: TEXT.open })
    await opener.focus()
    await page.keyboard.press("Enter")
    const dialog = page.getByRole("dialog", { name: TEXT.open })
    await dialog.getByRole("img", { name: TEXT.qr }).waitFor()
    const link = await dialog.getByRole("textbox", { name: "Link" }).inputValue()
    const copy = dialog.getByRole("button", { name: "Copy link" })
    // Tab stays in the dialog until it reaches Copy link, whose focus is drawn.
    await waitFor(
      async () => {
        await page.keyboard.press("Tab")
        return (await copy.evaluate((button) => button === document.activeElement)) || undefined
      },
      { timeout: 10_000, what: "Tab to reach Copy link", interval: 100 },
    )
    await expect(copy.evaluate((button) => getComputedStyle(button).outlineStyle)).resolves.not.toBe("none")
    await page.keyboard.press("Enter")
    await dialog.getByRole("status").filter({ hasText: "Link copied." }).waitFor()
    await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(link)
    await page.keyboard.press("Escape")
    await dialog.waitFor({ state: "detached" })
    await expect(opener.evaluate((button) => button === document.activeElement)).resolves.toBe(true)

    const other = await cleanPage(browser(), { width: PHONE })
    await other.goto(link, { waitUntil: "load" })
    const take = other.getByRole("dialog", { name: TEXT.take })
    await take.waitFor()
    await waitFor(
      async () => {
        await other.keyboard.press("Tab")
        return (await other.evaluate(() => document.activeElement?.textContent)) === "Cancel" || undefined
      },
      { timeout: 10_000, what: "Tab to reach Cancel", interval: 100 },
    )
    await other.keyboard.press("Enter")
    await other.getByRole("status").filter({ hasText: "Nothing was added." }).waitFor()
    expect(new URL(other.url()).hash).toBe("")
    await expect(stored(other)).resolves.toBeNull()
    expect(errors).toEqual([])
  })
})

/** A fragment in the documented format (take-link-format.ts), written with Node's zlib as any sender could. */
const takeFragment = (json: unknown) => `#take=1.${zlib.deflateRawSync(Buffer.from(JSON.stringify(json))).toString("base64url")}`

describe("a link is untrusted", () => {
  it("says the list is too long and carries the most recent that fit, in a QR code that still reads", async () => {
    const now = Date.now()
    const page = await cleanPage(browser(), { width: PHONE, height: 800 })
    const many = Array.from({ length: 100 }, (_, index): SavedSeries => ({
      seriesId: String(2000 + index),
      title: `${shows[index % 3]!.title}, part ${index + 1}`,
      image: { src: `/_gatsby/image/${(index * 7919).toString(16).padStart(20, "0")}/series-${index}-480w.webp`, width: 480, height: 270 },
      savedAt: now - index * 1000,
    }))
    await openReady(page, new URL("/", harness().siteUrl).href)
    await store(page, { saved: many, history: [position(episodes[0]!, 60, 600, now)] })
    await openReady(page, new URL("/my-list/", harness().siteUrl).href)
    const link = await openLink(page)
    expect(link.length).toBeLessThanOrEqual(LINK_LIMIT)
    const dialog = page.getByRole("dialog", { name: TEXT.open })
    const said = await dialog.getByText("Your list is too long for one link").innerText()
    const carried = Number(/your (\d+) most recently saved series \(of 100\)/.exec(said)?.[1])
    expect(carried).toBeGreaterThan(5)
    expect(said).toContain("none of where you stopped (1 episode). The rest stays in this browser.")
    await expect(readQrCode(dialog.getByRole("img", { name: TEXT.qr }))).resolves.toBe(link)

    const other = await cleanPage(browser(), { width: PHONE })
    await other.goto(link, { waitUntil: "load" })
    await other.getByRole("dialog", { name: TEXT.take }).getByRole("button", { name: TEXT.add }).click()
    await other
      .getByRole("status")
      .filter({ hasText: `Added ${carried} series to My list.` })
      .waitFor()
    await expect(stored(other).then((state) => state?.saved.map((series) => series.seriesId))).resolves.toEqual(many.slice(0, carried).map((series) => series.seriesId))
  })

  it.each([
    ["made up", "#take=1.bm90IGEgbGlzdA"],
    ["cut short", takeFragment([[["101", "Cut", null, 1]], []]).slice(0, -10)],
    ["a broken percent escape", "#take=1.%E0%A4%A"],
  ])("%s: says it is damaged, adds nothing, and nothing breaks", async (_, fragment) => {
    const page = await cleanPage(browser(), { width: DESKTOP })
    const errors = recordErrors(page)
    await openReady(page, new URL(`/my-list/${fragment}`, harness().siteUrl).href)
    const dialog = page.getByRole("dialog", { name: TEXT.take })
    await dialog.getByText(TEXT.damaged).waitFor()
    await expect(dialog.getByRole("button", { name: TEXT.add }).count()).resolves.toBe(0)
    await dialog.getByRole("button", { name: "Close" }).click()
    await dialog.waitFor({ state: "detached" })
    // The dialog hides as Close is pressed; the fragment leaves the address on its close event, a task later.
    // Asked of the page: Playwright's page.url() learns of a replaceState from an event that may come later.
    const hash = () => page.evaluate(() => window.location.hash)
    await waitFor(async () => (await hash()) === "", { timeout: 5_000, what: async () => `the take link out of the address, which still ends in ${await hash()}` })
    await expect(stored(page)).resolves.toBeNull()
    expect(errors).toEqual([])
  })

  it("shows a title carrying markup as text, runs no script, and leaves out an entry with a javascript: picture", async () => {
    const page = await cleanPage(browser(), { width: DESKTOP })
    const errors = recordErrors(page)
    const hostile = '<img src=x onerror="window.__hostile = 1">'
    const fragment = takeFragment([
      [
        ["101", hostile, null, 1],
        ["102", "Bad picture", ["javascript:window.__hostile=2", 10, 10], 1],
      ],
      [],
    ])
    await openReady(page, new URL(`/my-list/${fragment}`, harness().siteUrl).href)
    const dialog = page.getByRole("dialog", { name: TEXT.take })
    await dialog.getByRole("listitem").filter({ hasText: hostile }).waitFor()
    await dialog.getByText("1 entry in the link could not be read and is left out.").waitFor()
    await dialog.getByRole("button", { name: TEXT.add }).click()
    await expect(savedTitles(page)).resolves.toEqual([hostile])
    await expect(page.evaluate(() => (window as { __hostile?: unknown }).__hostile)).resolves.toBeUndefined()
    expect(errors).toEqual([])
  })
})

describe("offline", () => {
  let site: SwitchableSite
  beforeAll(async () => {
    // The suite's build on an origin of this file's own, on localhost, where the service worker runs, and which can go away.
    site = await startSwitchableSite(PUBLIC)
  })
  afterEach(() => site.serve(PUBLIC))
  afterAll(() => site?.close())

  /** Until the worker controls the page and has saved every URL `wanted` accepts, and then nothing more for a moment. */
  async function waitUntilSaved(page: Page, wanted: ((url: string) => boolean)[]): Promise<void> {
    let last = -1
    await waitFor(
      async () => {
        const saved = await page.evaluate(async () => {
          if (!navigator.serviceWorker.controller) return []
          const urls: string[] = []
          for (const name of await caches.keys()) urls.push(...(await (await caches.open(name)).keys()).map((request) => request.url))
          return urls
        })
        const settled = wanted.every((accepts) => saved.some(accepts)) && saved.length === last
        last = saved.length
        return settled || undefined
      },
      { timeout: 30_000, what: "the service worker to save My list, its data and its code", interval: 500 },
    )
  }

  it("a device that has been on the site once opens the link without a network, and takes the list", async () => {
    const now = Date.now()
    const maker = await cleanPage(browser(), { width: DESKTOP })
    await openReady(maker, `${site.origin}/`)
    await store(maker, { saved: [saved(shows[1]!, now)], history: [position(episodes[0]!, 120, 600, now)] })
    await openReady(maker, `${site.origin}/my-list/`)
    const link = await openLink(maker)
    expect(link.startsWith(`${site.origin}/my-list/#take=`)).toBe(true)

    // The other device has opened the home page once, never My list.
    const { context, page, errors } = await device(PHONE)
    await openReady(page, `${site.origin}/`)
    await waitUntilSaved(page, [
      (url) => url === `${site.origin}/my-list/`,
      (url) => url === `${site.origin}/page-data/my-list/page-data.json`,
      (url) => /\/component---src-pages-my-list-tsx-[0-9a-f]+\.js$/.test(url),
    ])
    await context.setOffline(true)
    site.serve(null)
    await page.goto(link, { waitUntil: "load" })
    await page.getByRole("dialog", { name: TEXT.take }).getByRole("button", { name: TEXT.add }).click()
    await page.getByRole("status").filter({ hasText: "Added 1 series to My list and where you stopped in 1 episode." }).waitFor()
    await expect(savedTitles(page)).resolves.toEqual([shows[1]!.title])
    // Chromium reports each request that fails for want of a network (the home page's pictures still on their way,
    // the favicon) as a console error; what matters is that the page handles it, which the checks above prove.
    expect(errors.filter((error) => !/^Failed to load resource: net::ERR_(INTERNET_DISCONNECTED|FAILED)/.test(error))).toEqual([])
  })
})

describe("without JavaScript", () => {
  it("My list opened from a link says the link needs JavaScript to add its list", async () => {
    const page = await cleanPage(browser(), { width: PHONE, javaScriptEnabled: false })
    await page.goto(new URL(`/my-list/${takeFragment([[["101", "A", null, 1]], []])}`, harness().siteUrl).href, { waitUntil: "load" })
    await expect(page.getByRole("main").innerText()).resolves.toContain(TEXT.noScript)
  })
})

describe("what it costs", () => {
  it("keeps the QR library in one chunk of its own, which no page's HTML loads or preloads", () => {
    // This build's chunks, by the chunk group that loads them (public/ also keeps earlier builds' files).
    const stats = JSON.parse(fs.readFileSync(path.join(PUBLIC, "webpack.stats.json"), "utf8")) as {
      namedChunkGroups: Record<string, { assets: { name: string }[] }>
    }
    const groups = Object.entries(stats.namedChunkGroups).map(([name, group]) => ({
      name,
      scripts: group.assets.map((asset) => asset.name).filter((file) => file.endsWith(".js")),
    }))
    const withLibrary = [...new Set(groups.flatMap((group) => group.scripts))].filter((file) => fs.readFileSync(path.join(PUBLIC, file), "utf8").includes(QR_LIBRARY_MARK))
    expect(withLibrary).toEqual([expect.stringMatching(/^another-device-link-[0-9a-f]+\.js$/)])
    expect(groups.filter((group) => group.scripts.includes(withLibrary[0]!)).map((group) => group.name)).toEqual(["another-device-link"])
    const pages = fs
      .readdirSync(PUBLIC, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith(".html"))
      .map((entry) => path.join(entry.parentPath, entry.name))
    expect(pages.length).toBeGreaterThan(10)
    // Every page names every chunk in Gatsby's map of them (window.___chunkMapping); none may load this one
    // as it loads its own code.
    expect(fs.readFileSync(path.join(PUBLIC, "index.html"), "utf8")).toMatch(/src="\/app-[0-9a-f]+\.js"/)
    const loads = new RegExp(`(src|href)="/${withLibrary[0]!.replace(/\./g, "\\.")}"`)
    expect(pages.filter((file) => loads.test(fs.readFileSync(file, "utf8")))).toEqual([])
  })
})
