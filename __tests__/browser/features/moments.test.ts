import type { Locator, Page } from "playwright-core"
import { PLAY_LINK_LENGTH_ATTRIBUTE } from "../../../contract/moment-form"
import type { ApiEpisode, ApiVideo } from "../../../contract/schemas"
import { formatClock } from "../../../src/playback/format-clock"
import { waitFor } from "../../helpers/wait-for"
import { axeViolations } from "../harness/checks/axe"
import { cleanPage, openReady, recordErrors, useBrowser } from "../harness/browser"
import { api, DESKTOP, PHONE } from "../harness/catalogue"
import { harness, playerUrlOf } from "../harness/setup/harness-env"
import { layoutShiftAfter, shiftFailures, watchLayoutShift } from "../harness/checks/layout-shift"
import { jsonLdOf, validateStructuredData } from "../harness/checks/structured-data"

// Links to a moment (`?t=`), chapters and transcripts on the episode page
// (docs/reference/screens.md), at a phone's and a desktop's width.

const browser = useBrowser()

/** The sample episode whose video the reference host gives chapters and captions in more than one language. */
const EPISODE_ID = 1002

/** How long the player may take to load and the host's SDK to speak to it, on a busy 2-core machine. */
const PLAYER_WAIT_MS = 20_000

interface Chapter {
  start: number
  title: string
}

let title = ""
let video: ApiVideo & { chapters: Chapter[]; text_tracks: { language: string; label: string; url: string }[] }

beforeAll(async () => {
  const episode = await api<ApiEpisode>(`/episodes/${EPISODE_ID}`)
  title = episode.title!
  const response = await fetch(`${harness().cmsOrigin}/video-host/videos/${episode.path}`, {
    headers: { authorization: `Bearer ${harness().videoApiToken}` },
  })
  video = (await response.json()) as typeof video
  expect(video.chapters.length).toBeGreaterThanOrEqual(3)
  expect(new Set(video.text_tracks.map((track) => track.language.split("-")[0])).size).toBeGreaterThanOrEqual(2)
})

const PAGE = `/detail/${EPISODE_ID}/`
const chapterName = (chapter: Chapter) => `${formatClock(chapter.start)} ${chapter.title}`
const chapters = (page: Page) => page.getByRole("region", { name: "Chapters" })
const playerFrame = (page: Page) => page.frameLocator("iframe")

/** The reference player's position in whole seconds (its Seek slider), once it has loaded. */
const playerSecond = async (page: Page) => Number(await playerFrame(page).getByLabel("Seek").inputValue({ timeout: PLAYER_WAIT_MS }))

/** Waits until the reference player is at `from` seconds or a little after (it plays on). */
async function playerNear(page: Page, from: number, what: string): Promise<number> {
  return waitFor(
    async () => {
      const at = await playerSecond(page)
      return at >= from && at <= from + 8 ? at : undefined
    },
    { timeout: PLAYER_WAIT_MS, what: `the player ${what} at ${from} s`, interval: 100 },
  )
}

/** The chapter links marked current (aria-current), by name, once `expected` are; fails naming what was marked. */
async function markedChapters(page: Page, expected: string[]): Promise<void> {
  const marked = () => chapters(page).locator('a[aria-current="true"]').allTextContents()
  await waitFor(async () => JSON.stringify(await marked()) === JSON.stringify(expected), {
    timeout: PLAYER_WAIT_MS,
    what: async () => `chapters ${JSON.stringify(expected)} marked; marked: ${JSON.stringify(await marked())}`,
    interval: 100,
  })
}

/**
 * Enter on the control, where the player's iframe is on the page (open, or without JavaScript in the box
 * from the start): Chromium may route a click made right after Playwright scrolls the control into view
 * by where things were before the scroll, into the tall player (a frame of another site); the key always
 * reaches the control.
 */
async function pressEnter(control: Locator): Promise<void> {
  await control.focus()
  await control.press("Enter")
}

