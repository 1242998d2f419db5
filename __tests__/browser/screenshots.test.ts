import fs from "node:fs"
import path from "node:path"
import { useBrowser } from "./harness/browser"
import { PAGE_FAMILIES, WIDTHS, openFamily } from "./harness/page-families"

const browser = useBrowser()

/** Git-ignored: for a person to look at after a run. */
const SCREENSHOTS = path.join(__dirname, "screenshots")
/**
 * In CI nobody looks at them and nothing compares them: the checks run, the
 * pictures are not taken (docs/guides/testing.md, "Screenshots").
 */
const SAVE_SCREENSHOTS = process.env.CI !== "true"

beforeAll(async () => {
  fs.mkdirSync(SCREENSHOTS, { recursive: true })
})

const cases = PAGE_FAMILIES.flatMap((family) => WIDTHS.map((width) => [family.name, family.path, width, family] as const))

describe("screenshots", () => {
  it.each(cases)(`%s (%s) at %i px fits the width${SAVE_SCREENSHOTS ? " and is saved for review" : ""}`, async (name, _path, width, family) => {
    const { page, errors } = await openFamily(browser(), family, width)
    // Nothing may push the page sideways on any screen.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    // A header label broken over two lines spills out of its pill (seen at 768 px once).
    const wrapped = await page.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLElement>("header a, header button"))
        .filter((element) => element.offsetParent !== null)
        .filter((element) => {
          const texts = document.createTreeWalker(element, NodeFilter.SHOW_TEXT)
          for (let text = texts.nextNode(); text; text = texts.nextNode()) {
            const range = document.createRange()
            range.selectNodeContents(text)
            const lineTops = new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top)))
            if (lineTops.size > 1) return true
          }
          return false
        })
        .map((element) => element.innerText),
    )
    expect(wrapped).toEqual([])
    // The unknown path is answered 404 by design, and the browser logs that status.
    expect(errors.filter((error) => !(name === "not-found" && /404/.test(error)))).toEqual([])
    if (!SAVE_SCREENSHOTS) return
    // A full-page picture shows every image, also those below the fold that
    // would load lazily on scrolling: load them all first, so two runs compare.
    await page.evaluate(async () => {
      const images = Array.from(document.images)
      for (const image of images) image.loading = "eager"
      await Promise.all(images.map((image) => image.decode().catch(() => undefined)))
      // gatsby-plugin-image shows a loaded picture from its load handler: one frame.
      await new Promise((resolve) => requestAnimationFrame(resolve))
    })
    const file = path.join(SCREENSHOTS, `${name}-${width}.png`)
    await page.screenshot({ path: file, fullPage: true, animations: "disabled" })
    expect(fs.statSync(file).size).toBeGreaterThan(10_000)
  })
})
