import type { BrowserContext, Page, Request } from "playwright-core"
import type { ApiEpisode, ApiVideo } from "../../../contract/schemas"
import { formatClock } from "../../../src/playback/format-clock"
import { VIEWING_STORAGE_KEY } from "../../../src/viewing/storage-key"
import { serializeViewing } from "../../../src/viewing/viewing-parse"
import type { EpisodeProgress, ViewingState } from "../../../src/viewing/viewing-types"
import { axeViolations } from "../harness/checks/axe"
import { cleanPage, openReady, recordErrors, useBrowser } from "../harness/browser"
import { api } from "../harness/catalogue"
import { PLAYER_ORIGIN, harness } from "../harness/setup/harness-env"
import { layoutShiftAfter, shiftFailures, watchLayoutShift } from "../harness/checks/layout-shift"
import { rendered } from "../harness/rendered"
import { waitFor } from "../../helpers/wait-for"

const browser = useBrowser()

/** An episode as these tests use it: every field the sample catalogue gives it. */
interface Episode {
  id: number
  title: string
  episode: number
  path: string
  subcategoryId: number
}

/** "30-Day HIIT Challenge" in the sample catalogue: its episodes in ascending order. */
const SERIES_ID = 101
let episodes: Episode[] = []
let seriesTitle = ""

beforeAll(async () => {
  const listed = await api<ApiEpisode[]>(`/series/${SERIES_ID}/episodes`)
  episodes = listed
    .map((e) => ({ id: Number(e.id), title: e.title!, episode: e.episode!, path: e.path, subcategoryId: Number(e.sub_category_id) }))
    .sort((a, b) => a.episode - b.episode)
  seriesTitle = (await api<{ title: string }>(`/series/${SERIES_ID}`)).title
  expect(episodes.length).toBeGreaterThanOrEqual(3)
})

/** The video host's length of an episode's video, as its API answers it. */
async function hostDuration(episode: Episode): Promise<number> {
  const response = await fetch(`${harness().cmsOrigin}/video-host/videos/${episode.path}`, {
    headers: { authorization: `Bearer ${harness().videoApiToken}` },
  })
  return ((await response.json()) as ApiVideo).duration!
}

interface Visitor {
  context: BrowserContext
  page: Page
  errors: string[]
  requests: Request[]
}

/** Every request and console error of the visitor's page, kept. */
function watched(context: BrowserContext, page: Page): Visitor {
  const requests: Request[] = []
  context.on("request", (request) => requests.push(request))
  return { context, page, errors: recordErrors(page), requests }
}

/** A first-time visitor: a clean page of the pool (page-pool.ts), `width` × `height` CSS pixels. */
async function newVisitor(width = 1280, height = 900): Promise<Visitor> {
  const page = await cleanPage(browser(), { width, height })
  return watched(page.context(), page)
}

/**
 * A visitor in a context of their own, for what a pooled page cannot take
 * back: init scripts, and the page clock, installed here, which runs at real
 * speed until a test moves it (a countdown then takes no real seconds).
 */
async function ownVisitor(options: Parameters<ReturnType<typeof browser>["newContext"]>[0] = {}): Promise<Visitor> {
  const context = await browser().newContext({ viewport: { width: 1280, height: 900 }, ...options })
  await context.clock.install()
  return watched(context, await context.newPage())
}

const open = (page: Page, path: string) => openReady(page, new URL(path, harness().siteUrl).href)

/** What the visitor's browser remembers, as stored. */
const stored = (page: Page) =>
  page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? "null") as { history: EpisodeProgress[]; saved: unknown[] } | null, VIEWING_STORAGE_KEY)

/** Long enough for a page on a loaded machine to store what it heard; a wait that never ends fails naming what. */
const STORE_WAIT_MS = 30_000

/** Waits until the visitor's storage holds the episode's position and `done` accepts it. */
function waitForStored(page: Page, episodeId: number, done: (progress: EpisodeProgress) => boolean): Promise<EpisodeProgress> {
  return waitFor(
    async () => {
      const entry = (await stored(page))?.history.find((progress) => progress.episodeId === String(episodeId))
      return entry && done(entry) ? entry : undefined
    },
    { timeout: STORE_WAIT_MS, what: async () => `episode ${episodeId}'s position stored; stored: ${JSON.stringify(await stored(page))}`, interval: 100 },
  )
}

