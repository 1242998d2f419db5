import type { Browser, Page } from "playwright-core"
import { launchBrowser, visit } from "./harness/browser"
import { harness } from "./harness/harness-env"

let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
})

async function api<T>(path: string): Promise<T> {
  const response = await fetch(`${harness().apiUrl}${path}`)
  return ((await response.json()) as { data: T }).data
}

const cardTitles = (page: Page, region: string) =>
  page.getByRole("region", { name: region }).getByRole("heading", { level: 3 }).allInnerTexts()

describe("category pages", () => {
  it("show the hero, the intro and the first 8 subcategories, and paginate to the rest", async () => {
    const category = await api<{ title: string; page_title: string; sub_categories: { title: string }[] }>("/categories/2")
    expect(category.sub_categories.length).toBeGreaterThan(8)
    const { page, errors } = await visit(browser, "/category/2")
    await expect(page.getByRole("heading", { level: 1 }).innerText()).resolves.toBe(category.page_title)
    await expect(page.getByRole("heading", { name: `${category.title} Programs` }).isVisible()).resolves.toBe(true)
    expect(await cardTitles(page, "Subcategories")).toEqual(category.sub_categories.slice(0, 8).map((s) => s.title))

    await page.getByRole("link", { name: "Next" }).click()
    await page.waitForURL(/\/category\/2\/2\/?$/)
    expect(await cardTitles(page, "Subcategories")).toEqual(category.sub_categories.slice(8).map((s) => s.title))
    await page.getByRole("link", { name: "Prev" }).click()
    await page.waitForURL(/\/category\/2\/?$/)
    expect(errors).toEqual([])
    await page.close()
  })

  it("are plain HTML links a crawler can follow", async () => {
    const html = await (await fetch(`${harness().siteUrl}/category/2`)).text()
    expect(html).toMatch(/href="\/category\/2\/2\/?"/)
  })
})

describe("subcategory, series and episode pages", () => {
  it("a subcategory page lists its series, and a card leads to the series page", async () => {
    const sub = await api<{ title: string; series: { id: number; title: string }[] }>("/sub-categories/13")
    const { page, errors } = await visit(browser, "/subcategory/13")
    await expect(page.getByRole("heading", { level: 1 }).innerText()).resolves.toBe(sub.title)
    expect(await cardTitles(page, "Series")).toEqual(sub.series.map((s) => s.title))
    await page.getByRole("link", { name: sub.series[0]!.title }).click()
    await page.waitForURL(new RegExp(`/series/${sub.series[0]!.id}/?$`))
    await expect(page.getByRole("heading", { level: 1 }).innerText()).resolves.toBe(sub.series[0]!.title)
    expect(errors).toEqual([])
    await page.close()
  })

  it("a series page lists its episodes in ascending order under 'Videos'", async () => {
    const episodes = await api<{ id: number; title: string; episode: number }[]>("/series/101/episodes")
    expect(episodes.length).toBeGreaterThanOrEqual(12)
    const { page } = await visit(browser, "/series/101")
    const expected = [...episodes].sort((a, b) => a.episode - b.episode).map((e) => e.title)
    expect(await cardTitles(page, "Videos")).toEqual(expected)
    await expect(page.getByText("Episode 1", { exact: true }).first().isVisible()).resolves.toBe(true)
    await page.close()
  })

  it("an episode page plays the video, marks it 'Playing' and recommends other series", async () => {
    const sub = await api<{ series: { id: number; title: string }[] }>("/sub-categories/13")
    const [current, ...others] = sub.series
    const [first] = await api<{ id: number; title: string }[]>(`/series/${current!.id}/episodes`)
    const { page, errors } = await visit(browser, `/detail/${first!.id}`)
    await expect(page.getByRole("heading", { level: 1 }).innerText()).resolves.toBe(first!.title)
    const player = page.locator("iframe")
    await expect(player.getAttribute("src")).resolves.toBe(`${harness().cmsOrigin}/player/${760_000_000 + first!.id}`)
    await expect(page.frameLocator("iframe").getByText(first!.title).first().isVisible()).resolves.toBe(true)
    await expect(page.getByText("Playing", { exact: true }).isVisible()).resolves.toBe(true)
    expect(await cardTitles(page, "Recommended")).toEqual(others.slice(0, 3).map((s) => s.title))
    expect(errors).toEqual([])
    await page.close()
  })
})

describe("images", () => {
  it("are served by the site as responsive WebP with a JPEG fallback, sized so nothing shifts", async () => {
    const { page } = await visit(browser, "/series/101")
    const picture = page.getByRole("region", { name: "Videos" }).locator("picture").first()
    await expect(picture.locator('source[type="image/webp"]').getAttribute("srcset")).resolves.toMatch(/^\/_gatsby\/image\/.+\.webp.* \d+w,/)
    const img = picture.locator("img[data-main-image]")
    await img.scrollIntoViewIfNeeded()
    await page.waitForFunction((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0, await img.elementHandle())
    await expect(img.getAttribute("src")).resolves.toMatch(/^\/_gatsby\/image\/.+\.jpg/)
    const box = await page.getByRole("region", { name: "Videos" }).locator("[data-gatsby-image-wrapper]").first().boundingBox()
    expect(box!.height).toBeGreaterThan(0)
    await page.close()
  })
})
