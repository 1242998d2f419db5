import { useBrowser, visit } from "../harness/browser"

const browser = useBrowser()

// Landmarks, one h1 and axe on every page family: page-family-checks.test.ts, on the visit that
// also checks the width. What is left here needs the keyboard.
describe("accessibility", () => {
  it("hidden carousel slides hold nothing the keyboard can reach", async () => {
    const { page } = await visit(browser(), "/", 375)
    await page.waitForFunction(() => document.querySelectorAll(".slick-slide[aria-hidden='true']").length > 0)
    const reachable = await page.evaluate(
      () =>
        [...document.querySelectorAll(".slick-slide[aria-hidden='true'] a, .slick-slide[aria-hidden='true'] button")].filter(
          (el) => el.getAttribute("tabindex") !== "-1" && !el.closest("[inert]"),
        ).length,
    )
    expect(reachable).toBe(0)
    // Tabbing through the page never lands inside a hidden slide.
    for (let step = 0; step < 40; step++) {
      await page.keyboard.press("Tab")
      const inHidden = await page.evaluate(() => Boolean(document.activeElement?.closest(".slick-slide[aria-hidden='true']")))
      expect(inHidden).toBe(false)
    }
  })

  it("shows where the keyboard focus is", async () => {
    const { page } = await visit(browser(), "/category/2", 1280)
    await page.keyboard.press("Tab")
    await page.keyboard.press("Tab")
    const outline = await page.evaluate(() => {
      const style = getComputedStyle(document.activeElement!)
      return `${style.outlineStyle} ${style.outlineWidth}`
    })
    expect(outline).toMatch(/^solid [1-9]/)
  })
})