const player = (page: Page) => page.frameLocator("iframe")

/** Moves the reference player's own Seek slider, as a viewer dragging it would. */
async function seekPlayer(page: Page, seconds: number): Promise<void> {
  await player(page)
    .getByLabel("Seek")
    .evaluate((slider: HTMLInputElement, to) => {
      slider.value = String(to)
      slider.dispatchEvent(new Event("input", { bubbles: true }))
    }, seconds)
}

/** The reference player's readout ("12:34 / 20:00"): where it is, in seconds. */
async function playerSeconds(page: Page): Promise<number> {
  const text = (await player(page).locator("#time").textContent()) ?? ""
  const [position = ""] = text.split("/")
  return position
    .trim()
    .split(":")
    .reduce((sum: number, part) => sum * 60 + Number(part), 0)
}

/** Plays an episode from its page, then waits until the host's SDK is speaking to the player (its first position is stored). */
async function playEpisode(page: Page, episode: Episode): Promise<void> {
  await open(page, `/detail/${episode.id}`)
  await page.getByRole("link", { name: `Play ${episode.title}` }).click()
  await waitForStored(page, episode.id, () => true)
}

/** Plays an episode and moves its player to a second before the end; answers the video's length. */
async function playToTheEnd(page: Page, episode: Episode): Promise<number> {
  const duration = await hostDuration(episode)
  await playEpisode(page, episode)
  await seekPlayer(page, duration - 1)
  return duration
}

/** A stored value holding `history` and `saved`, as the site itself writes it. */
function storedValue(state: Partial<ViewingState>): string {
  return serializeViewing({ history: [], saved: [], ...state })
}

function progressEntry(episode: Episode, seconds: number, duration: number): EpisodeProgress {
  return {
    episodeId: String(episode.id),
    seconds,
    duration,
    updatedAt: Date.now(),
    seriesId: String(SERIES_ID),
    seriesTitle,
    episodeTitle: episode.title,
    episodeNumber: episode.episode,
    image: null,
  }
}

/**
 * axe's violations of every impact level, in the site's own document: the
 * player's iframe is the video host's page (here the reference host's, whose
 * `main` axe counted as a second main landmark of ours), not the site's.
 */
const siteAxeViolations = (page: Page) => axeViolations(page, { exclude: ["iframe"] })

