import type { Page } from "playwright-core"
import type { ApiCategory, ApiFeaturedItem } from "../../../contract/schemas"
import { openReady, useBrowser, visit } from "../harness/browser"
import { DESKTOP, PHONE, api, withoutTrailingSlash, type Served } from "../harness/catalogue"
import { harness } from "../harness/setup/harness-env"
import { rendered } from "../harness/rendered"
import { waitFor } from "../../helpers/wait-for"

const browser = useBrowser()

const HEADLINE = "Stay Fit, Stay Entertained"
const SLIDE_2 = "Laugh, Relax, Engage: Your Gateway to Fun!"
const SLIDE_3 = "Compete, Conquer, Celebrate: Rise to the Challenge!"

let fitness: Served<ApiCategory>
let entertainment: Served<ApiCategory>
let features: Served<ApiFeaturedItem>[]

beforeAll(async () => {
  features = await api<ApiFeaturedItem[]>("/featured-collections")
  const categories = await api<ApiCategory[]>("/categories")
  const byTitle = (title: string) => categories.find((c) => c.title.toLowerCase() === title)!.id
  fitness = await api<ApiCategory>(`/categories/${byTitle("fitness")}`)
  entertainment = await api<ApiCategory>(`/categories/${byTitle("entertainment")}`)
})

/** The hero carousel once React has taken over the server HTML (hidden slides turn inert then). */
async function hero(page: Page) {
  const region = page.getByRole("region", { name: "Highlights" })
  await page.waitForFunction(() => document.querySelector('[aria-label="Highlights"] .slick-slide[inert]') !== null)
  return region
}

const slideText = (page: Page, text: string) => page.getByRole("region", { name: "Highlights" }).getByText(text, { exact: true })
const showing = async (page: Page, text: string) => (await slideText(page, text).count()) > 0
const slideOneText = "Move, Dance, Unwind: Classes for Every Mood!"

/** Polls from the test's side: with the page's clock paused its own timers do not run. */
const until = (check: () => Promise<boolean>, what: string) => waitFor(check, { timeout: 5000, what, interval: 100 })

/** Moves the page's clock on, then lets React render what the timers changed. */
async function advance(page: Page, ms: number): Promise<void> {
  await page.clock.runFor(ms)
  await rendered(page)
}

/** The home page with its clock stopped once it is interactive: only `advance` moves time. */
async function pausedHome(width: number, reducedMotion: "reduce" | "no-preference" = "no-preference"): Promise<Page> {
  const page = await browser().newPage({ viewport: { width, height: 900 } })
  await page.emulateMedia({ reducedMotion })
  await page.clock.install()
  await openReady(page, `${harness().siteUrl}/`)
  await hero(page)
  // A moment ahead of the page's time: on a loaded machine that moment can pass before
  // Playwright gets there ("Cannot fast-forward to the past"), so it is taken again.
  for (let attempt = 1; ; attempt++) {
    try {
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 50)
      return page
    } catch (error) {
      if (attempt === 10 || !String(error).includes("to the past")) throw error
    }
  }
}

