import crypto from "node:crypto"
import type { Page, Request } from "playwright-core"
import type { ApiSearchGroup } from "../../../contract/schemas"
import { SEARCH_RETRY_DELAYS_MS } from "../../../src/hooks/use-search"
import { cleanPage, holdRequests, openReady, useBrowser, visit } from "../harness/browser"
import { api } from "../harness/catalogue"
import { harness } from "../harness/setup/harness-env"

const browser = useBrowser()

const searchApi = (q: string) => api<ApiSearchGroup[]>(`/search?q=${encodeURIComponent(q)}`)

const searchPath = (q: string) => `/search-results?q=${encodeURIComponent(q)}`

describe("search results", () => {
  it.each([375, 1280])("at %i px shows the hero, a heading per group, series cards or 'No Items Found.'", async (width) => {
    const groups = await searchApi("yoga")
    expect(groups.some((g) => g.series.length > 0)).toBe(true)
    expect(groups.some((g) => g.series.length === 0)).toBe(true)
    const { page, errors } = await visit(browser(), searchPath("yoga"), width)
    await page.getByRole("heading", { level: 1, name: "Search Results" }).waitFor()
    await page.getByRole("status", { name: "Loading results" }).waitFor({ state: "detached" })
    for (const group of groups) {
      const region = page.getByRole("region", { name: group.title, exact: true })
      if (group.series.length === 0) {
        await expect(region.getByText("No Items Found.").isVisible()).resolves.toBe(true)
      } else {
        await expect(region.getByRole("heading", { level: 3 }).allInnerTexts()).resolves.toEqual(group.series.map((s) => s.title))
      }
    }
    const first = groups.find((g) => g.series.length > 0)!.series[0]!
    await page.getByRole("link", { name: first.title }).first().click()
    await page.waitForURL(new RegExp(`/series/${first.id}/?$`))
    expect(errors).toEqual([])
  })

  it("with nothing found shows the sorry texts, no hero, and 'Previous Page' goes back one step", async () => {
    const { page } = await visit(browser(), "/", 375)
    await page.getByRole("searchbox").fill("zzqqxx nothing")
    await page.getByRole("searchbox").press("Enter")
    await page.getByText("Sorry, your results can’t be found.").waitFor()
    await expect(page.getByText("Please try searching again or explore other sections.").isVisible()).resolves.toBe(true)
    await expect(page.getByRole("heading", { name: "Search Results" }).count()).resolves.toBe(0)
    await page.getByRole("button", { name: "Previous Page" }).click()
    await page.waitForURL((url) => url.pathname === "/")
  })

  it.each([375, 1280])("at %i px announces what was found and offers the query again in a search field, to refine it", async (width) => {
    const groups = await searchApi("yoga")
    const count = groups.reduce((sum, group) => sum + group.series.length, 0)
    const { page } = await visit(browser(), searchPath("yoga"), width)
    await page
      .getByRole("status")
      .filter({ hasText: `${count} series found for “yoga”.` })
      .waitFor({ state: "attached" })
    const field = page.getByRole("search").getByRole("searchbox", { name: "Search series" })
    await expect(field.inputValue()).resolves.toBe("yoga")
    await field.fill("dance")
    await field.press("Enter")
    await page.waitForURL((url) => url.searchParams.get("q") === "dance")
    const dance = (await searchApi("dance")).reduce((sum, group) => sum + group.series.length, 0)
    await page
      .getByRole("status")
      .filter({ hasText: `${dance} series found for “dance”.` })
      .waitFor({ state: "attached" })
  })

  it("with nothing found repeats the query, announces it, and offers the field to search again", async () => {
    const { page } = await visit(browser(), searchPath("zzqqxx nothing"), 375)
    await page.getByText("Nothing matched “zzqqxx nothing”.").waitFor()
    await page.getByRole("status").filter({ hasText: "Nothing found for “zzqqxx nothing”." }).waitFor({ state: "attached" })
    const field = page.getByRole("search").getByRole("searchbox", { name: "Search series" })
    await expect(field.inputValue()).resolves.toBe("zzqqxx nothing")
    await field.fill("yoga")
    await field.press("Enter")
    await page.getByRole("heading", { level: 1, name: "Search Results" }).waitFor()
  })

  it("shows skeletons the size of the cards that replace them while the answer is on its way", async () => {
    const page = await cleanPage(browser(), { width: 1280 })
    const release = await holdRequests(page, "**/api/search?**")
    await page.goto(`${harness().siteUrl}${searchPath("yoga")}`)
    const loading = page.getByRole("status", { name: "Loading results" })
    await loading.waitFor()
    const skeletonCard = await loading.locator("li").first().boundingBox()
    release()
    const firstCard = page.getByRole("listitem").filter({ has: page.getByRole("link", { name: "Sunrise Yoga" }) })
    await firstCard.waitFor()
    await expect(loading.count()).resolves.toBe(0)
    const card = await firstCard.boundingBox()
    expect([card!.x, card!.y, card!.width].map(Math.round)).toEqual([skeletonCard!.x, skeletonCard!.y, skeletonCard!.width].map(Math.round))
  })

  it("sends any text exactly, quotes, unicode, & and # included", async () => {
    const odd = `"yoga" & flow #1 — ünïcode 'à' + 100%`
    const page = await cleanPage(browser())
    const asked: string[] = []
    page.on("request", (request) => {
      if (request.url().includes("/api/search")) asked.push(new URL(request.url()).searchParams.get("q") ?? "")
    })
    await openReady(page, `${harness().siteUrl}/`)
    const answered = page.waitForResponse((response) => response.url().includes("/api/search"))
    await page.getByRole("searchbox").fill(odd)
    await page.getByRole("searchbox").press("Enter")
    await page.waitForURL((url) => url.pathname.startsWith("/search-results"))
    // The client-side route change leaves the load state as it was, so wait for the call itself.
    await answered
    await page
      .getByText("Sorry, your results can’t be found.")
      .or(page.getByRole("heading", { level: 1, name: "Search Results" }))
      .waitFor()
    expect(new URL(page.url()).searchParams.get("q")).toBe(odd)
    expect(asked).toEqual([odd])
  })

  it("a newer search replaces the older one, and a slow older answer never overwrites it", async () => {
    const page = await cleanPage(browser())
    const isDance = (request: Request) => request.url().includes("/api/search") && new URL(request.url()).searchParams.get("q") === "dance"
    const releaseSlow = await holdRequests(page, "**/api/search?**", isDance)
    // The slow call ends one way or the other: answered late, or cancelled by the page.
    const danceSettled = new Promise<void>((resolve) => {
      const settle = (request: Request) => isDance(request) && resolve()
      page.on("requestfinished", settle)
      page.on("requestfailed", settle)
    })
    await openReady(page, `${harness().siteUrl}/`)
    await page.getByRole("searchbox").fill("dance")
    await page.getByRole("searchbox").press("Enter")
    await page.getByRole("status", { name: "Loading results" }).waitFor()
    await page.goBack()
    // Back on the home page before typing: Gatsby renders the route popstate asks for only once its page data is in,
    // and a search typed into the results page's box meanwhile is lost with that page.
    await page.getByRole("status", { name: "Loading results" }).waitFor({ state: "detached" })
    expect(new URL(page.url()).pathname).toBe("/")
    await page.getByRole("searchbox").fill("yoga")
    await page.getByRole("searchbox").press("Enter")
    await page.getByRole("link", { name: "Sunrise Yoga" }).waitFor()
    releaseSlow()
    await danceSettled
    // Let the page run whatever that ending queued, and React commit it.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))))
    await expect(page.getByRole("link", { name: "Sunrise Yoga" }).isVisible()).resolves.toBe(true)
    expect(new URL(page.url()).searchParams.get("q")).toBe("yoga")
  })

  it("a failed call is tried twice more, then logged, and shows nothing", async () => {
    const context = await browser().newContext()
    const page = await context.newPage()
    const logged: string[] = []
    page.on("console", (message) => {
      if (message.type() === "error") logged.push(message.text())
    })
    let calls = 0
    await page.route("**/api/search?**", (route) => {
      calls++
      return route.abort("connectionrefused")
    })
    // The pauses between tries pass on the page's clock.
    await page.clock.install()
    await openReady(page, `${harness().siteUrl}${searchPath("yoga")}`)
    for (const pause of SEARCH_RETRY_DELAYS_MS) {
      await expect(page.getByRole("status", { name: "Loading results" }).isVisible()).resolves.toBe(true)
      await page.clock.runFor(pause)
    }
    await page.waitForFunction(() => document.querySelector('[aria-label="Loading results"]') === null)
    expect(calls).toBe(1 + SEARCH_RETRY_DELAYS_MS.length)
    expect(logged.some((text) => text.startsWith("Error fetching search results:"))).toBe(true)
    // The page keeps its one (visually hidden) h1 for screen readers; nothing else is shown.
    await expect(page.getByRole("main").getByRole("heading", { level: 2 }).count()).resolves.toBe(0)
    await expect(page.getByRole("main").getByRole("link").count()).resolves.toBe(0)
    await expect(page.getByText("Sorry, your results can’t be found.").count()).resolves.toBe(0)
  })

  it("makes no call without a query", async () => {
    const page = await cleanPage(browser())
    const asked: string[] = []
    page.on("request", (request) => {
      if (request.url().includes("/api/search")) asked.push(request.url())
    })
    await openReady(page, `${harness().siteUrl}/search-results?q=`)
    expect(asked).toEqual([])
  })
})