describe("resume and continue watching", () => {
  it("play, leave, come back: 'Resume from' the saved second, which starts there; home lists it with its progress, and it can be removed", async () => {
    const { page, errors, requests } = await newVisitor()
    const episode = episodes[1]!
    const duration = await hostDuration(episode)
    await playEpisode(page, episode)
    await seekPlayer(page, 754)
    // The viewer pauses: the position is written at once.
    await player(page).getByRole("button", { name: "Pause" }).click()
    const pausedAt = await playerSeconds(page)
    const saved = await waitForStored(page, episode.id, (entry) => entry.seconds >= 754 && entry.seconds < 760)
    expect(Math.abs(saved.seconds - pausedAt)).toBeLessThanOrEqual(2)
    expect(saved.duration).toBe(duration)

    await open(page, "/")
    const continueWatching = page.getByRole("region", { name: "Continue watching" })
    const card = continueWatching.getByRole("link", { name: new RegExp(episode.title) })
    await card.waitFor()
    const percent = Math.round((saved.seconds / duration) * 100)
    await expect(card.textContent()).resolves.toContain(`${percent}% watched.`)
    await expect(card.textContent()).resolves.toContain(`${seriesTitle} · Episode ${episode.episode}`)
    await expect(card.textContent()).resolves.toContain(`${Math.round((duration - saved.seconds) / 60)} min left`)
    expect(await siteAxeViolations(page)).toEqual([])

    await card.click()
    await page.waitForURL(new RegExp(`/detail/${episode.id}/?$`))
    const resume = page.getByRole("button", { name: `Resume from ${formatClock(saved.seconds)}` })
    await resume.waitFor()
    // On a desktop My list sits in the header's row.
    await expect(page.getByRole("banner").getByRole("link", { name: "My list" }).isVisible()).resolves.toBe(true)
    await expect(page.getByRole("button", { name: "Play from start" }).isVisible()).resolves.toBe(true)
    expect(await siteAxeViolations(page)).toEqual([])
    await resume.click()
    await expect(page.locator("iframe").getAttribute("src")).resolves.toMatch(new RegExp(`#t=${Math.floor(saved.seconds)}s$`))
    await player(page).locator("#time").filter({ hasText: "/" }).waitFor()
    expect(Math.abs((await playerSeconds(page)) - saved.seconds)).toBeLessThanOrEqual(2)

    // Nothing about the viewing left the browser: every request was a plain GET of the site, the player or a picture.
    const origins = new Set([harness().siteUrl, PLAYER_ORIGIN, harness().cmsOrigin])
    const carrying = requests.filter(
      (request) =>
        request.method() !== "GET" ||
        request.postData() !== null ||
        !origins.has(new URL(request.url()).origin) ||
        new URL(request.url()).search.includes(String(Math.floor(saved.seconds))),
    )
    expect(carrying.map((request) => `${request.method()} ${request.url()}`)).toEqual([])

    await open(page, "/")
    const remembered = async () => (await stored(page))?.history.some((entry) => entry.episodeId === String(episode.id)) ?? false
    const remove = continueWatching.getByRole("button", { name: `Remove ${episode.title} from Continue watching` })
    await remove.click()
    // The section stays, saying what went, with Undo focused; Enter puts the card back.
    await expect(continueWatching.getByRole("status").textContent()).resolves.toBe(`Removed ${episode.title} from Continue watching.`)
    await expect(card.count()).resolves.toBe(0)
    expect(await remembered()).toBe(false)
    await waitFor(async () => (await page.evaluate(() => document.activeElement?.textContent)) === "Undo", { timeout: STORE_WAIT_MS, what: "Undo focused", interval: 100 })
    expect(await siteAxeViolations(page)).toEqual([])
    await page.keyboard.press("Enter")
    await card.waitFor()
    expect(await remembered()).toBe(true)
    await expect(continueWatching.getByRole("button", { name: "Undo" }).count()).resolves.toBe(0)

    // Clearing the whole history can be undone too.
    await continueWatching.getByRole("button", { name: "Clear viewing history" }).click()
    await expect(continueWatching.getByRole("status").textContent()).resolves.toBe("Viewing history cleared.")
    expect(await stored(page)).toBeNull()
    await continueWatching.getByRole("button", { name: "Undo" }).click()
    await card.waitFor()
    expect(await remembered()).toBe(true)

    await remove.click()
    await open(page, "/")
    await expect(continueWatching.count()).resolves.toBe(0)
    expect(await remembered()).toBe(false)
    expect(errors).toEqual([])
  })

  it("loads the host's SDK only after play", async () => {
    const { page } = await newVisitor()
    const scripts: string[] = []
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname)
    })
    const episode = episodes[0]!
    await open(page, `/detail/${episode.id}`)
    expect(scripts.filter((script) => script.includes("remember-playback"))).toEqual([])
    await page.getByRole("link", { name: `Play ${episode.title}` }).click()
    await waitForStored(page, episode.id, () => true)
    expect(scripts.filter((script) => script.includes("remember-playback"))).toHaveLength(1)
  })
})

describe("the series hero's way in", () => {
  /** The hero's Start / Resume link for a visitor whose browser remembers `history`, at `width`. */
  async function wayIn(width: number, history: EpisodeProgress[]): Promise<{ page: Page; name: string; href: string | null }> {
    const { context, page } = await ownVisitor({ viewport: { width, height: 800 } })
    if (history.length) await context.addInitScript(([key, raw]) => localStorage.setItem(key!, raw!), [VIEWING_STORAGE_KEY, storedValue({ history })])
    await open(page, `/series/${SERIES_ID}`)
    const link = page.getByRole("link", { name: /^(Start|Resume) episode \d+$/ })
    if (history.length) await page.getByRole("link", { name: /^(Resume|Start) episode [^1]/ }).waitFor()
    return { page, name: (await link.innerText()).trim(), href: await link.getAttribute("href") }
  }

  it.each([375, 1280])("at %i px: Start episode 1 on a first visit, Resume where the visitor stopped, the next once they finished", async (width) => {
    const [first, second, third] = episodes
    const fresh = await wayIn(width, [])
    expect([fresh.name, fresh.href?.replace(/\/$/, "")]).toEqual(["Start episode 1", `/detail/${first!.id}`])

    const stopped = await wayIn(width, [{ ...progressEntry(first!, 1200, 1200), updatedAt: Date.now() - 60_000 }, progressEntry(second!, 300, 1200)])
    expect([stopped.name, stopped.href?.replace(/\/$/, "")]).toEqual([`Resume episode ${second!.episode}`, `/detail/${second!.id}`])
    await stopped.page.getByRole("link", { name: `Resume episode ${second!.episode}` }).click()
    await stopped.page.getByRole("button", { name: `Resume from ${formatClock(300)}` }).waitFor()

    const finished = await wayIn(width, [progressEntry(second!, 1200, 1200)])
    expect([finished.name, finished.href?.replace(/\/$/, "")]).toEqual([`Start episode ${third!.episode}`, `/detail/${third!.id}`])
  })

  it("offers Start episode 1 without JavaScript", async () => {
    const context = await browser().newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto(new URL(`/series/${SERIES_ID}`, harness().siteUrl).href)
    await expect(page.getByRole("link", { name: "Start episode 1" }).getAttribute("href")).resolves.toMatch(new RegExp(`^/detail/${episodes[0]!.id}/?$`))
  })
})

