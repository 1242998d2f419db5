import fs from "node:fs"
import path from "node:path"
import { useBrowser } from "./harness/browser"
import { PAGE_FAMILIES, WIDTHS, openFamily, type PageFamily } from "./harness/page-families"

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

/** What a visitor would see wrong on the family's page at `width`; its screenshot saved (outside CI) when nothing is. */
async function lookAt(family: PageFamily, width: number) {
  const { page, errors } = await openFamily(browser(), family, width)
  // Nothing may push the page sideways on any screen.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
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
  // The unknown path is answered 404 by design, and the browser logs that status.
  const found = { width, overflow: Math.max(overflow, 0), wrapped, errors: errors.filter((error) => !(family.name === "not-found" && /404/.test(error))) }
  if (!SAVE_SCREENSHOTS) return { ...found, screenshotBytes: 0 }
  // A full-page picture shows every image, also those below the fold that
  // would load lazily on scrolling: load them all first, so two runs compare.
  await page.evaluate(async () => {
    const images = Array.from(document.images)
    for (const image of images) image.loading = "eager"
    await Promise.all(images.map((image) => image.decode().catch(() => undefined)))
    // gatsby-plugin-image shows a loaded picture from its load handler: one frame.
    await new Promise((resolve) => requestAnimationFrame(resolve))
  })
  const file = path.join(SCREENSHOTS, `${family.name}-${width}.png`)
  await page.screenshot({ path: file, fullPage: true, animations: "disabled" })
  return { ...found, screenshotBytes: fs.statSync(file).size }
}

describe("screenshots", () => {
  // The three widths side by side, each a page of its own.
  it.each(PAGE_FAMILIES.map((family) => [family.name, family.path, family] as const))(
    `%s (%s) at ${WIDTHS.join(", ")} px fits the width${SAVE_SCREENSHOTS ? " and is saved for review" : ""}`,
    async (_name, _path, family) => {
      const found = await Promise.all(WIDTHS.map((width) => lookAt(family, width)))
      expect(found.map(({ screenshotBytes, ...rest }) => rest)).toEqual(WIDTHS.map((width) => ({ width, overflow: 0, wrapped: [], errors: [] })))
      if (SAVE_SCREENSHOTS) for (const { screenshotBytes } of found) expect(screenshotBytes).toBeGreaterThan(10_000)
    },
  )
})
