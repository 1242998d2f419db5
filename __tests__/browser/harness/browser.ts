import type { Browser, Page, Request, Response } from "playwright-core"
import { launchBrowser } from "../../../scripts/lib/chromium"
import { harness, harnessChromiumArgs } from "./setup/harness-env"
import { PagePool, type CleanPageOptions } from "./page-pool"

export { chromiumPath, launchBrowser } from "../../../scripts/lib/chromium"

/** The page pool of each browser `useBrowser` launched (page-pool.ts). */
const pools = new WeakMap<Browser, PagePool>()

/**
 * One Chromium for a test file, launched before its first test. After each
 * test, pass or fail, every context it opened is closed, and the pages
 * `cleanPage` handed out are made clean for the next; the browser is closed
 * after the file. Returns the file's browser.
 */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined
  let pool: PagePool | undefined
  beforeAll(async () => {
    browser = await launchBrowser(harnessChromiumArgs())
    pool = new PagePool(browser)
    pools.set(browser, pool)
  })
  afterEach(async () => {
    await Promise.all(
      browser
        ?.contexts()
        .filter((context) => !pool?.owns(context))
        .map((context) => context.close()) ?? [],
    )
    await pool?.release()
  })
  afterAll(async () => {
    await browser?.close()
  })
  return () => {
    if (!browser) throw new Error("The browser is not running: useBrowser() starts it in beforeAll")
    return browser
  }
}

export interface VisitedPage {
  page: Page
  /** Console errors and uncaught exceptions seen since the page opened. */
  errors: string[]
}

/**
 * Opens `url` and waits until React has taken the page over (the mark
 * gatsby-browser.tsx sets), rather than for a quiet network: Gatsby keeps
 * prefetching page data and carousels keep loading pictures, so "no request
 * for 500 ms" cost every visit half a second or more and said nothing a test
 * checks. A test that needs something later waits for that, by what it shows.
 */
export async function openReady(page: Page, url: string): Promise<Response | null> {
  const response = await page.goto(url, { waitUntil: "load" })
  await waitForHydration(page)
  return response
}

/** Until React has taken the open page over: gatsby-browser.tsx marks `<html>` then. */
export async function waitForHydration(page: Page): Promise<void> {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" })
}

/**
 * A page of `width` × `height` (1280 × 900 unless given) at about:blank, as a new one would be:
 * from the pool of the browser `useBrowser` launched (kept open between tests
 * and cleaned, page-pool.ts says what that covers and what it is not for), or
 * in a context of its own for any other browser.
 */
export async function cleanPage(browser: Browser, options: CleanPageOptions = {}): Promise<Page> {
  const pool = pools.get(browser)
  if (pool) return pool.take(options)
  const viewport = { width: options.width ?? 1280, height: options.height ?? 900 }
  const context = await browser.newContext({ viewport, javaScriptEnabled: options.javaScriptEnabled ?? true })
  return context.newPage()
}

/** Console errors and uncaught exceptions on `page` from now on, gathered into the returned list. */
export function recordErrors(page: Page): string[] {
  const errors: string[] = []
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`${message.text()} (${message.location().url})`)
  })
  page.on("pageerror", (error) => errors.push(error.message))
  return errors
}

/** Opens a path of the built site in a clean page of `width` CSS pixels (`cleanPage`). */
export async function visit(browser: Browser, path: string, width = 1280): Promise<VisitedPage> {
  const page = await cleanPage(browser, { width })
  const errors = recordErrors(page)
  await openReady(page, new URL(path, harness().siteUrl).href)
  return { page, errors }
}

/**
 * Holds back the page's requests to `url` (those `only` picks) until the
 * returned function is called: a slow answer, on demand.
 */
export async function holdRequests(page: Page, url: string, only: (request: Request) => boolean = () => true): Promise<() => void> {
  let release: () => void = () => undefined
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(url, async (route) => {
    if (only(route.request())) await held
    // The test may have closed the page meanwhile.
    await route.continue().catch(() => undefined)
  })
  return () => release()
}
