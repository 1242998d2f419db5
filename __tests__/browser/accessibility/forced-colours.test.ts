import type { Locator, Page } from "playwright-core"
import { useBrowser, visit } from "../harness/browser"

/*
 * In forced colours (Windows High Contrast and the like) the browser paints
 * every background the system's Canvas colour: whatever said "current" or
 * "chosen" by its background alone looked like the rest.
 * Chromium's emulation of forced colours, at a phone's and a desktop's width.
 */

const browser = useBrowser()

async function inForcedColours(path: string, width: number): Promise<Page> {
  const { page } = await visit(browser(), path, width)
  await page.emulateMedia({ forcedColors: "active" })
  return page
}

/** The colour a dot is drawn in: its button's ::before. */
const dotColour = (dot: Locator) => dot.evaluate((button) => getComputedStyle(button, "::before").backgroundColor)
const background = (element: Locator) => element.evaluate((node) => getComputedStyle(node).backgroundColor)

describe("in forced colours", () => {
  it.each([375, 1280])("at %i px the hero's current dot stands out from the others, and none vanishes into the page", async (width) => {
    const page = await inForcedColours("/", width)
    const dots = page.getByRole("region", { name: "Highlights" }).locator(".slick-dots li button")
    const current = dots.and(page.locator('[aria-current="true"]'))
    await expect(current.count()).resolves.toBe(1)
    const currentColour = await dotColour(current)
    const others = await Promise.all((await dots.and(page.locator(':not([aria-current="true"])')).all()).map(dotColour))
    const pageColour = await background(page.locator("body"))
    expect(others.length).toBeGreaterThan(0)
    expect(currentColour).not.toBe(pageColour)
    for (const colour of others)
      expect({ colour, sameAsCurrent: colour === currentColour, sameAsPage: colour === pageColour }).toEqual({ colour, sameAsCurrent: false, sameAsPage: false })
  })

  it.each([375, 1280])("at %i px the pressed tag chip stands out from the others", async (width) => {
    const page = await inForcedColours("/subcategory/13", width)
    const chips = page.getByRole("group", { name: "Filter series by tag" })
    const pressed = chips.getByRole("button", { pressed: true })
    await expect(pressed.count()).resolves.toBe(1)
    const unpressed = chips.getByRole("button", { pressed: false }).first()
    expect(await background(pressed)).not.toBe(await background(unpressed))
  })
})