describe.each([PHONE, DESKTOP])("at %d px", (width) => {
  it.each([["90"], ["1m30s"]])("?t=%s says 'Starts at 1:30' on the play control, links the host's player there, and starts the player there", async (t) => {
    const page = await cleanPage(browser(), { width })
    const errors = recordErrors(page)
    await openReady(page, `${harness().siteUrl}${PAGE}?t=${t}`)
    const play = page.getByRole("link", { name: `Play ${title}, starts at 1:30` })
    await play.getByText("Starts at 1:30").waitFor()
    await expect(play.getAttribute("href")).resolves.toBe(`${playerUrlOf(EPISODE_ID)}?autoplay=1#t=90s`)

    await play.click()
    await expect(page.locator("iframe").getAttribute("src")).resolves.toBe(`${playerUrlOf(EPISODE_ID)}?autoplay=1#t=90s`)
    await playerNear(page, 90, "started")
    expect(errors).toEqual([])
  })

  it("?t=1m30s is in the play link before the page's JavaScript: at the first paint, and a click with no script file arrived opens the host's player at 1:30", async () => {
    // A context of its own: the init script cannot be taken back from a pooled page.
    const context = await browser().newContext({ viewport: { width, height: 900 } })
    const page = await context.newPage()
    // The page's script files never arrive: every moment of this visit is before hydration.
    await page.route(/\/[^/?]+\.js(\?|$)/, () => undefined)
    // A frame callback runs just before the browser paints: the first one reads what the first paint shows.
    await page.addInitScript(
      (link) =>
        requestAnimationFrame(() => {
          ;(window as unknown as { painted: string | null }).painted = document.querySelector(link)?.getAttribute("href") ?? null
        }),
      `a[${PLAY_LINK_LENGTH_ATTRIBUTE}]`,
    )
    await page.goto(`${harness().siteUrl}${PAGE}?t=1m30s`, { waitUntil: "domcontentloaded" })
    const atMoment = `${playerUrlOf(EPISODE_ID)}?autoplay=1#t=90s`
    const painted = await waitFor(() => page.evaluate(() => (window as unknown as { painted?: string | null }).painted), {
      timeout: PLAYER_WAIT_MS,
      what: "the first frame",
      interval: 100,
    })
    expect(painted).toBe(atMoment)
    await expect(page.evaluate(() => document.documentElement.hasAttribute("data-hydrated"))).resolves.toBe(false)
    const play = page.getByRole("link", { name: `Play ${title}`, exact: true })
    await expect(play.getAttribute("href")).resolves.toBe(atMoment)

    await play.click()
    await page.waitForURL(atMoment)
    const second = await waitFor(
      async () => {
        const at = Number(await page.getByLabel("Seek").inputValue())
        return at >= 90 && at <= 98 ? at : undefined
      },
      { timeout: PLAYER_WAIT_MS, what: "the host's player at 90 s", interval: 100 },
    )
    expect(second).toBeGreaterThanOrEqual(90)
  })

  it.each([["soon"], ["-30"], ["0"], ["1:30"], ["99999"]])("ignores ?t=%s: the plain play control, from the start, no error", async (t) => {
    const page = await cleanPage(browser(), { width })
    const errors = recordErrors(page)
    await openReady(page, `${harness().siteUrl}${PAGE}?t=${encodeURIComponent(t)}`)
    const play = page.getByRole("link", { name: `Play ${title}`, exact: true })
    await expect(play.getAttribute("href")).resolves.toBe(`${playerUrlOf(EPISODE_ID)}?autoplay=1`)
    await expect(page.getByText(/Starts at/).count()).resolves.toBe(0)
    expect(errors).toEqual([])
  })

  it("lists the chapters as links to their moments; a click opens the player there and marks it, Enter on another seeks the open player and moves the mark", async () => {
    const page = await cleanPage(browser(), { width })
    await openReady(page, `${harness().siteUrl}${PAGE}`)
    const [, second, third] = video.chapters as [Chapter, Chapter, Chapter]
    const links = chapters(page).getByRole("link")
    await expect(links.allTextContents()).resolves.toEqual(video.chapters.map(chapterName))
    const secondLink = chapters(page).getByRole("link", { name: chapterName(second) })
    await expect(secondLink.getAttribute("href")).resolves.toBe(`${playerUrlOf(EPISODE_ID)}?autoplay=1#t=${second.start}s`)

    await secondLink.click()
    await expect(page.locator("iframe").getAttribute("src")).resolves.toBe(`${playerUrlOf(EPISODE_ID)}?autoplay=1#t=${second.start}s`)
    await playerNear(page, second.start, "opened")
    await markedChapters(page, [chapterName(second)])
    const bar = (name: string) =>
      chapters(page)
        .getByRole("link", { name })
        .evaluate((link) => getComputedStyle(link).borderLeftColor)
    const [current, other] = await Promise.all([bar(chapterName(second)), bar(chapterName(third))])
    expect(current).not.toBe(other)

    const thirdLink = chapters(page).getByRole("link", { name: chapterName(third) })
    await thirdLink.focus()
    await page.keyboard.press("Enter")
    await playerNear(page, third.start, "sought")
    await markedChapters(page, [chapterName(third)])
    // The same player, moved: not a new one started at the chapter.
    await expect(page.locator("iframe").getAttribute("src")).resolves.toBe(`${playerUrlOf(EPISODE_ID)}?autoplay=1#t=${second.start}s`)
  })

  it("once played past the start, Share offers 'From m:ss', which shares the page at that moment", async () => {
    const page = await cleanPage(browser(), { width })
    await openReady(page, `${harness().siteUrl}${PAGE}?t=90`)
    const offer = page.getByRole("button", { name: new RegExp(`^Share ${title} from \\d+:\\d\\d$`) })
    await expect(offer.count()).resolves.toBe(0)
    await page.evaluate(() => {
      Object.defineProperty(navigator, "share", {
        configurable: true,
        value: async (data: ShareData) => void ((window as unknown as { shared: ShareData }).shared = data),
      })
    })
    await page.getByRole("link", { name: `Play ${title}, starts at 1:30` }).click()
    await offer.waitFor({ timeout: PLAYER_WAIT_MS })
    const said = (await offer.textContent())!
    expect(said).toMatch(/^From 1:3\d$/)
    const dialogs: string[] = []
    page.on("dialog", (dialog) => dialogs.push(dialog.message()))
    await pressEnter(offer)
    const shared = await waitFor(() => page.evaluate(() => (window as unknown as { shared?: ShareData }).shared), {
      timeout: 5_000,
      what: () => `the page to share; dialogs: ${JSON.stringify(dialogs)}`,
      interval: 100,
    })
    const at = new URL(shared.url!)
    expect(`${at.origin}${at.pathname}`).toBe(`${harness().siteUrl}${PAGE}`)
    expect(Number(at.searchParams.get("t"))).toBeGreaterThanOrEqual(90)
    expect(shared.title).toBe(title)
  })

  it("takes over the server's HTML below the player without drawing it again: a chapter clicked as soon as the page is hydrated plays, and no error", async () => {
    // A context of its own: the init script cannot be taken back from a pooled page.
    const context = await browser().newContext({ viewport: { width, height: 900 } })
    const page = await context.newPage()
    const errors = recordErrors(page)
    // The server's elements get a mark as the parser finishes: any part React drew again would be new elements without it.
    await page.addInitScript(() =>
      document.addEventListener("DOMContentLoaded", () => {
        const marked = window as unknown as { hydratedAtParse: boolean }
        marked.hydratedAtParse = document.documentElement.hasAttribute("data-hydrated")
        for (const element of document.querySelectorAll("main *, footer *")) (element as unknown as { fromServer: boolean }).fromServer = true
      }),
    )
    await openReady(page, `${harness().siteUrl}${PAGE}`)
    await expect(page.evaluate(() => (window as unknown as { hydratedAtParse: boolean }).hydratedAtParse)).resolves.toBe(false)
    const [, second] = video.chapters as [Chapter, Chapter]
    await pressEnter(chapters(page).getByRole("link", { name: chapterName(second) }))
    await playerNear(page, second.start, "opened")
    await markedChapters(page, [chapterName(second)])
    const drawnAgain = (selector: string) =>
      page.evaluate(
        (parts) =>
          [...document.querySelectorAll(parts)].filter((element) => !(element as unknown as { fromServer?: boolean }).fromServer).map((element) => element.outerHTML.slice(0, 80)),
        selector,
      )
    // The player's box changes on play (its iframe), and the playing card gains Share from and its progress;
    // the rest is the server's elements.
    await expect(drawnAgain("main > nav *, main > div ~ div *, main > section h2, main > section h3, main > section a, footer *")).resolves.toEqual([])
    expect(errors).toEqual([])
  })

  it("goes to another episode from Next Episodes as soon as the page is hydrated, with no error", async () => {
    const page = await cleanPage(browser(), { width })
    const errors = recordErrors(page)
    await openReady(page, `${harness().siteUrl}${PAGE}`)
    const next = page.getByRole("region", { name: "Next Episodes" }).getByRole("link").first()
    const nextTitle = (await next.getByRole("heading").textContent())!
    await pressEnter(next)
    await page.getByRole("heading", { level: 1, name: nextTitle }).waitFor()
    expect(page.url()).not.toBe(`${harness().siteUrl}${PAGE}`)
    expect(errors).toEqual([])
  })

  it("axe finds nothing at any impact with a chapter playing and every transcript open", async () => {
    const page = await cleanPage(browser(), { width })
    await openReady(page, `${harness().siteUrl}${PAGE}`)
    const [, second] = video.chapters as [Chapter, Chapter]
    await chapters(page)
      .getByRole("link", { name: chapterName(second) })
      .click()
    await markedChapters(page, [chapterName(second)])
    await pressEnter(page.getByText("Transcript", { exact: true }))
    for (const summary of await page.locator("details details > summary").all()) await pressEnter(summary)
    // The player's iframe is the video host's page, not ours (viewing-memory.test.ts says why it is left out).
    await expect(axeViolations(page, { exclude: ["iframe"] })).resolves.toEqual([])
  })

  it("moves nothing: no layout shift from arrival through the moment's label, play and the chapter marks", async () => {
    const context = await browser().newContext({ viewport: { width, height: 900 } })
    const page = await context.newPage()
    await watchLayoutShift(page)
    await openReady(page, `${harness().siteUrl}${PAGE}?t=90`)
    await page.getByText("Starts at 1:30").waitFor()
    await page.getByRole("link", { name: `Play ${title}, starts at 1:30` }).click()
    const playing = video.chapters.filter((chapter) => chapter.start <= 90).at(-1)!
    await markedChapters(page, [chapterName(playing)])
    // Two more seconds of the clock ticking in the chapter list and the Share offer.
    const from = await playerSecond(page)
    await playerNear(page, from + 2, "played on")
    const shift = await layoutShiftAfter(page, 0)
    expect(shiftFailures(shift, 0, "two seconds into playing")).toEqual([])
  })

  it("has the transcript in the HTML without JavaScript: a Transcript disclosure, the page's language first and marked, the others behind their own, each paragraph's moment a link", async () => {
    const page = await cleanPage(browser(), { width, javaScriptEnabled: false })
    await page.goto(`${harness().siteUrl}${PAGE}`)
    const english = video.text_tracks.find((track) => track.language.split("-")[0] === "en")!
    const others = video.text_tracks.filter((track) => track !== english)
    const transcript = page.locator("details", { has: page.locator(":scope > summary", { hasText: /^Transcript$/ }) })
    const text = transcript.locator(`:scope > [lang="${english.language}"]`)
    await expect(text.isVisible()).resolves.toBe(false)
    await pressEnter(transcript.locator(":scope > summary"))
    await expect(text.isVisible()).resolves.toBe(true)
    const stamps = text.getByRole("link", { name: /^Play from \d+:\d\d$/ })
    expect(await stamps.count()).toBeGreaterThan(1)
    const second = stamps.nth(1)
    const seconds = ((await second.textContent()) ?? "")
      .replace("Play from ", "")
      .split(":")
      .reduce((sum, part) => sum * 60 + Number(part), 0)
    await expect(second.getAttribute("href")).resolves.toBe(`${playerUrlOf(EPISODE_ID)}?autoplay=1#t=${seconds}s`)
    await expect(transcript.locator(":scope > details > summary").allTextContents()).resolves.toEqual(others.map((track) => track.label))
    for (const track of others) {
      const other = transcript.locator(":scope > details", { has: page.locator(":scope > summary", { hasText: track.label }) })
      await pressEnter(other.locator(":scope > summary"))
      await expect(other.locator(`[lang="${track.language}"] p`).first().isVisible()).resolves.toBe(true)
    }
  })

  it("without JavaScript a chapter is a link to the host's player at its moment", async () => {
    const page = await cleanPage(browser(), { width, javaScriptEnabled: false })
    await page.goto(`${harness().siteUrl}${PAGE}`)
    const [, second] = video.chapters as [Chapter, Chapter]
    await pressEnter(chapters(page).getByRole("link", { name: chapterName(second) }))
    await page.waitForURL(`${playerUrlOf(EPISODE_ID)}?autoplay=1#t=${second.start}s`)
  })
})

