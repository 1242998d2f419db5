import type { ApiEpisode, ApiSubcategory } from "../../../contract/schemas"
import { cleanPage, openReady, recordErrors, useBrowser } from "../harness/browser"
import { api } from "../harness/catalogue"
import { harness } from "../harness/setup/harness-env"
import { jsonLdOf } from "../harness/checks/structured-data"

/*
 * The way up: category, subcategory, series and episode
 * pages show the trail their BreadcrumbList names to search engines, as
 * links a visitor follows, the page itself last and marked current.
 */

const browser = useBrowser()

/** The page's BreadcrumbList, as names and paths. */
function breadcrumbListOf(html: string): { name: string; path: string }[] {
  const list = jsonLdOf(html).find((object) => object["@type"] === "BreadcrumbList") as { itemListElement: { name: string; item: string }[] } | undefined
  return (list?.itemListElement ?? []).map((element) => ({ name: element.name, path: new URL(element.item).pathname }))
}

describe("breadcrumbs", () => {
  it.each([375, 1280])("at %i px: each catalogue page shows its BreadcrumbList's trail, and each step links up to its page", async (width) => {
    const episode = (await api<ApiEpisode[]>("/series/101/episodes"))[0]!
    // The subcategory that lists series 101 (the one its episodes name).
    const subcategory = await api<ApiSubcategory>(`/sub-categories/${episode.sub_category_id}`)
    expect(subcategory.series.map((series) => series.id)).toContain(101)
    const pages = [`/category/${subcategory.category_id}/`, `/subcategory/${subcategory.id}/`, "/series/101/", `/detail/${episode.id}/`]
    // One page walked down the trail, as a visitor's tab would be.
    const page = await cleanPage(browser(), { width })
    const errors = recordErrors(page)
    for (const [depth, pagePath] of pages.entries()) {
      await openReady(page, new URL(pagePath, harness().siteUrl).href)
      const expected = breadcrumbListOf(await (await fetch(new URL(pagePath, harness().siteUrl))).text())
      // Home, the pages above, and this one.
      expect(expected.map((crumb) => crumb.path)).toEqual(["/", ...pages.slice(0, depth + 1)])
      const trail = page.getByRole("navigation", { name: "Breadcrumb" })
      await expect(trail.isVisible()).resolves.toBe(true)
      const links = trail.getByRole("link")
      const shown = await links.evaluateAll((anchors) => anchors.map((anchor) => ({ name: anchor.textContent ?? "", path: new URL((anchor as HTMLAnchorElement).href).pathname })))
      expect(shown).toEqual(expected.slice(0, -1))
      await expect(trail.locator('[aria-current="page"]').textContent()).resolves.toBe(expected.at(-1)!.name)
      // Up one step, as a visitor taps it.
      await links.last().click()
      await page.waitForURL((url) => url.pathname === expected.at(-2)!.path)
      expect(errors).toEqual([])
    }
  })
})
