import type { Page } from "playwright-core"
import type { ApiEpisode } from "../../../contract/schemas"
import { useBrowser } from "../harness/browser"
import { api } from "../harness/catalogue"
import { harness } from "../harness/setup/harness-env"

/*
 * WCAG 2.2's 2.4.11 (Focus Not Obscured): a keyboard user tabs through a
 * whole page, forward and back, and every control that takes the focus is on
 * screen and not under the sticky header. Backwards is where it fails first:
 * the browser scrolls a control up to the top edge, where the header sits.
 */

const browser = useBrowser()

/** Where the focused element is, against the window and the header; null when nothing but the page has the focus. */
interface FocusStop {
  name: string
  top: number
  bottom: number
  height: number
  /** The header's bottom edge on screen (0 when the header has scrolled away). */
  headerBottom: number
  windowHeight: number
  inHeader: boolean
  /** Laid over everything (a fixed or sticky element of its own, like the skip link when focused). */
  onTop: boolean
}

function focusStop(page: Page): Promise<FocusStop | null> {
  return page.evaluate(() => {
    const element = document.activeElement
    if (!element || element === document.body || element === document.documentElement) return null
    const rect = element.getBoundingClientRect()
    const header = document.querySelector("header")
    const headerRect = header?.getBoundingClientRect()
    const label = (element.getAttribute("aria-label") ?? element.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40)
    let onTop = false
    for (let node: Element | null = element; node; node = node.parentElement) {
      if (getComputedStyle(node).position === "fixed") onTop = true
    }
    return {
      name: `${element.tagName.toLowerCase()} "${label}"`,
      top: rect.top,
      bottom: rect.bottom,
      height: rect.height,
      headerBottom: headerRect ? Math.max(0, headerRect.bottom) : 0,
      windowHeight: window.innerHeight,
      inHeader: Boolean(header?.contains(element)),
      onTop,
    }
  })
}

/**
 * What is wrong with a stop: entirely off screen or under the header (2.4.11's minimum), or, for a control that
 * fits the space below the header, any part of it cut off there (what 2.4.12 asks). A control taller than that
 * space (a whole card at 400 % zoom) need only show.
 */
function obscured(stop: FocusStop): string | null {
  const where = `${stop.name} at ${Math.round(stop.top)}–${Math.round(stop.bottom)} px`
  if (stop.height === 0) return `${where}: drawn with no height`
  const clearFrom = stop.inHeader || stop.onTop ? 0 : stop.headerBottom
  if (stop.bottom <= clearFrom || stop.top >= stop.windowHeight)
    return `${where}: not in view below the header (its bottom at ${Math.round(stop.headerBottom)} px, window ${stop.windowHeight} px)`
  const fits = stop.height <= stop.windowHeight - clearFrom
  if (fits && stop.top < clearFrom - 1) return `${where}: partly under the header (its bottom at ${Math.round(stop.headerBottom)} px)`
  if (fits && stop.bottom > stop.windowHeight + 1) return `${where}: partly below the window (${stop.windowHeight} px)`
  return null
}

/** Tabs `key` until the focus has gone round the page (or 400 stops); every stop that is obscured. */
async function walk(page: Page, key: "Tab" | "Shift+Tab"): Promise<{ stops: number; problems: string[] }> {
  const problems: string[] = []
  const seen = new Set<string>()
  let stops = 0
  for (; stops < 400; stops++) {
    await page.keyboard.press(key)
    const stop = await focusStop(page)
    if (!stop) break
    // Back at a control already met, at the same place: the walk has gone round.
    const id = `${stop.name}@${Math.round(stop.top + (await page.evaluate(() => window.scrollY)))}`
    if (seen.has(id)) break
    seen.add(id)
    const problem = obscured(stop)
    if (problem) problems.push(`${key} stop ${stops + 1}: ${problem}`)
  }
  return { stops, problems }
}

async function walkBothWays(path: string, width: number, height: number) {
  const context = await browser().newContext({ viewport: { width, height } })
  const page = await context.newPage()
  await page.goto(new URL(path, harness().siteUrl).href, { waitUntil: "load" })
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" })
  const forward = await walk(page, "Tab")
  const backward = await walk(page, "Shift+Tab")
  return { forward, backward }
}

describe("a keyboard walk: every focused control on screen and clear of the header", () => {
  const firstEpisode = async () => `/detail/${(await api<ApiEpisode[]>("/series/101/episodes"))[0]!.id}/`
  const home = async () => "/"
  const cases: [string, number, number, () => Promise<string>][] = [
    ["home", 375, 812, home],
    ["home", 1280, 900, home],
    ["an episode page", 375, 812, firstEpisode],
    ["an episode page", 1280, 900, firstEpisode],
    // 1280 × 1024 at 400 % zoom.
    ["an episode page", 320, 256, firstEpisode],
  ]
  it.each(cases)("%s at %i × %i px, Tab to the end and Shift+Tab back", async (_name, width, height, pathOf) => {
    const { forward, backward } = await walkBothWays(await pathOf(), width, height)
    // A real walk, not one that stopped at once.
    expect(forward.stops).toBeGreaterThan(10)
    expect(backward.stops).toBeGreaterThan(10)
    expect([...forward.problems, ...backward.problems]).toEqual([])
  })
})
