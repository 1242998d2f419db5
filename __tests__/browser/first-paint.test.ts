import type { Browser, Page } from "playwright-core"
import { useBrowser, waitForHydration } from "./harness/browser"
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

/** The page without JavaScript: the HTML and what it loads is all there is. */
async function openWithoutScript(browserInstance: Browser, family: PageFamily, width: number): Promise<Page> {
  const context = await browserInstance.newContext({ viewport: { width, height: 900 }, javaScriptEnabled: false })
  const page = await context.newPage()
  await page.goto(new URL(family.path, harness().siteUrl).href, { waitUntil: "load" })
  return page
}

/**
 * The page as a visitor gets it, its layout shift summed from navigation to
 * load plus `AFTER_LOAD_MS` (the search answer arrives after load: its
 * arrival is part of what is measured), then taken over by React, whose
 * look is compared.
 */
async function openWithScript(browserInstance: Browser, family: PageFamily, width: number): Promise<{ page: Page; shift: number }> {
  const context = await browserInstance.newContext({ viewport: { width, height: 900 } })
  const page = await context.newPage()
  await watchLayoutShift(page)
  await page.goto(new URL(family.path, harness().siteUrl).href, { waitUntil: "load" })
  if (family.ready) await page.getByText(family.ready).first().waitFor()
  const shift = await layoutShiftAfter(page, AFTER_LOAD_MS)
  await waitForHydration(page)
  return { page, shift }
}

const cases = PAGE_FAMILIES.flatMap((family) => WIDTHS.map((width) => [family.name, width, family] as const))

// One visit with script and one without per case, side by side: the two
// seconds the shift is watched for cover the page without script's load.
describe("the first paint", () => {
  it.each(cases)(
    "%s at %i px: looks the same with JavaScript off as with it on, and shifts by at most 0.01 from navigation to load + 2 s",
    async (name, width, family) => {
      const [withoutScript, withScript] = await Promise.all([
        openWithoutScript(browser(), family, width).then(looks),
        openWithScript(browser(), family, width).then(async ({ page, shift }) => ({ shift, looks: await looks(page) })),
      ])
      expect(withScript.shift).toBeLessThanOrEqual(0.01)
      if (DRAWN_IN_THE_BROWSER.has(name)) {
        expect({ body: withoutScript.body, header: withoutScript.header }).toEqual({ body: withScript.looks.body, header: withScript.looks.header })
      } else {
        expect(withoutScript).toEqual(withScript.looks)
      }
    },
  )
})
