import type { Browser, BrowserContext, CDPSession, Page } from "playwright-core"

/**
 * Pages kept open across a file's tests and handed to the next test clean.
 *
 * A new page costs Chromium far more than loading a page in one already open
 * (a new renderer process each time; the figures are in docs/performance.md,
 * "The test suite"). On a two-core machine whose suite is bound by the
 * processor, that is the suite's length.
 *
 * Kept open, a page could carry a test's state into the next: so between tests
 * each handed-out page forgets what a fresh page would not know (listeners,
 * routes, media emulation, viewport, permissions, offline, every origin's
 * cookies and storage, service workers and the HTTP cache) and waits at
 * about:blank, where the document's own state (focus, hover) goes with it. What cannot be taken back (init scripts, the page clock,
 * exposed functions, a context's own options) is not for these pages: a test
 * that needs them opens its own context.
 *
 * Not for measuring loading (layout shift, timings): a renderer that has
 * loaded the site keeps compiled scripts and decoded fonts in memory, and loads
 * the next page faster than a visitor's fresh tab would.
 */

export interface CleanPageOptions {
  /** CSS pixels: 1280 unless given. */
  width?: number
  /** CSS pixels: 900 unless given. */
  height?: number
  javaScriptEnabled?: boolean
}

interface Pooled {
  key: string
  viewport: { width: number; height: number }
  context: BrowserContext
  page: Page
  cdp: CDPSession
  inUse: boolean
}

/** Playwright's defaults for a new context's media features, which a test may have changed on the page. */
const DEFAULT_MEDIA = { media: null, colorScheme: "light", reducedMotion: "no-preference", forcedColors: "none", contrast: "no-preference" } as const

/** The events a test may listen to, all but close and crash. */
const PAGE_EVENTS = [
  "console",
  "dialog",
  "domcontentloaded",
  "download",
  "filechooser",
  "frameattached",
  "framedetached",
  "framenavigated",
  "load",
  "pageerror",
  "popup",
  "request",
  "requestfailed",
  "requestfinished",
  "response",
  "websocket",
  "worker",
] as const
const CONTEXT_EVENTS = ["console", "dialog", "page", "request", "requestfailed", "requestfinished", "response", "serviceworker", "weberror"] as const

export class PagePool {
  private readonly pages: Pooled[] = []

  constructor(private readonly browser: Browser) {}

  /** A page at about:blank that no test in this file is using, as a fresh one would be. */
  async take(options: CleanPageOptions = {}): Promise<Page> {
    const viewport = { width: options.width ?? 1280, height: options.height ?? 900 }
    const javaScriptEnabled = options.javaScriptEnabled ?? true
    const key = `${viewport.width}x${viewport.height}:${javaScriptEnabled}`
    const idle = this.pages.find((pooled) => pooled.key === key && !pooled.inUse)
    if (idle) {
      idle.inUse = true
      return idle.page
    }
    const context = await this.browser.newContext({ viewport, javaScriptEnabled })
    const page = await context.newPage()
    const pooled: Pooled = { key, viewport, context, page, cdp: await context.newCDPSession(page), inUse: true }
    this.pages.push(pooled)
    return page
  }

  /** Whether the context is one of the pool's (kept after a test, not closed). */
  owns(context: BrowserContext): boolean {
    return this.pages.some((pooled) => pooled.context === context)
  }

  /**
   * Makes every page handed out since the last call clean again. A page that
   * cannot be cleaned (closed by its test, crashed) leaves the pool, its
   * context closed.
   */
  async release(): Promise<void> {
    const used = this.pages.filter((pooled) => pooled.inUse)
    await Promise.all(
      used.map(async (pooled) => {
        try {
          await scrub(pooled)
          pooled.inUse = false
        } catch {
          this.pages.splice(this.pages.indexOf(pooled), 1)
          await pooled.context.close().catch(() => undefined)
        }
      }),
    )
  }
}

/** What a test may have left on a page, undone, in the order that lets each step reach what it clears. */
async function scrub({ viewport, context, page, cdp }: Pooled): Promise<void> {
  if (page.isClosed()) throw new Error("closed by its test")
  // The test's own listeners: a later test must not feed them. Not every event's: Playwright's
  // own close and crash listeners (BrowserContext.close() waits on one) must stay.
  for (const event of PAGE_EVENTS) page.removeAllListeners(event)
  for (const event of CONTEXT_EVENTS) context.removeAllListeners(event)
  await page.unrouteAll({ behavior: "ignoreErrors" })
  await context.unrouteAll({ behavior: "ignoreErrors" })
  const origins = new Set(
    page
      .frames()
      .map((frame) => frame.url())
      .filter((url) => /^https?:/.test(url))
      .map((url) => new URL(url).origin),
  )
  const state = await context.storageState({ indexedDB: true })
  for (const { origin } of state.origins) origins.add(origin)
  for (const { domain, secure } of state.cookies) origins.add(`${secure ? "https" : "http"}://${domain.replace(/^\./, "")}`)
  await page.goto("about:blank")
  // Cookies, local and session storage, IndexedDB, Cache Storage, service workers and the rest, for every origin the test reached.
  for (const origin of origins) await cdp.send("Storage.clearDataForOrigin", { origin, storageTypes: "all" })
  await cdp.send("Network.clearBrowserCache")
  await context.clearPermissions()
  await context.setOffline(false)
  await page.emulateMedia(DEFAULT_MEDIA)
  const size = page.viewportSize()
  if (size?.width !== viewport.width || size.height !== viewport.height) await page.setViewportSize(viewport)
}