describe("episode lengths", () => {
  it.each([375, 1280])("at %i px the episode cards and the episode's header say how long each is, from the video host", async (width) => {
    const { page } = await newVisitor(width, 800)
    const [first, second] = episodes
    const minutes = async (episode: Episode) => `${Math.max(1, Math.round((await hostDuration(episode)) / 60))} min`
    await open(page, `/series/${SERIES_ID}`)
    const card = page.getByRole("region", { name: "Videos" }).getByRole("listitem").filter({ hasText: first!.title })
    await expect(card.getByText(`Episode ${first!.episode}`, { exact: true }).isVisible()).resolves.toBe(true)
    await expect(card.getByText(await minutes(first!), { exact: true }).isVisible()).resolves.toBe(true)

    await open(page, `/detail/${second!.id}`)
    const header = page.getByRole("heading", { level: 1, name: second!.title }).locator("xpath=following-sibling::p[1]")
    await expect(header.getByText(`Episode ${second!.episode}`, { exact: true }).isVisible()).resolves.toBe(true)
    await expect(header.getByText(await minutes(second!), { exact: true }).isVisible()).resolves.toBe(true)
    const next = page.getByRole("region", { name: "Next Episodes" }).getByRole("listitem").filter({ hasText: first!.title })
    await expect(next.getByText(await minutes(first!), { exact: true }).isVisible()).resolves.toBe(true)
  })
})

describe("the end of an episode", () => {
  it("marks it watched on its card and offers Up next, whose Play now opens and plays the next episode", async () => {
    const { page, errors } = await newVisitor()
    const [episode, next] = [episodes[0]!, episodes[1]!]
    const duration = await playToTheEnd(page, episode)
    const upNext = page.getByRole("region", { name: "Up next" })
    await upNext.waitFor()
    await expect(upNext.textContent()).resolves.toContain(`Episode ${next.episode}: ${next.title}`)
    await expect(upNext.getByText(/Starts in \d+ s/).isVisible()).resolves.toBe(true)
    // Focus is on Play now: Enter plays.
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe("Play now")
    expect(await siteAxeViolations(page)).toEqual([])
    await waitForStored(page, episode.id, (entry) => entry.seconds === duration)
    await page.keyboard.press("Enter")
    await page.waitForURL(new RegExp(`/detail/${next.id}/?$`))
    // Gatsby moves the address before it draws the new page: wait for the page, not the address.
    await page.getByRole("heading", { level: 1, name: next.title, exact: true }).waitFor()
    // It plays without another press.
    await waitForStored(page, next.id, () => true)

    await open(page, `/series/${SERIES_ID}`)
    const watchedCard = page.getByRole("region", { name: "Videos" }).getByRole("link", { name: new RegExp(`Watched.*${episode.title}`) })
    await expect(watchedCard.count()).resolves.toBe(1)
    expect(errors).toEqual([])
  })

  it("counts down and opens the next episode by itself; Escape cancels", async () => {
    const { page } = await ownVisitor()
    const [episode, next] = [episodes[1]!, episodes[2]!]
    const duration = await playToTheEnd(page, episode)
    const upNext = page.getByRole("region", { name: "Up next" })
    await upNext.waitFor()
    await page.keyboard.press("Escape")
    await expect(upNext.count()).resolves.toBe(0)

    await seekPlayer(page, duration - 1)
    await player(page).getByRole("button", { name: "Play" }).click()
    await upNext.waitFor()
    // The countdown's ten seconds on the page's clock, not the test's.
    await page.clock.runFor(11_000)
    await page.waitForURL(new RegExp(`/detail/${next.id}/?$`))
  })

  it("with reduced motion waits for the visitor instead of counting down", async () => {
    const { page } = await ownVisitor({ reducedMotion: "reduce" })
    const episode = episodes[1]!
    await playToTheEnd(page, episode)
    const upNext = page.getByRole("region", { name: "Up next" })
    await upNext.waitFor()
    await expect(upNext.getByText(/Starts in/).count()).resolves.toBe(0)
    // Longer than the countdown would run, on the page's clock.
    await page.clock.runFor(11_000)
    expect(new URL(page.url()).pathname).toMatch(new RegExp(`/detail/${episode.id}/?$`))
    await expect(upNext.isVisible()).resolves.toBe(true)
  })

  it("offers nothing after the series' last episode", async () => {
    const { page } = await newVisitor()
    const last = episodes[episodes.length - 1]!
    const duration = await playToTheEnd(page, last)
    await waitForStored(page, last.id, (entry) => entry.seconds === duration)
    // The end was heard: the player stores the whole video and asks for Up next in one go, so once
    // the position is stored, the render that would show the card is scheduled; `rendered` waits for it.
    await rendered(page)
    await expect(page.getByRole("region", { name: "Up next" }).count()).resolves.toBe(0)
  })
})

