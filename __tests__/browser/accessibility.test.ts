import AxeBuilder from "@axe-core/playwright"
import { useBrowser, visit } from "./harness/browser"
import { PAGE_FAMILIES, openFamily, type PageFamily } from "./harness/page-families"

const browser = useBrowser()


const WIDTHS = [375, 1280] as const

/** What a page at `width` fails of the checks below: each line names the width and the check. */
async function failures(family: PageFamily, width: number): Promise<string[]> {
  const { page } = await openFamily(browser(), family, width)
  // Let carousels settle and hidden slides turn inert, as a visitor would meet them.
  await page.waitForFunction(() => document.querySelectorAll(".slick-slide[aria-hidden='true']:not([inert])").length === 0)
  const counts = {
    banner: await page.getByRole("banner").count(),
    main: await page.getByRole("main").count(),
    contentinfo: await page.getByRole("contentinfo").count(),
    h1: await page.getByRole("heading", { level: 1 }).count(),
  }
  const results = await new AxeBuilder({ page: page as never }).analyze()
  return [
    ...Object.entries(counts)
      .filter(([, count]) => count !== 1)
      .map(([role, count]) => `${width} px: ${count} ${role} (one wanted)`),
    ...results.violations
      .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
      .map((violation) => `${width} px: ${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`),
  ]
}

describe("accessibility", () => {
  // Both widths side by side: each is a page of its own, and axe waits on the page more than on the test.
  it.each(PAGE_FAMILIES.map((family) => [family.name, family.path, family] as const))(
    "%s (%s) at 375 and 1280 px: landmarks, one h1, and no serious or critical axe violation",
    async (_name, _path, family) => {
      const found = await Promise.all(WIDTHS.map((width) => failures(family, width)))
      expect(found.flat()).toEqual([])
    },
  )

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
