import type { Browser } from "playwright-core"
import { openReady, useBrowser } from "../harness/browser"
import { harness } from "../harness/setup/harness-env"

// How much of the screen a page's opening picture takes: 70 % of the window's
// height on inner pages (never under 24rem nor over 52rem), the whole window
// below the header on the thank-you page.

const browser = useBrowser()
const REM = 16

interface Measured {
  hero: number
  headerBottom: number
  heroTop: number
}

async function measure(browserInstance: Browser, path: string, viewport: { width: number; height: number }): Promise<Measured> {
  const context = await browserInstance.newContext({ viewport })
  const page = await context.newPage()
  await openReady(page, new URL(path, harness().siteUrl).href)
  return page.evaluate(() => {
    const hero = document.querySelector("main > :first-child")!.getBoundingClientRect()
    const header = document.querySelector("header")!.getBoundingClientRect()
    return { hero: Math.round(hero.height), headerBottom: Math.round(header.bottom), heroTop: Math.round(hero.top) }
  })
}

describe("an inner page's hero", () => {
  it.each([
    ["/series/101", 1280, 900],
    ["/category/2", 1280, 900],
    ["/subcategory/13", 375, 800],
    ["/no-such-page", 375, 800],
  ])("%s at %i × %i px is 70 %% of the window's height", async (path, width, height) => {
    const { hero } = await measure(browser(), path, { width, height })
    expect(hero).toBe(Math.round(height * 0.7))
  })

  it("is never shorter than 24rem on a short window, nor taller than 52rem on a tall one", async () => {
    await expect(measure(browser(), "/series/101", { width: 1280, height: 500 })).resolves.toMatchObject({ hero: 24 * REM })
    await expect(measure(browser(), "/series/101", { width: 1280, height: 1400 })).resolves.toMatchObject({ hero: 52 * REM })
  })
})

describe("a full-screen hero", () => {
  it.each([
    ["/thank-you", 375, 700],
    ["/thank-you", 1280, 900],
  ])("%s at %i × %i px fills the window below the header, to the pixel", async (path, width, height) => {
    const { hero, heroTop, headerBottom } = await measure(browser(), path, { width, height })
    expect(heroTop).toBe(headerBottom)
    expect(heroTop + hero).toBe(height)
  })
})