/**
 * The titles My list shows, once it shows any: the list is drawn from the
 * visitor's storage after the page (or a client-side navigation) renders,
 * so reading it at once can find nothing yet.
 */
async function savedTitles(page: Page): Promise<string[]> {
  const links = page.getByRole("list", { name: "Saved series" }).getByRole("link")
  await links.first().waitFor()
  return links.allTextContents()
}

describe("my list", () => {
  it("save a series on its page, find it under My list, save and unsave from cards, and an empty list says so", async () => {
    const { page, errors } = await newVisitor(375, 800)
    await open(page, `/series/${SERIES_ID}`)
    const save = page.getByRole("button", { name: "Save", exact: true })
    await expect(save.getAttribute("aria-pressed")).resolves.toBe("false")
    await save.click()
    // Said in words as well as drawn: the pill reads Saved, pressed.
    await expect(page.getByRole("button", { name: "Saved", exact: true }).getAttribute("aria-pressed")).resolves.toBe("true")
    await expect(save.count()).resolves.toBe(0)
    expect(await siteAxeViolations(page)).toEqual([])

    // On a phone My list is the menu's last entry.
    await page.getByRole("banner").locator("summary").click()
    await page.getByRole("banner").getByRole("link", { name: "My list" }).click()
    await page.waitForURL(/\/my-list\/$/)
    const saved = page.getByRole("list", { name: "Saved series" })
    await expect(savedTitles(page)).resolves.toEqual([seriesTitle])
    expect(await siteAxeViolations(page)).toEqual([])
    await saved.getByRole("button", { name: `Remove ${seriesTitle} from My list` }).click()
    await page.getByText("Nothing saved yet. Press Save on any series to keep it here.").waitFor()
    // Undo puts it back; removing it again leaves the list empty.
    await expect(page.getByRole("status").first().textContent()).resolves.toBe(`Removed ${seriesTitle} from My list.`)
    await page.getByRole("button", { name: "Undo" }).click()
    await expect(savedTitles(page)).resolves.toEqual([seriesTitle])
    await saved.getByRole("button", { name: `Remove ${seriesTitle} from My list` }).click()
    await page.getByText("Nothing saved yet. Press Save on any series to keep it here.").waitFor()

    // A series card's own toggle (the subcategory page lists series as cards).
    await open(page, `/subcategory/${episodes[0]!.subcategoryId}`)
    const cardSave = page.getByRole("button", { name: `Save ${seriesTitle}` })
    await cardSave.click()
    await expect(cardSave.getAttribute("aria-pressed")).resolves.toBe("true")
    await open(page, "/my-list/")
    await expect(savedTitles(page)).resolves.toEqual([seriesTitle])
    await open(page, `/series/${SERIES_ID}`)
    const savedPill = page.getByRole("button", { name: "Saved", exact: true })
    await expect(savedPill.getAttribute("aria-pressed")).resolves.toBe("true")
    await savedPill.click()
    await expect(save.getAttribute("aria-pressed")).resolves.toBe("false")
    await open(page, "/my-list/")
    await page.getByText("Nothing saved yet. Press Save on any series to keep it here.").waitFor()
    expect(await siteAxeViolations(page)).toEqual([])
    expect(errors).toEqual([])
  })

  it("saves a series from its search result card, and My list shows it with the result's picture", async () => {
    const { page, errors } = await newVisitor()
    await open(page, `/search-results?q=${encodeURIComponent(seriesTitle)}`)
    const cardSave = page.getByRole("button", { name: `Save ${seriesTitle}` })
    await expect(cardSave.getAttribute("aria-pressed")).resolves.toBe("false")
    await cardSave.click()
    await expect(cardSave.getAttribute("aria-pressed")).resolves.toBe("true")
    expect(await siteAxeViolations(page)).toEqual([])
    const resultPicture = await page.getByRole("listitem").filter({ has: cardSave }).locator("img").getAttribute("src")

    await open(page, "/my-list/")
    const saved = page.getByRole("list", { name: "Saved series" })
    await expect(savedTitles(page)).resolves.toEqual([seriesTitle])
    await expect(saved.locator("img").getAttribute("src")).resolves.toBe(resultPicture)
    expect(errors).toEqual([])
  })

  it("clears the viewing history from My list, and Undo brings it back", async () => {
    const { page, errors } = await newVisitor(375, 800)
    // Most recent first, as the site writes it.
    const history = [progressEntry(episodes[0]!, 60, 600), { ...progressEntry(episodes[1]!, 90, 600), updatedAt: Date.now() - 60_000 }]
    await open(page, "/")
    await page.evaluate(([key, raw]) => localStorage.setItem(key!, raw!), [VIEWING_STORAGE_KEY, storedValue({ history })])
    await open(page, "/my-list/")
    const section = page.getByRole("region", { name: "Viewing history" })
    await section.getByText("Where you stopped in 2 episodes is kept in this browser only").waitFor()
    await section.getByRole("button", { name: "Clear viewing history" }).click()
    await section.getByText("Nothing is kept yet").waitFor()
    await expect(section.getByRole("status").textContent()).resolves.toBe("Viewing history cleared.")
    expect(await stored(page)).toBeNull()
    expect(await siteAxeViolations(page)).toEqual([])
    await section.getByRole("button", { name: "Undo" }).click()
    await section.getByText("Where you stopped in 2 episodes is kept in this browser only").waitFor()
    expect((await stored(page))?.history).toEqual(history)
    expect(errors).toEqual([])
  })

  it("without JavaScript, My list says it needs it", async () => {
    const context = await browser().newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    // No script, so nothing takes the page over: the HTML as loaded is all there is.
    await page.goto(new URL("/my-list/", harness().siteUrl).href, { waitUntil: "load" })
    // innerText is what is drawn (Playwright's text locators never look inside <noscript>).
    await expect(page.getByRole("main").innerText()).resolves.toContain("My list lives in your browser and needs JavaScript to show.")
  })
})