async function subscribeWith(page: Page, email: string) {
  const footer = page.getByRole("contentinfo")
  await footer.getByPlaceholder("Your Email").fill(email)
  await footer.getByRole("button", { name: "Subscribe" }).click()
  return footer.getByRole("alert")
}

/** The addresses the reference server holds, read through its admin API. */
async function storedSubscribers(): Promise<string[]> {
  const answer = await fetch(`${harness().cmsOrigin}/admin/subscriptions`, { headers: { authorization: `Bearer ${harness().cmsAdminToken}` } })
  return ((await answer.json()) as { data: { email: string }[] }).data.map((subscriber) => subscriber.email)
}

describe("search without JavaScript", () => {
  it.each([375, 1280])("at %i px says why there are no results and searches this site at DuckDuckGo instead", async (width) => {
    const page = await cleanPage(browser(), { width, javaScriptEnabled: false })
    const sent: URL[] = []
    await page.route("https://duckduckgo.com/**", (route) => {
      sent.push(new URL(route.request().url()))
      return route.fulfill({ status: 200, contentType: "text/html", body: "<title>DuckDuckGo</title><p>Results</p>" })
    })
    await page.goto(`${harness().siteUrl}${searchPath("yoga")}`)
    // Nothing says it is loading: nothing will come.
    await expect(page.getByRole("status", { name: "Loading results" }).isVisible()).resolves.toBe(false)
    await page.getByRole("heading", { name: "Search needs JavaScript" }).waitFor()
    const form = page.getByRole("search", { name: "Search this site with DuckDuckGo" })
    await form.getByRole("searchbox", { name: "Search this site with DuckDuckGo" }).fill("yoga flow")
    await form.getByRole("button", { name: "Search with DuckDuckGo" }).click()
    await page.getByText("Results").waitFor()

    const canonical = new URL(
      (
        await page
          .context()
          .request.get(`${harness().siteUrl}/search-results/`)
          .then((r) => r.text())
      ).match(/rel="canonical" href="([^"]+)"/)![1]!,
    )
    expect(sent.map((url) => [url.origin, url.searchParams.get("q"), url.searchParams.get("sites")])).toEqual([["https://duckduckgo.com", "yoga flow", canonical.host]])
  })
})

