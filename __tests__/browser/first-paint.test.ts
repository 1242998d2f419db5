import type { Browser, Page } from "playwright-core"
import { openReady, useBrowser } from "./harness/browser"
import { harness } from "./harness/harness-env"
import { PAGE_FAMILIES, type PageFamily } from "./harness/page-families"
import { layoutShiftAfter, watchLayoutShift } from "./harness/layout-shift"

const browser = useBrowser()

const WIDTHS = [375, 1280] as const
/** The window for layout shift: from navigation until load plus this. */
const AFTER_LOAD_MS = 2000
/** Results come from the live API in the browser: without JavaScript there are none to compare. */
const DRAWN_IN_THE_BROWSER = new Set(["search-results", "search-nothing-found"])

interface Look {
  box: number[]
  style: Record<string, string>
}

/** Computed style and box of the body, header, main heading and hero (main's first child). */
function looks(page: Page): Promise<Record<string, Look | null>> {
  return page.evaluate(() => {
    const look = (element: Element | null) => {
      if (!element) return null
      const style = getComputedStyle(element)
      const box = element.getBoundingClientRect()
      return {
        box: [box.x, box.y + window.scrollY, box.width, box.height].map(Math.round),
        style: {
          background: `${style.backgroundColor} ${style.backgroundImage}`,
          color: style.color,
          font: `${style.fontFamily} ${style.fontSize} ${style.fontWeight} ${style.lineHeight}`,
          margin: style.margin,
          padding: style.padding,
        },
      }
    }
    const body = look(document.body)
    // The body grows with content below the fold; its width and look are what matter.
    if (body) body.box = body.box.slice(0, 3)
    return {
      body,
      header: look(document.querySelector("header")),
      heading: look(document.querySelector("main h1")),
      hero: look(document.querySelector("main > :first-child")),
    }
  })
}

async function open(browserInstance: Browser, family: PageFamily, width: number, javaScriptEnabled: boolean) {
  const context = await browserInstance.newContext({ viewport: { width, height: 900 }, javaScriptEnabled })
  const page = await context.newPage()
  const url = new URL(family.path, harness().siteUrl).href
  if (!javaScriptEnabled) {
    // The HTML and what it loads is all there is.
    await page.goto(url, { waitUntil: "load" })
    return page
  }
  await openReady(page, url)
  if (family.ready) await page.getByText(family.ready).first().waitFor()
  return page
}

const cases = PAGE_FAMILIES.flatMap((family) => WIDTHS.map((width) => [family.name, width, family] as const))

describe("the built HTML is the finished page", () => {
  it.each(cases)("%s at %i px looks the same with JavaScript off as with it on", async (name, width, family) => {
    const withoutScript = await looks(await open(browser(), family, width, false))
    const withScript = await looks(await open(browser(), family, width, true))
    if (DRAWN_IN_THE_BROWSER.has(name)) {
      expect({ body: withoutScript.body, header: withoutScript.header }).toEqual({ body: withScript.body, header: withScript.header })
    } else {
      expect(withoutScript).toEqual(withScript)
    }
  })
})

describe("layout shift", () => {
  it.each(cases)("%s at %i px shifts by at most 0.01 from navigation to load + 2 s", async (_name, width, family) => {
    const context = await browser().newContext({ viewport: { width, height: 900 } })
    const page = await context.newPage()
    await watchLayoutShift(page)
    await page.goto(new URL(family.path, harness().siteUrl).href, { waitUntil: "load" })
    // The search answer arrives after load; its arrival is part of what is measured.
    if (family.ready) await page.getByText(family.ready).first().waitFor()
    const shift = await layoutShiftAfter(page, AFTER_LOAD_MS)
    expect(shift).toBeLessThanOrEqual(0.01)
  })
})