describe("the visitor's storage", () => {
  it.each([
    ["corrupt", "{not json"],
    ["foreign", JSON.stringify({ version: 7, history: "everything" })],
  ])("a %s stored value is discarded, never a crash", async (_kind, value) => {
    const { page, errors } = await newVisitor()
    await open(page, "/")
    await page.evaluate(([key, raw]) => localStorage.setItem(key!, raw!), [VIEWING_STORAGE_KEY, value])
    await open(page, "/")
    await waitFor(async () => (await page.evaluate((key) => localStorage.getItem(key), VIEWING_STORAGE_KEY)) === null, {
      timeout: STORE_WAIT_MS,
      what: "the stored value discarded",
      interval: 100,
    })
    await expect(page.getByRole("region", { name: "Continue watching" }).count()).resolves.toBe(0)
    await open(page, `/detail/${episodes[0]!.id}`)
    await expect(page.getByRole("link", { name: `Play ${episodes[0]!.title}` }).isVisible()).resolves.toBe(true)
    expect(errors).toEqual([])
  })

  it("keeps the good entries of a partly bad list", async () => {
    const { page } = await newVisitor()
    const good = progressEntry(episodes[0]!, 300, 1200)
    const raw = JSON.stringify({ version: 1, history: [{ ...good, episodeId: "" }, good, { episodeId: "9", seconds: "NaN" }], saved: [] })
    await open(page, "/")
    await page.evaluate(([key, value]) => localStorage.setItem(key!, value!), [VIEWING_STORAGE_KEY, raw])
    await open(page, "/")
    // The row is drawn from storage once the page has taken over.
    const continueWatching = page.getByRole("region", { name: "Continue watching" })
    await continueWatching.waitFor()
    await expect(continueWatching.getByRole("link", { name: new RegExp(episodes[0]!.title) }).count()).resolves.toBe(1)
  })

  it("with storage disabled the site works, just without memory", async () => {
    const { context, page, errors } = await ownVisitor()
    // What Chromium does when the visitor blocks site data: reading localStorage throws.
    await context.addInitScript(() => {
      Object.defineProperty(window, "localStorage", {
        get() {
          throw new DOMException("Access is denied for this document.", "SecurityError")
        },
      })
    })
    const episode = episodes[0]!
    await open(page, `/detail/${episode.id}`)
    await page.getByRole("link", { name: `Play ${episode.title}` }).click()
    await player(page).getByText(episode.title).first().waitFor()
    await open(page, `/series/${SERIES_ID}`)
    await expect(page.getByRole("button", { name: "Save", exact: true }).count()).resolves.toBe(0)
    await open(page, "/my-list/")
    await page.getByText(/so My list cannot remember series here/).waitFor()
    await open(page, "/")
    await expect(page.getByRole("region", { name: "Continue watching" }).count()).resolves.toBe(0)
    expect(errors).toEqual([])
  })
})