describe("home hero", () => {
  it.each([PHONE, DESKTOP])("at %i px fills the screen with the headline, a slide line, Get Started and Contact Us", async (width) => {
    const { page, errors } = await visit(browser(), "/", width)
    const region = await hero(page)
    await expect(page.getByRole("heading", { level: 1 }).innerText()).resolves.toMatch(new RegExp(HEADLINE, "i"))
    const box = (await region.boundingBox())!
    const header = (await page.getByRole("banner").boundingBox())!
    expect(box.height + header.height).toBeGreaterThanOrEqual(900 - 1)
    await expect(region.getByRole("link", { name: "Get Started" }).getAttribute("href")).resolves.toBe("/#heroDescription")
    await expect(region.getByRole("link", { name: "Contact Us" }).getAttribute("href")).resolves.toBe("/#contact-us")
    expect(errors).toEqual([])
  })

  it("autoplays every 3 s, loops back to the first slide, and keeps playing after a manual change", async () => {
    const page = await pausedHome(DESKTOP)
    // A manual change restarts the 3 s count, so the test knows where it stands.
    await page.getByRole("button", { name: "Show slide 1 of 3" }).click()
    await advance(page, 1000)
    await until(() => showing(page, slideOneText), "slide 1 shows")
    await advance(page, 1800)
    expect(await showing(page, SLIDE_2)).toBe(false)
    await advance(page, 400)
    await until(() => showing(page, SLIDE_2), "slide 2 shows after 3 s")
    await advance(page, 3100)
    await until(() => showing(page, SLIDE_3), "slide 3 shows after 6 s")
    await advance(page, 3100)
    await until(() => showing(page, slideOneText), "it loops back to slide 1")
    // Interaction does not stop it. (A click during the 0.7 s fade is ignored, so let it finish.)
    await advance(page, 800)
    await page.getByRole("button", { name: "Show slide 3 of 3" }).click()
    await advance(page, 100)
    await until(() => showing(page, SLIDE_3), "the dot shows slide 3")
    await page.mouse.move(5, 30)
    await advance(page, 3200)
    await until(() => showing(page, slideOneText), "autoplay goes on after a click")
  })

  it("pauses while the pointer is over it", async () => {
    const page = await pausedHome(DESKTOP)
    await page.getByRole("button", { name: "Show slide 1 of 3" }).click()
    const box = (await page.getByRole("region", { name: "Highlights" }).boundingBox())!
    await page.mouse.move(box.x + 40, box.y + 40)
    await advance(page, 7000)
    expect(await showing(page, slideOneText)).toBe(true)
    await page.mouse.move(5, 30)
    await advance(page, 3200)
    await until(() => showing(page, SLIDE_2), "autoplay resumes when the pointer leaves")
  })

  it("moves with the arrow keys", async () => {
    // On the page's clock: autoplay cannot move a slide between two presses, and each
    // press waits only for the 0.7 s fade that makes slick ignore the next one (react-slick
    // starts a change in a timeout of its own, so the text shows once the clock moves).
    const page = await pausedHome(DESKTOP)
    await page.getByRole("button", { name: "Show slide 1 of 3" }).click()
    await advance(page, 800)
    await until(() => showing(page, slideOneText), "slide 1 shows")
    await (await hero(page)).focus()
    for (const [key, text] of [
      ["ArrowRight", SLIDE_2],
      ["ArrowRight", SLIDE_3],
      ["ArrowLeft", SLIDE_2],
    ] as const) {
      await page.keyboard.press(key)
      await advance(page, 800)
      await until(() => showing(page, text), `${key} shows "${text}"`)
    }
  })

  it.each([PHONE, DESKTOP])("at %i px changes slide on a drag of 80 px, not of 70 px", async (width) => {
    const page = await browser().newPage({ viewport: { width, height: 900 } })
    await page.emulateMedia({ reducedMotion: "reduce" })
    await openReady(page, `${harness().siteUrl}/`)
    const region = await hero(page)
    const box = (await region.boundingBox())!
    const drag = async (distance: number) => {
      const [x, y] = [box.x + box.width / 2 + 40, box.y + box.height * 0.12]
      await page.mouse.move(x, y)
      await page.mouse.down()
      for (let step = 1; step <= 10; step++) await page.mouse.move(x - (distance * step) / 10, y)
      await page.mouse.up()
      // A slide change shows its text from slick's beforeChange, in the same
      // event as the release; one frame later React has drawn it, or nothing.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)))
    }
    await drag(70)
    await expect(slideText(page, SLIDE_2).count()).resolves.toBe(0)
    await drag(80)
    await slideText(page, SLIDE_2).waitFor()
  })

  it("does not autoplay for a visitor who asked for reduced motion, and offers Pause to everyone else", async () => {
    const page = await pausedHome(DESKTOP, "reduce")
    await advance(page, 7000)
    expect(await showing(page, slideOneText)).toBe(true)

    const { page: moving } = await visit(browser(), "/", DESKTOP)
    await hero(moving)
    await moving.getByRole("button", { name: "Pause slideshow" }).click()
    await moving.getByRole("button", { name: "Play slideshow" }).waitFor()
    await moving.close()
  })

  it("Get Started scrolls to the search and statistics", async () => {
    const { page } = await visit(browser(), "/", PHONE)
    await hero(page)
    await page.getByRole("link", { name: "Get Started" }).click()
    await page.waitForURL(/\/#heroDescription$/)
    await page.waitForFunction(() => {
      const box = document.getElementById("heroDescription")!.getBoundingClientRect()
      return box.top < window.innerHeight / 2 && box.bottom > 0
    })
  })

  it("shows the slide and the headline before any JavaScript runs, and without JavaScript no slide control that would do nothing", async () => {
    const context = await browser().newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto(`${harness().siteUrl}/`)
    await expect(page.getByRole("heading", { level: 1 }).isVisible()).resolves.toBe(true)
    await expect(page.getByRole("link", { name: "Get Started" }).isVisible()).resolves.toBe(true)
    await expect(page.getByRole("button", { name: /slideshow|^Show slide/ }).count()).resolves.toBe(0)
    const nav = page.getByRole("banner").getByRole("navigation", { name: "Main" }).getByRole("list")
    await expect(nav.evaluate((element) => getComputedStyle(element).display)).resolves.toBe("flex")
  })
})

describe("home search and statistics", () => {
  it("the search box needs text, then goes to /search-results with the query encoded", async () => {
    const { page } = await visit(browser(), "/", PHONE)
    const box = page.getByRole("searchbox")
    await expect(box.getAttribute("placeholder")).resolves.toBe("What are you looking for?")
    await page.getByRole("button", { name: "Search", exact: true }).click()
    await expect(box.evaluate((el) => (el as HTMLInputElement).validity.valueMissing)).resolves.toBe(true)
    expect(new URL(page.url()).pathname).toBe("/")
    // Spaces alone would search for nothing and open an empty page.
    await box.fill("   ")
    await box.press("Enter")
    await expect(box.evaluate((el) => (el as HTMLInputElement).validity.valid)).resolves.toBe(false)
    expect(new URL(page.url()).pathname).toBe("/")
    await box.fill("yoga & stretch #1")
    await box.press("Enter")
    await page.waitForURL((url) => url.pathname.startsWith("/search-results"))
    expect(new URL(page.url()).searchParams.get("q")).toBe("yoga & stretch #1")
  })

  it("shows each category's video count as 'N+' and '{title} Videos'", async () => {
    const statistics = await api<{ title: string; total_videos: number }[]>("/categories-states")
    const { page } = await visit(browser(), "/", DESKTOP)
    const items = page.getByRole("list", { name: "Videos per category" }).getByRole("listitem")
    await expect(items.allInnerTexts()).resolves.toEqual(statistics.map((s) => `${s.total_videos}+\n${s.title} Videos`))
  })
})

describe("home fitness section", () => {
  const section = (page: Page) => page.getByRole("region", { name: fitnessFeature().title, exact: true })
  const fitnessFeature = () => features.find((f) => /fitness/i.test(f.title))!

  it.each([PHONE, DESKTOP])("at %i px shows its texts, the featured HTML and up to 5 fitness programs", async (width) => {
    const { page } = await visit(browser(), "/", width)
    const region = section(page)
    await expect(region.getByText("Get Moving. Get Fit").isVisible()).resolves.toBe(true)
    await expect(region.getByText("Get Strong").isVisible()).resolves.toBe(true)
    await expect(region.locator("strong").first().innerText()).resolves.toBe("love")
    await expect(region.getByRole("listitem").filter({ hasText: "Every level welcome" }).count()).resolves.toBe(1)
    const programs = region.getByRole("region", { name: "Fitness programs" })
    const expected = fitness.sub_categories.slice(0, 5)
    // Off-screen slides are hidden from the accessibility tree, so read the markup for all five.
    await expect(programs.locator("h3").allTextContents()).resolves.toEqual(expected.map((s) => s.title))
    await expect(programs.locator("h3 + p").allTextContents()).resolves.toEqual(expected.map((s) => s.short_desc))
    // Each program's picture is decorative: its title, just below, names the card's link.
    await expect(programs.locator("img[data-main-image]").evaluateAll((els) => els.map((el) => el.getAttribute("alt")))).resolves.toEqual(expected.map(() => ""))
    const hrefs = await programs.locator("a").evaluateAll((els) => els.map((el) => el.getAttribute("href")))
    expect(hrefs.map(withoutTrailingSlash)).toEqual(expected.map((s) => `/subcategory/${s.id}`))
    const viewAll = await region.getByRole("link", { name: "View all fitness programs" }).getAttribute("href")
    expect(withoutTrailingSlash(viewAll)).toBe(`/category/${fitness.id}`)
  })

  it("shows its pictures 1.2 per view on a phone, 2 from 640 px, and as a row of equal tiles on a large screen", async () => {
    const picturesName = `${fitnessFeature().title} pictures`
    for (const [width, perView] of [
      [PHONE, 1.2],
      [700, 2],
    ] as const) {
      const { page } = await visit(browser(), "/", width)
      const carousel = page.getByRole("region", { name: picturesName })
      await expect(carousel.isVisible()).resolves.toBe(true)
      const listWidth = await carousel.locator(".slick-list").evaluate((el) => el.getBoundingClientRect().width)
      const slideWidth = await carousel
        .locator(".slick-slide")
        .first()
        .evaluate((el) => el.getBoundingClientRect().width)
      expect(Math.abs(slideWidth - listWidth / perView)).toBeLessThan(3)
      // 10 px between pictures.
      const [a, b] = await carousel.locator(".slick-slide img[data-main-image]").evaluateAll((els) => els.slice(0, 2).map((el) => el.getBoundingClientRect()))
      expect(Math.round(b!.left - a!.right)).toBe(10)
      // Its pagination dots are buttons that move it, named by what they show.
      const count = await carousel.locator(".slick-slide").count()
      await carousel.getByRole("button", { name: perView === 2 ? `Show items 2–3 of ${count}` : `Show item 2 of ${count}`, exact: true }).click()
      await page.waitForFunction((name) => document.querySelector(`[aria-label="${name}"] .slick-slide[data-index="1"]`)?.classList.contains("slick-current"), picturesName)
    }
    const { page } = await visit(browser(), "/", DESKTOP)
    await expect(page.getByRole("region", { name: picturesName }).isVisible()).resolves.toBe(false)
    const tiles = section(page).locator("ul li img[data-main-image]")
    const sizes = await tiles.evaluateAll((els) => els.map((el) => `${el.closest("li")!.clientWidth}x${el.closest("li")!.clientHeight}`))
    expect(sizes.length).toBeGreaterThan(1)
    expect(new Set(sizes).size).toBe(1)
  })

  it.each([PHONE, DESKTOP])("at %i px names each pagination dot by the programs it shows, of how many, and marks the current one", async (width) => {
    const { page } = await visit(browser(), "/", width)
    const carousel = page.getByRole("region", { name: "Fitness programs" })
    const count = await carousel.locator(".slick-slide").count()
    const perView = Math.min(width === PHONE ? 2 : 5, count)
    // One dot per scroll position; none when every program fits.
    const positions = count > perView ? count - perView + 1 : 0
    const names = Array.from({ length: positions }, (_, index) => `Show items ${index + 1}–${index + perView} of ${count}`)
    const dots = carousel.locator(".slick-dots").getByRole("button")
    await expect(dots.evaluateAll((buttons) => buttons.map((button) => button.getAttribute("aria-label")))).resolves.toEqual(names)
    const current = () => carousel.locator('.slick-dots [aria-current="true"]').evaluateAll((buttons) => buttons.map((button) => button.getAttribute("aria-label")))
    await expect(current()).resolves.toEqual(names.slice(0, 1))
    if (names.length > 1) {
      await carousel.focus()
      await page.keyboard.press("ArrowRight")
      await page.waitForFunction((name) => document.querySelector(`.slick-dots [aria-label="${name}"][aria-current="true"]`) !== null, names[1])
      await expect(current()).resolves.toEqual([names[1]])
    }
    // The hero's own dots ("Show slide 2 of 3") say which slide is showing too: exactly one.
    const heroCurrent = await page
      .getByRole("region", { name: "Highlights" })
      .locator('.slick-dots [aria-current="true"]')
      .evaluateAll((buttons) => buttons.map((button) => button.getAttribute("aria-label")))
    expect(heroCurrent).toEqual([expect.stringMatching(/^Show slide [1-3] of 3$/)])
  })

  it("shows 2 programs per view up to 464 px, 3 up to 1024 px and 5 above", async () => {
    for (const [width, perView] of [
      [PHONE, 2],
      [768, 3],
      [DESKTOP, 5],
    ] as const) {
      const { page } = await visit(browser(), "/", width)
      const carousel = page.getByRole("region", { name: "Fitness programs" })
      const shown = await carousel.locator('.slick-slide:not([aria-hidden="true"])').count()
      expect([width, shown]).toEqual([width, Math.min(perView, 5)])
    }
  })
})

describe("home entertainment section", () => {
  const entertainmentFeature = () => features.find((f) => /entertained/i.test(f.title))!

  it.each([PHONE, DESKTOP])("at %i px shows its texts, HTML and up to 5 tiles, and links to the category", async (width) => {
    const { page } = await visit(browser(), "/", width)
    const region = page.getByRole("region", { name: entertainmentFeature().title, exact: true })
    await expect(region.getByText("Step Up, Shine").isVisible()).resolves.toBe(true)
    await expect(region.getByText("Entertain, and Compete").isVisible()).resolves.toBe(true)
    await expect(region.locator("em").first().innerText()).resolves.toBe("something new to watch")
    const expected = entertainment.sub_categories.slice(0, 5)
    await expect(region.getByRole("heading", { level: 3 }).allInnerTexts()).resolves.toEqual(expected.map((s) => s.title))
    const viewAll = await region.getByRole("link", { name: "View all entertainments" }).getAttribute("href")
    expect(withoutTrailingSlash(viewAll)).toBe(`/category/${entertainment.id}`)
  })

  it("lays five tiles out with one tall tile in the middle on a large screen", async () => {
    expect(entertainment.sub_categories.length).toBeGreaterThanOrEqual(5)
    const { page } = await visit(browser(), "/", DESKTOP)
    const region = page.getByRole("region", { name: entertainmentFeature().title, exact: true })
    const boxes = await region.locator("ul > li").evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON() as DOMRect))
    expect(boxes).toHaveLength(5)
    const middle = boxes[2]!
    for (const [index, box] of boxes.entries()) {
      if (index === 2) continue
      expect(middle.height).toBeGreaterThan(box.height * 1.8)
      expect(box.left < middle.left || box.left > middle.right - 1).toBe(true)
    }
  })
})

