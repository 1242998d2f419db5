import type { ApiCategory } from "../../../contract/schemas"
import { useBrowser, visit } from "../harness/browser"
import { DESKTOP, PHONE, api, withoutTrailingSlash, type Served } from "../harness/catalogue"
import { exposedNode } from "../harness/checks/accessibility-tree"
import { harness } from "../harness/setup/harness-env"

const browser = useBrowser()

let categories: Served<ApiCategory>[]

beforeAll(async () => {
  categories = await api<ApiCategory[]>("/categories")
})

describe("header", () => {
  it("on a desktop shows the logo, every category as a link in a row, and Contact Us", async () => {
    const { page, errors } = await visit(browser(), "/series/101", DESKTOP)
    const header = page.getByRole("banner")
    await expect(header.getByRole("link", { name: /MoveFlix home/ }).getAttribute("href")).resolves.toBe("/")
    await expect(header.locator("summary").isVisible()).resolves.toBe(false)
    const nav = header.getByRole("navigation", { name: "Main" })
    const links = nav.getByRole("link")
    await expect(links.allInnerTexts()).resolves.toEqual(categories.map((c) => c.title))
    const tops = await links.evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top)))
    expect(new Set(tops).size).toBe(1)
    await expect(header.getByRole("link", { name: "Contact Us" }).getAttribute("href")).resolves.toBe("/#contact-us")
    expect(errors).toEqual([])
  })

  it("on a phone hides the categories behind a menu disclosure, which closes after a category is chosen", async () => {
    const { page } = await visit(browser(), "/series/101", PHONE)
    const header = page.getByRole("banner")
    const menu = header.locator("summary")
    const firstCategory = header.getByRole("link", { name: categories[1]!.title, exact: true })
    await expect(firstCategory.isVisible()).resolves.toBe(false)
    await expect(exposedNode(page, "header summary")).resolves.toEqual({ role: "DisclosureTriangle", name: "Menu", expanded: false })

    await menu.click()
    await expect(exposedNode(page, "header summary")).resolves.toEqual({ role: "DisclosureTriangle", name: "Menu", expanded: true })
    await expect(firstCategory.isVisible()).resolves.toBe(true)
    await menu.click()
    await expect(firstCategory.isVisible()).resolves.toBe(false)

    // Keyboard: Enter opens it, Escape closes it and leaves the focus on it.
    await menu.focus()
    await page.keyboard.press("Enter")
    await expect(firstCategory.isVisible()).resolves.toBe(true)
    await page.keyboard.press("Escape")
    await expect(firstCategory.isVisible()).resolves.toBe(false)
    await expect(page.evaluate(() => document.activeElement?.tagName)).resolves.toBe("SUMMARY")

    await menu.click()
    await firstCategory.click()
    await page.waitForURL(new RegExp(`/category/${categories[1]!.id}/?$`))
    await page.getByRole("heading", { level: 1, name: categories[1]!.page_title }).waitFor()
    await expect(exposedNode(page, "header summary")).resolves.toMatchObject({ expanded: false })
    await expect(header.getByRole("link", { name: categories[1]!.title, exact: true }).isVisible()).resolves.toBe(false)
  })

  it.each([
    ["before the page's JavaScript has taken over", true],
    ["without JavaScript", false],
  ])("on a phone the menu opens %s and its links work", async (_when, javaScriptEnabled) => {
    const context = await browser().newContext({ viewport: { width: PHONE, height: 800 }, hasTouch: true, isMobile: true, javaScriptEnabled })
    const page = await context.newPage()
    // With scripts on, they never arrive: every moment of this visit is before hydration.
    if (javaScriptEnabled) await page.route(/\/[^/?]+\.js(\?|$)/, () => undefined)
    await page.goto(new URL("/series/101", harness().siteUrl).href, { waitUntil: "domcontentloaded" })
    const header = page.getByRole("banner")
    const category = header.getByRole("link", { name: categories[1]!.title, exact: true })
    await expect(category.isVisible()).resolves.toBe(false)

    await header.locator("summary").tap()

    await expect(category.isVisible()).resolves.toBe(true)
    await expect(header.getByRole("link", { name: "My list" }).isVisible()).resolves.toBe(true)
    await category.tap()
    // Its scripts held, the next page never fires "load": what counts is that it came, and shows.
    await page.waitForURL(new RegExp(`/category/${categories[1]!.id}/?$`), { waitUntil: "domcontentloaded" })
    await page.getByRole("heading", { level: 1, name: categories[1]!.page_title }).waitFor()
  })

  it.each([PHONE, DESKTOP])("at %i px a category page's heading names the category, so moving to it is announced by name", async (width) => {
    const category = categories[1]!
    const { page } = await visit(browser(), "/series/101", width)
    const header = page.getByRole("banner")
    if (width === PHONE) await header.locator("summary").click()
    await header.getByRole("link", { name: category.title, exact: true }).click()
    await page.waitForURL(new RegExp(`/category/${category.id}/?$`))

    // The tagline is what is drawn; a screen reader hears which page this is first.
    await page.getByRole("heading", { level: 1, name: `${category.title}: ${category.page_title}`, exact: true }).waitFor()
    await page.waitForFunction((expected) => document.getElementById("gatsby-announcer")?.textContent === expected, `Navigated to ${category.title}: ${category.page_title}`)
  })

  it("Contact Us takes the visitor to the footer from any page", async () => {
    for (const width of [PHONE, DESKTOP]) {
      const { page } = await visit(browser(), "/category/1", width)
      await page.getByRole("banner").getByRole("link", { name: "Contact Us" }).click()
      await page.waitForURL(/\/#contact-us$/)
      await expect(page.locator("#contact-us").isVisible()).resolves.toBe(true)
      await page.waitForFunction(() => {
        const box = document.getElementById("contact-us")!.getBoundingClientRect()
        return box.top < window.innerHeight && box.bottom > 0
      })
    }
  })
})