describe("layout shift on home", () => {
  const AFTER_LOAD_MS = 2000
  it.each([375, 1280])("at %i px a visitor with an episode to continue sees Continue watching in the first screen, and nothing moves", async (width) => {
    const height = 800
    const { page } = await ownVisitor({ viewport: { width, height } })
    const episode = episodes[0]!
    // Watched part of an episode on this site, as any visitor would have.
    await playEpisode(page, episode)
    await seekPlayer(page, 300)
    await waitForStored(page, episode.id, (entry) => entry.seconds >= 300)

    await watchLayoutShift(page)
    await page.goto(harness().siteUrl, { waitUntil: "load" })
    const heading = page.getByRole("heading", { level: 2, name: "Continue watching" })
    await heading.waitFor()
    const box = (await heading.boundingBox())!
    expect(box.y + box.height).toBeLessThanOrEqual(height)
    await expect(
      page
        .getByRole("region", { name: "Continue watching" })
        .getByRole("link", { name: new RegExp(episode.title) })
        .isVisible(),
    ).resolves.toBe(true)
    const shift = await layoutShiftAfter(page, AFTER_LOAD_MS)
    expect(shiftFailures(shift, 0.01, `load + ${AFTER_LOAD_MS / 1000} s`)).toEqual([])
  })

  it.each([
    [375, false],
    [375, true],
    [1280, false],
    [1280, true],
  ])("at %i px, with history %s: at most 0.01", async (width, withHistory) => {
    const { context, page } = await ownVisitor({ viewport: { width, height: 800 } })
    if (withHistory) {
      const value = storedValue({ history: [progressEntry(episodes[0]!, 300, 1200), progressEntry(episodes[1]!, 90, 900)] })
      await context.addInitScript(([key, raw]) => localStorage.setItem(key!, raw!), [VIEWING_STORAGE_KEY, value])
    }
    await watchLayoutShift(page)
    await page.goto(harness().siteUrl, { waitUntil: "load" })
    const section = page.getByRole("region", { name: "Continue watching" })
    if (withHistory) await section.waitFor({ state: "attached" })
    const shift = await layoutShiftAfter(page, AFTER_LOAD_MS)
    expect(shiftFailures(shift, 0.01, `load + ${AFTER_LOAD_MS / 1000} s`)).toEqual([])
    await expect(section.count()).resolves.toBe(withHistory ? 1 : 0)
  })
})
