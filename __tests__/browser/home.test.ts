import type { Browser } from "playwright-core"
import { launchBrowser, visit } from "./harness/browser"
import { harness } from "./harness/harness-env"

interface ApiCategory {
  title: string
}

describe("home page", () => {
  let browser: Browser

  beforeAll(async () => {
    browser = await launchBrowser()
  })

  afterAll(async () => {
    await browser?.close()
  })

  it("lists every category of the catalogue, with no console error", async () => {
    const response = await fetch(`${harness().apiUrl}/categories`)
    const { data } = (await response.json()) as { data: ApiCategory[] }
    expect(data.map((category) => category.title)).toEqual(
      expect.arrayContaining(["Fitness", "Dance", "Entertainment"]),
    )

    const { page, errors } = await visit(browser, "/")
    for (const category of data) {
      await expect(page.getByRole("heading", { name: category.title, exact: true }).isVisible()).resolves.toBe(true)
    }
    expect(errors).toEqual([])
    await page.close()
  })

  it("arrives styled before any JavaScript runs (styles are in the HTML)", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto(`${harness().siteUrl}/`)
    const list = page.getByRole("navigation", { name: "Categories" }).getByRole("list")
    await expect(list.evaluate((element) => getComputedStyle(element).display)).resolves.toBe("flex")
    await context.close()
  })
})
