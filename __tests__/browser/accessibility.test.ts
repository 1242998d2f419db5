import AxeBuilder from "@axe-core/playwright"
import { useBrowser, visit } from "./harness/browser"
import { PAGE_FAMILIES, openFamily } from "./harness/page-families"

const browser = useBrowser()


const cases = PAGE_FAMILIES.flatMap((family) => [375, 1280].map((width) => [family.name, family.path, width, family] as const))

describe("accessibility", () => {
  it.each(cases)("%s (%s) at %i px: landmarks, one h1, and no serious or critical axe violation", async (_name, _path, width, family) => {
    const { page } = await openFamily(browser(), family, width)
    // Let carousels settle and hidden slides turn inert, as a visitor would meet them.
    await page.waitForFunction(() => document.querySelectorAll(".slick-slide[aria-hidden='true']:not([inert])").length === 0)
    await expect(page.getByRole("banner").count()).resolves.toBe(1)
    await expect(page.getByRole("main").count()).resolves.toBe(1)
    await expect(page.getByRole("contentinfo").count()).resolves.toBe(1)
    await expect(page.getByRole("heading", { level: 1 }).count()).resolves.toBe(1)

    const results = await new AxeBuilder({ page: page as never }).analyze()
    const serious = results.violations
      .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
      .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`)
    expect(serious).toEqual([])
  })

  it("hidden carousel slides hold nothing the keyboard can reach", async () => {
    const { page } = await visit(browser(), "/", 375)
    await page.waitForFunction(() => document.querySelectorAll(".slick-slide[aria-hidden='true']").length > 0)
    const reachable = await page.evaluate(() =>
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