describe("the episode's key moments and transcript for search engines", () => {
  it("has a Clip per chapter and the transcript as text in its VideoObject, by Google's rules", async () => {
    const html = await (await fetch(`${harness().siteUrl}${PAGE}`)).text()
    const objects = jsonLdOf(html)
    const videoObject = objects.find((object) => object["@type"] === "VideoObject") as Record<string, unknown>
    const clips = videoObject.hasPart as Record<string, unknown>[]
    const pageUrl = `${harness().siteUrl}${PAGE}`
    // Google's key moments (developers.google.com/search/docs/appearance/structured-data/video#clip):
    // name, startOffset and url required, endOffset recommended; the url the video's page with the start time
    // in its query; no two clips starting together.
    expect(clips.map((clip) => [clip["@type"], clip.name, clip.startOffset])).toEqual(video.chapters.map((chapter) => ["Clip", chapter.title, chapter.start]))
    for (const [index, clip] of clips.entries()) {
      const url = new URL(clip.url as string)
      expect([`${url.origin}${url.pathname}`, url.searchParams.get("t")]).toEqual([pageUrl, String(clip.startOffset)])
      const end = (clips[index + 1]?.startOffset as number | undefined) ?? video.duration
      expect(clip.endOffset).toBe(end)
    }
    expect(new Set(clips.map((clip) => clip.startOffset)).size).toBe(clips.length)
    // schema.org's VideoObject.transcript is Text: the page's transcript, a paragraph a line.
    expect(typeof videoObject.transcript).toBe("string")
    expect((videoObject.transcript as string).split("\n").length).toBeGreaterThan(1)
    // Adobe's validator holds Clip to the same rules; it warns about VideoObject fields the site has no data for
    // (expires, publication, regionsAllowed), and about nothing of a Clip.
    const issues = await validateStructuredData(objects)
    const describe = (issue: (typeof issues)[number]) => `${issue.severity}: ${issue.issueMessage} (${issue.path?.map((step) => step.type).join(" > ")})`
    expect(issues.filter((issue) => issue.severity === "ERROR" || issue.path?.some((step) => step.type === "Clip")).map(describe)).toEqual([])
  })
})