describe("subscribe", () => {
  it("an accepted address lands on the thank-you page and is stored by the server", async () => {
    const email = `visitor-${crypto.randomUUID()}@example.com`
    const { page, errors } = await visit(browser(), "/series/101", 375)
    await subscribeWith(page, email)
    await page.waitForURL(/\/thank-you\/?$/)
    await page.getByRole("heading", { level: 1, name: "Thank you For Subscribing", exact: true }).waitFor()
    await expect(page.getByText("Your journey starts now! We’ll be in touch with tips, workouts, and entertainment just for you.").isVisible()).resolves.toBe(true)
    await expect(page.getByRole("contentinfo").getByPlaceholder("Your Email").inputValue()).resolves.toBe("")
    expect(await storedSubscribers()).toContain(email)
    await page.getByRole("link", { name: "Back To Home" }).click()
    await page.waitForURL((url) => url.pathname === "/")
    expect(errors).toEqual([])
  })

  it.each([375, 1280])("opens the thank-you page at its top, its heading clear of the header, at %i px", async (width) => {
    // The form is in the footer: the visitor has scrolled to the bottom of the page to reach it.
    const { page } = await visit(browser(), "/series/101", width)
    await subscribeWith(page, `top-${crypto.randomUUID()}@example.com`)
    await page.waitForURL(/\/thank-you\/?$/)
    const heading = page.getByRole("heading", { level: 1, name: "Thank you For Subscribing", exact: true })
    await heading.waitFor()
    // Where the page comes to rest: the scroll position once it has not moved for 10 frames in a row.
    const restingAt = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let last = window.scrollY
          let still = 0
          const frame = () => {
            still = window.scrollY === last ? still + 1 : 0
            last = window.scrollY
            if (still >= 10) resolve(last)
            else requestAnimationFrame(frame)
          }
          requestAnimationFrame(frame)
        }),
    )
    expect(restingAt).toBe(0)
    const header = (await page.getByRole("banner").boundingBox())!
    const title = (await heading.boundingBox())!
    expect(title.y).toBeGreaterThanOrEqual(header.y + header.height)
    // Its button is dark text on the accent, without the hero text's shadow blurring it.
    await expect(page.getByRole("link", { name: "Back To Home" }).evaluate((link) => getComputedStyle(link).textShadow)).resolves.toBe("none")
  })

  it.each([375, 1280])("at %i px without JavaScript posts the form (never the address in a URL) and lands on a page that says what happened", async (width) => {
    const page = await cleanPage(browser(), { width, javaScriptEnabled: false })
    const addressesInUrls: string[] = []
    page.on("request", (request) => {
      if (request.url().includes("%40") || request.url().includes("@")) addressesInUrls.push(request.url())
    })
    const email = `no-script-${crypto.randomUUID()}@example.com`
    await page.goto(`${harness().siteUrl}/series/101`)
    await subscribeWith(page, email)
    await page.waitForURL(/\/thank-you\/$/)
    await page.getByRole("heading", { level: 1, name: "Thank you For Subscribing" }).waitFor()
    expect(await storedSubscribers()).toContain(email)

    await subscribeWith(page, "not an address")
    await page.waitForURL(/\/subscribe\/invalid-address\/$/)
    await page.getByRole("heading", { level: 1, name: "Check your email address" }).waitFor()
    await page.getByText("Please enter a valid email address.").first().waitFor()
    // The way back to the form is on the page.
    await page.getByRole("link", { name: "Try again" }).click()
    await expect(page.evaluate(() => location.hash)).resolves.toBe("#subscribe-email")

    await subscribeWith(page, "someone@reject.test")
    await page.waitForURL(/\/subscribe\/not-subscribed\/$/)
    await page.getByRole("heading", { level: 1, name: "You are not subscribed" }).waitFor()
    await subscribeWith(page, "someone@fail.test")
    await page.waitForURL(/\/subscribe\/unavailable\/$/)
    await page.getByText("An error occurred. Please try again.").first().waitFor()
    expect(addressesInUrls).toEqual([])
  })

  it("sends an address typed before the page's JavaScript has taken over, by the form itself", async () => {
    const context = await browser().newContext({ viewport: { width: 375, height: 800 } })
    const page = await context.newPage()
    // The page's scripts never arrive: every moment of this visit is before hydration.
    await page.route(/\/[^/?]+\.js(\?|$)/, () => undefined)
    const email = `early-${crypto.randomUUID()}@example.com`
    await page.goto(`${harness().siteUrl}/`, { waitUntil: "domcontentloaded" })
    await subscribeWith(page, email)
    await page.waitForURL(/\/thank-you\/$/, { waitUntil: "domcontentloaded" })
    await page.getByRole("heading", { level: 1, name: "Thank you For Subscribing" }).waitFor()
    expect(await storedSubscribers()).toContain(email)
  })

  it("treats an address already on the list as a new one: the thank-you page, and the list holds it once", async () => {
    // The server's answer must not tell anyone who is subscribed (docs/reference/reference-server.md).
    const email = `twice-${crypto.randomUUID()}@example.com`
    await fetch(`${harness().apiUrl}/subscribe`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email }),
    })
    const { page } = await visit(browser(), "/", 1280)
    await subscribeWith(page, email.toUpperCase())
    await page.waitForURL(/\/thank-you\/?$/)
    expect((await storedSubscribers()).filter((stored) => stored.toLowerCase() === email)).toHaveLength(1)
  })

  it.each([
    ["success false with a message", "someone@reject.test", "This address cannot be subscribed right now."],
    ["another error with a message", "someone@fail.test", "The mailing list is temporarily unavailable."],
    ["another error without a message", "someone@fail-silently.test", "An error occurred. Please try again."],
    ["no response at all", "someone@no-response.test", "An unexpected error occurred. Please check your network connection."],
  ])("shows the right message for %s", async (_case, email, message) => {
    const { page } = await visit(browser(), "/", 1280)
    const alert = await subscribeWith(page, email)
    await page.getByRole("contentinfo").getByText(message).waitFor()
    await expect(alert.innerText()).resolves.toBe(message)
    expect(new URL(page.url()).pathname).toBe("/")
  })

  it("shows the server's 429 message and keeps the typed address to send again", async () => {
    const page = await cleanPage(browser())
    const message = "Too many sign-ups from your network just now. Your address was not sent: please try again in 10 minutes."
    await page.route("**/api/subscribe", (route) =>
      route.fulfill({ status: 429, headers: { "retry-after": "600", "access-control-allow-origin": "*" }, contentType: "application/json", body: JSON.stringify({ message }) }),
    )
    await openReady(page, `${harness().siteUrl}/`)
    const alert = await subscribeWith(page, "patient.reader@example.com")
    await page.getByRole("contentinfo").getByText(message).waitFor()
    await expect(alert.innerText()).resolves.toBe(message)
    await expect(page.getByRole("contentinfo").getByPlaceholder("Your Email").inputValue()).resolves.toBe("patient.reader@example.com")
  })

  it("says 'Subscription failed.' for success false without a message", async () => {
    const page = await cleanPage(browser())
    await page.route("**/api/subscribe", (route) => route.fulfill({ status: 200, contentType: "application/json", body: '{"success":false}' }))
    await openReady(page, `${harness().siteUrl}/`)
    await subscribeWith(page, "someone@example.com")
    await page.getByRole("contentinfo").getByText("Subscription failed.").waitFor()
  })

  it("counts an answer that takes over 15 s as no response", async () => {
    const context = await browser().newContext()
    const page = await context.newPage()
    await page.clock.install()
    await page.route("**/api/subscribe", () => undefined)
    await openReady(page, `${harness().siteUrl}/`)
    await subscribeWith(page, "patient@example.com")
    await page.clock.runFor(15_500)
    await page.getByRole("contentinfo").getByText("An unexpected error occurred. Please check your network connection.").waitFor()
  })

  it("sends one request however often the visitor presses Subscribe", async () => {
    const page = await cleanPage(browser())
    let calls = 0
    let release: () => void = () => undefined
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route("**/api/subscribe", async (route) => {
      calls++
      await held
      await route.fulfill({ status: 200, contentType: "application/json", body: '{"success":false,"message":"Held."}' })
    })
    await openReady(page, `${harness().siteUrl}/`)
    const footer = page.getByRole("contentinfo")
    await footer.getByPlaceholder("Your Email").fill("once@example.com")
    await footer.getByPlaceholder("Your Email").press("Enter")
    await footer.getByPlaceholder("Your Email").press("Enter")
    await footer.getByRole("button", { name: /Subscrib/ }).click({ force: true })
    release()
    await footer.getByText("Held.").waitFor()
    expect(calls).toBe(1)
  })
})

describe("404 page", () => {
  it("is what `npm run serve` answers for an unknown path, with its texts", async () => {
    const response = await fetch(`${harness().siteUrl}/no/such/page`)
    expect(response.status).toBe(404)
    const { page } = await visit(browser(), "/no/such/page", 375)
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("404 PAGE NOT FOUND")
    await expect(page.getByText("You are trying to access a page that doesn't exist or is currently unavailable!").isVisible()).resolves.toBe(true)
  })
})