describe("footer", () => {
  it.each([PHONE, DESKTOP])("at %i px holds the brand, category links, contact links, the Subscribe form and the copyright", async (width) => {
    const { page, errors } = await visit(browser(), "/subcategory/13", width)
    const footer = page.getByRole("contentinfo")
    await expect(footer.getAttribute("id")).resolves.toBe("contact-us")
    await expect(footer.getByRole("link", { name: /MoveFlix home/ }).getAttribute("href")).resolves.toBe("/")
    const categoryLinks = footer.getByRole("navigation", { name: "Categories" }).getByRole("link")
    await expect(categoryLinks.allInnerTexts()).resolves.toEqual(categories.map((c) => c.title))
    const hrefs = await categoryLinks.evaluateAll((els) => els.map((el) => el.getAttribute("href")))
    expect(hrefs.map(withoutTrailingSlash)).toEqual(categories.map((c) => `/category/${c.id}`))
    const phones = footer.locator('a[href^="tel:"]')
    await expect(phones.count()).resolves.toBe(2)
    await expect(footer.getByRole("link", { name: /Follow us on/ }).getAttribute("href")).resolves.toMatch(/^https:\/\//)
    await expect(footer.getByPlaceholder("Your Email").isVisible()).resolves.toBe(true)
    await expect(footer.getByRole("button", { name: "Subscribe" }).isVisible()).resolves.toBe(true)
    const copyright = await footer.getByText(/©/).innerText()
    expect(copyright).toContain(String(new Date().getFullYear()))
    expect(copyright).toContain("Powered By")
    expect(errors).toEqual([])
  })

  it("a category link passes the category id as navigation state", async () => {
    const { page } = await visit(browser(), "/", DESKTOP)
    const target = categories[2]!
    await page.getByRole("contentinfo").getByRole("link", { name: target.title, exact: true }).click()
    await page.waitForURL(new RegExp(`/category/${target.id}/?$`))
    await expect(page.evaluate(() => (window.history.state as { categoryId?: string } | null)?.categoryId)).resolves.toBe(String(target.id))
  })

  it("shows the visitor's current year, not the year the site was built", async () => {
    const page = await browser().newPage()
    await page.clock.install({ time: new Date("2031-01-02T10:00:00Z") })
    await page.goto(`${harness().siteUrl}/thank-you`)
    await page
      .getByRole("contentinfo")
      .getByText(/© 2031 /)
      .waitFor()
  })

  it("says 'Please enter a valid email address.' under the form when the address is not one", async () => {
    const { page } = await visit(browser(), "/", PHONE)
    const footer = page.getByRole("contentinfo")
    await footer.getByPlaceholder("Your Email").fill("not-an-address")
    await footer.getByRole("button", { name: "Subscribe" }).click()
    const alert = footer.getByRole("alert")
    // The alert region is there, empty, before the click (so it is announced); its text comes with React's next render.
    await footer.getByText("Please enter a valid email address.").waitFor()
    await expect(alert.innerText()).resolves.toBe("Please enter a valid email address.")
    const [formBox, alertBox] = [await footer.locator("form").boundingBox(), await alert.boundingBox()]
    expect(alertBox!.y).toBeGreaterThanOrEqual(formBox!.y + formBox!.height)
  })
})
