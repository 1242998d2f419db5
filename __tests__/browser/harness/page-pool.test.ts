import type { Browser } from "playwright-core"
import { launchBrowser, openReady } from "./browser"
import { harness, harnessChromiumArgs } from "./setup/harness-env"
import { PagePool } from "./page-pool"

/*
 * The pool that lets most browser files reuse their pages (harness/page-pool.ts)
 * is only sound if a page handed out again knows nothing of the test before:
 * here a "test" leaves behind everything a visitor's page can hold, and the
 * same page, released, must show none of it.
 */

let browser: Browser
let pool: PagePool

beforeAll(async () => {
  browser = await launchBrowser(harnessChromiumArgs())
  pool = new PagePool(browser)
})

afterAll(async () => {
  await browser?.close()
})

/** What a page knows of earlier visits and of its own settings. */
async function memory(page: Awaited<ReturnType<PagePool["take"]>>) {
  return page.evaluate(async () => ({
    local: localStorage.length,
    session: sessionStorage.length,
    cookies: document.cookie,
    databases: (await indexedDB.databases()).map((database) => database.name),
    caches: await caches.keys(),
    serviceWorkers: (await navigator.serviceWorker.getRegistrations()).length,
    reducedMotion: matchMedia("(prefers-reduced-motion: reduce)").matches,
    forcedColours: matchMedia("(forced-colors: active)").matches,
    width: innerWidth,
    hovered: document.querySelectorAll(":hover").length,
    clipboard: (await navigator.permissions.query({ name: "clipboard-read" as PermissionName })).state,
    scriptsFromCache: performance.getEntriesByType("resource").filter((entry) => entry.name.endsWith(".js") && (entry as PerformanceResourceTiming).transferSize === 0).length,
  }))
}

describe("a page from the pool", () => {
  it("is handed out again with nothing of the test that used it: storage, cookies, HTTP cache, permissions, network, listeners, routes, emulation, size, hover", async () => {
    const url = new URL("/category/2/", harness().siteUrl).href
    const page = await pool.take({ width: 375 })
    const fresh = await (async () => {
      await openReady(page, url)
      return memory(page)
    })()

    // A test that leaves everything behind.
    let heardAfterwards = 0
    page.on("console", () => heardAfterwards++)
    page.context().on("request", () => heardAfterwards++)
    await page.route(/\.js(\?|$)/, (route) => route.abort())
    await page.evaluate(async () => {
      localStorage.setItem("left", "behind")
      sessionStorage.setItem("left", "behind")
      document.cookie = "left=behind; path=/"
      await new Promise((resolve) => (indexedDB.open("left-behind").onsuccess = resolve))
      await caches.open("left-behind")
    })
    await page.emulateMedia({ reducedMotion: "reduce", forcedColors: "active" })
    await page.setViewportSize({ width: 1000, height: 700 })
    await page.context().grantPermissions(["clipboard-read"])
    await page.getByRole("banner").getByRole("link").first().hover()
    expect(await memory(page)).not.toEqual(fresh)
    await page.context().setOffline(true)

    await pool.release()
    // What the listeners heard counts from here: the page is at about:blank, the test's own requests are over.
    heardAfterwards = 0
    const again = await pool.take({ width: 375 })
    expect(again).toBe(page)
    expect(again.url()).toBe("about:blank")
    // Scripts load (the route is gone) and React takes the page over.
    await openReady(again, url)
    await again.evaluate(() => console.log("heard by no earlier test"))
    expect(await memory(again)).toEqual(fresh)
    expect(heardAfterwards).toBe(0)
    await pool.release()
  })

  it("is another page while the first is in use, and one its test closed leaves the pool", async () => {
    const first = await pool.take({ width: 1280 })
    const second = await pool.take({ width: 1280 })
    expect(second).not.toBe(first)
    // Both cleaned once, as after any test; then a test closes the page it was given.
    await pool.release()
    const again = await pool.take({ width: 1280 })
    expect(again).toBe(first)
    await again.close()
    await pool.release()
    const next = await pool.take({ width: 1280 })
    expect(next).toBe(second)
    expect(next.isClosed()).toBe(false)
    await pool.release()
  })
})