describe("every category on the home page", () => {
  it.each([PHONE, DESKTOP])("at %i px: the categories no featured section shows get a row of their first subcategories and a way to the rest", async (width) => {
    const categories = await api<ApiCategory[]>("/categories")
    const others = categories.filter((category) => category.id !== fitness.id && category.id !== entertainment.id)
    expect(others.map((category) => category.title)).toEqual(expect.arrayContaining(["Dance", "Wellness"]))
    const { page, errors } = await visit(browser(), "/", width)
    for (const summary of others) {
      const category = await api<ApiCategory>(`/categories/${summary.id}`)
      const row = page.getByRole("region", { name: category.title, exact: true })
      const cards = row.getByRole("listitem").getByRole("link")
      await expect(row.getByRole("heading", { level: 3 }).allInnerTexts()).resolves.toEqual(category.sub_categories.slice(0, 4).map((sub) => sub.title))
      const hrefs = await cards.evaluateAll((links) => links.map((link) => link.getAttribute("href")))
      expect(hrefs.map((href) => withoutTrailingSlash(href!))).toEqual(category.sub_categories.slice(0, 4).map((sub) => `/subcategory/${sub.id}`))
      const viewAll = row.getByRole("link", { name: `View all ${category.title}` })
      expect(withoutTrailingSlash((await viewAll.getAttribute("href"))!)).toBe(`/category/${category.id}`)
    }
    // The featured categories have their own sections, not a second row.
    for (const featured of [fitness, entertainment]) await expect(page.getByRole("link", { name: `View all ${featured.title}`, exact: true }).count()).resolves.toBe(0)
    expect(errors).toEqual([])
  })
})
