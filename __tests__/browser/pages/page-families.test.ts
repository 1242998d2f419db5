import type { Page } from "playwright-core"
import type { ApiCategory, ApiEpisode, ApiSubcategory } from "../../../contract/schemas"
import { htmlToText } from "../../../contract/html-text/html-to-text"
import { cleanPage, holdRequests, openReady, useBrowser, visit } from "../harness/browser"
import { api, withoutTrailingSlash } from "../harness/catalogue"
import { harness, PLAYER_ORIGIN, playerUrlOf } from "../harness/setup/harness-env"

const browser = useBrowser()

const cardTitles = (page: Page, region: string) => page.getByRole("region", { name: region }).getByRole("heading", { level: 3 }).allInnerTexts()

describe("category pages", () => {
  it("show the hero, the intro and the first 8 subcategories, and paginate to the rest", async () => {
    const category = await api<ApiCategory>("/categories/2")
    expect(category.sub_categories.length).toBeGreaterThan(8)
    const { page, errors } = await visit(browser(), "/category/2")
    // The hero draws the page title; screen readers hear which category it is first.
    await expect(page.getByRole("heading", { level: 1, name: `${category.title}: ${category.page_title}`, exact: true }).isVisible()).resolves.toBe(true)
    await expect(page.getByRole("heading", { name: `${category.title} Programs` }).isVisible()).resolves.toBe(true)
    expect(await cardTitles(page, "Subcategories")).toEqual(category.sub_categories.slice(0, 8).map((s) => s.title))

    await page.getByRole("link", { name: "Next" }).click()
    await page.waitForURL(/\/category\/2\/2\/?$/)
    // The address changes just before React renders the new page.
    await page.getByRole("heading", { level: 3, name: category.sub_categories[8]!.title }).waitFor()
    expect(await cardTitles(page, "Subcategories")).toEqual(category.sub_categories.slice(8).map((s) => s.title))
    await page.getByRole("link", { name: "Prev" }).click()
    await page.waitForURL(/\/category\/2\/?$/)
    expect(errors).toEqual([])
  })

  it("are plain HTML links a crawler can follow", async () => {
    const html = await (await fetch(`${harness().siteUrl}/category/2`)).text()
    expect(html).toMatch(/href="\/category\/2\/2\/?"/)
  })
})

describe("subcategory, series and episode pages", () => {
  it("a subcategory page lists its series, and a card leads to the series page", async () => {
    const sub = await api<ApiSubcategory>("/sub-categories/13")
    const { page, errors } = await visit(browser(), "/subcategory/13")
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(sub.title)
    expect(await cardTitles(page, "Series")).toEqual(sub.series.map((s) => s.title))
    await page.getByRole("link", { name: sub.series[0]!.title }).click()
    await page.waitForURL(new RegExp(`/series/${sub.series[0]!.id}/?$`))
    // The address changes just before React renders the new page, so wait for its heading.
    await page.getByRole("heading", { level: 1, name: sub.series[0]!.title, exact: true }).waitFor()
    // The site's global rules come with the first page's HTML only (wrap-element.tsx): a page drawn in the browser keeps them.
    await expect(page.evaluate(() => [getComputedStyle(document.body).backgroundColor, getComputedStyle(document.body).margin])).resolves.toEqual(["rgb(15, 15, 20)", "0px"])
    expect(errors).toEqual([])
  })

  it("a series page lists its episodes in ascending order under 'Videos'", async () => {
    const episodes = await api<ApiEpisode[]>("/series/101/episodes")
    expect(episodes.length).toBeGreaterThanOrEqual(12)
    const { page } = await visit(browser(), "/series/101")
    const expected = [...episodes].sort((a, b) => a.episode - b.episode).map((e) => e.title)
    expect(await cardTitles(page, "Videos")).toEqual(expected)
    await expect(page.getByText("Episode 1", { exact: true }).first().isVisible()).resolves.toBe(true)
  })

  it("an episode page plays the video, marks it 'Playing' and recommends other series", async () => {
    const sub = await api<ApiSubcategory>("/sub-categories/13")
    const [current, ...others] = sub.series
    const [first] = await api<ApiEpisode[]>(`/series/${current!.id}/episodes`)
    const { page, errors } = await visit(browser(), `/detail/${first!.id}`)
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(first!.title)
    await page.getByRole("link", { name: `Play ${first!.title}` }).click()
    const player = page.locator("iframe")
    await expect(player.getAttribute("src")).resolves.toBe(`${playerUrlOf(first!.id)}?autoplay=1`)
    // The player is a cross-site frame now (player.vimeo.com): wait for it to draw, rather than look once.
    await page.frameLocator("iframe").getByText(first!.title).first().waitFor()
    await expect(page.getByText("Playing", { exact: true }).isVisible()).resolves.toBe(true)
    expect(await cardTitles(page, "Recommended")).toEqual(others.slice(0, 3).map((s) => s.title))
    const recommended = page.getByRole("region", { name: "Recommended" }).getByRole("link", { name: others[0]!.title })
    // Scrolled first, on its own: the player is now a cross-site frame (player.vimeo.com), and a click sent in
    // the very frame a scroll lands in is routed by the hit-test data from before the scroll, into the player
    // (headless Chromium's out-of-process iframes; no person clicks that fast after a scroll).
    await recommended.scrollIntoViewIfNeeded()
    await page.evaluate(() => new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn))))
    await recommended.click()
    await page.waitForURL(new RegExp(`/series/${others[0]!.id}/?$`))
    expect(errors).toEqual([])
  })
})

describe("images", () => {
  it("are served by the site as responsive WebP, sized so nothing shifts", async () => {
    const { page } = await visit(browser(), "/series/101")
    const picture = page.getByRole("region", { name: "Videos" }).locator("picture").first()
    const img = picture.locator("img[data-main-image]")
    await expect(img.getAttribute("srcset")).resolves.toMatch(
      /^\/_gatsby\/image\/.+-400w\.webp 400w,\s*\/_gatsby\/image\/.+-800w\.webp 800w,\s*\/_gatsby\/image\/.+-1600w\.webp 1600w$/,
    )
    // The card grid's column, not the picture's width: a phone is told 100vw less the page's padding.
    await expect(img.getAttribute("sizes")).resolves.toMatch(/calc\(100vw - 32px\)$/)
    await img.scrollIntoViewIfNeeded()
    await page.waitForFunction((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0, await img.elementHandle())
    await expect(img.getAttribute("src")).resolves.toMatch(/^\/_gatsby\/image\/.+\.webp$/)
    // Shown, not only loaded: nothing hides it behind its dominant colour.
    await expect(img.evaluate((el) => getComputedStyle(el).opacity)).resolves.toBe("1")
    await expect(img.isVisible()).resolves.toBe(true)
    const box = await page.getByRole("region", { name: "Videos" }).locator(".picture-frame").first().boundingBox()
    expect(box!.height).toBeGreaterThan(0)
  })

  /** The widths the browser chose for the pictures `selector` finds on screen once the first is scrolled to, from their file names (`-800w.webp`). */
  async function chosenWidths(path: string, viewport: { width: number; height: number }, deviceScaleFactor: number, selector: string) {
    const context = await browser().newContext({ viewport, deviceScaleFactor })
    try {
      const page = await context.newPage()
      await openReady(page, new URL(path, harness().siteUrl).href)
      await page.locator(selector).first().scrollIntoViewIfNeeded()
      // The lazy pictures scrolled into view have loaded: the widths are read from what the browser fetched.
      await page.waitForFunction(
        (images) =>
          [...document.querySelectorAll<HTMLImageElement>(images)]
            .filter((img) => {
              const box = img.getBoundingClientRect()
              return box.width > 0 && box.bottom > 0 && box.top < window.innerHeight
            })
            .every((img) => img.complete && img.currentSrc !== ""),
        selector,
      )
      return await page.$$eval(selector, (imgs) =>
        imgs
          .filter((img) => {
            const box = img.getBoundingClientRect()
            return box.width > 0 && box.bottom > 0 && box.top < window.innerHeight
          })
          .map((img) => ({ width: Number(/-(\d+)w\.webp$/.exec((img as HTMLImageElement).currentSrc)?.[1] ?? 0), loaded: (img as HTMLImageElement).naturalWidth > 0 })),
      )
    } finally {
      await context.close()
    }
  }
  const phone = { width: 375, height: 812 }
  const desktop = { width: 1280, height: 900 }

  it("make a phone download a phone's width and a desktop its own, for the poster above the fold", async () => {
    // The poster fills the width: 750 px at 2x on the phone, 1280 at 1x on the desktop.
    await expect(chosenWidths("/detail/1001", phone, 2, "main img[data-main-image]")).resolves.toContainEqual({ width: 800, loaded: true })
    const onDesktop = await chosenWidths("/detail/1001", desktop, 1, "main img[data-main-image]")
    expect(onDesktop[0]).toEqual({ width: 1280, loaded: true })
  })

  it("make a series hero cover a tall phone at 2x, and its cards the 800 px file there and the 400 px one on a desktop at 1x", async () => {
    // The hero is 70 % of the window high: on this phone the picture is drawn 909 px wide (1818 at 2x), on the desktop 1280.
    const hero = "main section img[data-main-image]"
    await expect(chosenWidths("/series/101", phone, 2, hero).then((shown) => shown[0])).resolves.toEqual({ width: 1600, loaded: true })
    await expect(chosenWidths("/series/101", desktop, 1, hero).then((shown) => shown[0])).resolves.toEqual({ width: 1280, loaded: true })
    const cards = 'section[aria-labelledby="videos-heading"] img[data-main-image]'
    const onPhone = await chosenWidths("/series/101", phone, 2, cards)
    const onDesktop = await chosenWidths("/series/101", desktop, 1, cards)
    expect(onPhone.length).toBeGreaterThan(0)
    expect(onDesktop.length).toBeGreaterThan(0)
    expect(onPhone.every((card) => card.width === 800 && card.loaded)).toBe(true)
    expect(onDesktop.every((card) => card.width === 400 && card.loaded)).toBe(true)
  })
})

describe("category page elements", () => {
  it.each([375, 1280])("at %i px: hero with page title and sub title, intro with the product name, numbered pages", async (width) => {
    const category = await api<ApiCategory>("/categories/2")
    const { page, errors } = await visit(browser(), "/category/2", width)
    await expect(page.getByRole("heading", { level: 1 }).innerText()).resolves.toMatch(new RegExp(category.page_title, "i"))
    await expect(page.getByText(category.page_sub_title).first().isVisible()).resolves.toBe(true)
    await expect(page.getByRole("heading", { level: 2, name: `${category.title} Programs by MoveFlix` }).isVisible()).resolves.toBe(true)
    const pager = page.getByRole("navigation", { name: "Subcategory pages" })
    await expect(pager.locator('[aria-current="page"]').innerText()).resolves.toBe("1")
    expect(withoutTrailingSlash(await pager.getByRole("link", { name: "Page 2" }).getAttribute("href"))).toBe("/category/2/2")
    await pager.getByRole("link", { name: "Page 2" }).click()
    await page.waitForURL(/\/category\/2\/2\/?$/)
    await pager.locator('[aria-current="page"]', { hasText: "2" }).waitFor()
    const firstCard = page.getByRole("region", { name: "Subcategories" }).getByRole("link").first()
    const target = withoutTrailingSlash(await firstCard.getAttribute("href"))!
    expect(target).toMatch(/^\/subcategory\/\d+$/)
    await firstCard.click()
    await page.waitForURL(new RegExp(`${target}/?$`))
    expect(errors).toEqual([])
  })
})

describe("subcategory page elements", () => {
  it.each([375, 1280])("at %i px: tag chips 'All' plus each distinct tag filter the series grid", async (width) => {
    const sub = await api<ApiSubcategory>("/sub-categories/13")
    const tags = [...new Set(sub.series.flatMap((s) => s.tags.map((t) => t.title)))]
    expect(tags.length).toBeGreaterThanOrEqual(3)
    const { page, errors } = await visit(browser(), "/subcategory/13", width)
    const chips = page.getByRole("group", { name: "Filter series by tag" })
    await expect(chips.getByRole("button").allInnerTexts()).resolves.toEqual(["All", ...tags])
    await expect(chips.evaluate((el) => getComputedStyle(el).overflowX)).resolves.toBe("auto")
    await expect(chips.getByRole("button", { name: "All" }).getAttribute("aria-pressed")).resolves.toBe("true")

    const tag = tags[0]!
    await chips.getByRole("button", { name: tag, exact: true }).click()
    const expected = sub.series.filter((s) => s.tags.some((t) => t.title === tag)).map((s) => s.title)
    expect(expected.length).toBeLessThan(sub.series.length)
    expect(await cardTitles(page, "Series")).toEqual(expected)
    await expect(chips.getByRole("button", { name: tag, exact: true }).getAttribute("aria-pressed")).resolves.toBe("true")

    // Keyboard: Tab back to 'All' and press Space.
    await chips.getByRole("button", { name: "All" }).focus()
    await page.keyboard.press("Space")
    expect(await cardTitles(page, "Series")).toEqual(sub.series.map((s) => s.title))
    expect(errors).toEqual([])
  })

  it("a subcategory with no series shows its hero and intro, then only empty space", async () => {
    const categories = await api<ApiCategory[]>("/categories")
    const subs = (await Promise.all(categories.map((c) => api<ApiCategory>(`/categories/${c.id}`)))).flatMap((c) => c.sub_categories)
    const details = await Promise.all(subs.map((s) => api<ApiSubcategory>(`/sub-categories/${s.id}`)))
    const empty = details.find((s) => s.series.length === 0)!
    const { page, errors } = await visit(browser(), `/subcategory/${empty.id}`)
    await expect(page.getByRole("heading", { level: 1 }).innerText()).resolves.toMatch(new RegExp(empty.title, "i"))
    await expect(page.getByRole("heading", { name: "Series", exact: true }).count()).resolves.toBe(0)
    await expect(page.getByRole("group", { name: "Filter series by tag" }).count()).resolves.toBe(0)
    expect(errors).toEqual([])
  })
})

describe("series page elements", () => {
  it("cards show the episode number, title and description, and lead to the episode", async () => {
    const episodes = await api<ApiEpisode[]>("/series/101/episodes")
    const first = [...episodes].sort((a, b) => a.episode - b.episode)[0]!
    const { page } = await visit(browser(), "/series/101", 375)
    const card = page.getByRole("region", { name: "Videos" }).getByRole("listitem").first()
    await expect(card.innerText()).resolves.toMatch(new RegExp(`Episode ${first.episode}[\\s\\S]*${first.title}[\\s\\S]*\\w+`, "i"))
    await card.getByRole("link").click()
    await page.waitForURL(new RegExp(`/detail/${first.id}/?$`))
  })

  it("a series with no episodes shows no 'Videos' section", async () => {
    const episodes = await api<ApiEpisode[]>("/series/108/episodes")
    expect(episodes).toEqual([])
    const { page, errors } = await visit(browser(), "/series/108")
    await expect(page.getByRole("heading", { level: 1 }).isVisible()).resolves.toBe(true)
    await expect(page.getByRole("heading", { name: "Videos", exact: true }).count()).resolves.toBe(0)
    expect(errors).toEqual([])
  })
})

describe("episode page elements", () => {
  it.each([375, 1280])("at %i px: full-width player, 'Next Episodes' 8 per page with 'Playing' inert, share icons", async (width) => {
    const episodes = [...(await api<ApiEpisode[]>("/series/101/episodes"))].sort((a, b) => a.episode - b.episode)
    const current = episodes[1]!
    const { page, errors } = await visit(browser(), `/detail/${current.id}`, width)
    const player = page.getByRole("link", { name: `Play ${current.title}` })
    await expect(player.evaluate((el) => Math.round(el.getBoundingClientRect().width))).resolves.toBe(width)
    const region = page.getByRole("region", { name: "Next Episodes" })
    expect(await cardTitles(page, "Next Episodes")).toEqual(episodes.slice(0, 8).map((e) => e.title))
    const playing = region.getByRole("listitem").filter({ hasText: "Playing" })
    await expect(playing.count()).resolves.toBe(1)
    await expect(playing.getByRole("link").count()).resolves.toBe(0)
    await expect(playing.innerText()).resolves.toContain(current.title)
    await expect(region.getByRole("link").count()).resolves.toBe(7)
    await expect(region.getByRole("button", { name: /^Share / }).count()).resolves.toBe(8)

    const pager = page.getByRole("navigation", { name: "Next Episodes pages" })
    await pager.getByRole("button", { name: "Next" }).click()
    expect(await cardTitles(page, "Next Episodes")).toEqual(episodes.slice(8, 16).map((e) => e.title))
    await pager.getByRole("button", { name: "Prev" }).click()
    expect(await cardTitles(page, "Next Episodes")).toEqual(episodes.slice(0, 8).map((e) => e.title))
    await region.getByRole("link", { name: new RegExp(episodes[2]!.title) }).click()
    await page.waitForURL(new RegExp(`/detail/${episodes[2]!.id}/?$`))
    expect(errors).toEqual([])
  })

  it.each([375, 1280])(
    "at %i px: Next pressed by keyboard onto the last 'Next Episodes' page keeps the focus on Next, unavailable, and says which page is shown",
    async (width) => {
      const episodes = await api<ApiEpisode[]>("/series/101/episodes")
      const pages = Math.ceil(episodes.length / 8)
      expect(pages).toBeGreaterThan(1)
      const { page } = await visit(browser(), `/detail/${episodes[0]!.id}`, width)
      const pager = page.getByRole("navigation", { name: "Next Episodes pages" })
      const next = pager.getByRole("button", { name: "Next" })
      await next.focus()
      for (let shown = 2; shown <= pages; shown++) {
        await page.keyboard.press("Enter")
        await pager
          .getByRole("status")
          .filter({ hasText: new RegExp(`^Page ${shown} of ${pages}$`) })
          .waitFor()
      }
      await expect(next.evaluate((button) => button === document.activeElement)).resolves.toBe(true)
      await expect(next.getAttribute("aria-disabled")).resolves.toBe("true")
      // Pressed again, it does nothing: still the last page, still focused.
      await page.keyboard.press("Enter")
      await expect(pager.getByRole("status").textContent()).resolves.toBe(`Page ${pages} of ${pages}`)
      await expect(next.evaluate((button) => button === document.activeElement)).resolves.toBe(true)
    },
  )

  it("an episode past the first 8 opens 'Next Episodes' on the page that holds it", async () => {
    const episodes = [...(await api<ApiEpisode[]>("/series/101/episodes"))].sort((a, b) => a.episode - b.episode)
    const current = episodes[9]!
    const { page } = await visit(browser(), `/detail/${current.id}`)
    expect(await cardTitles(page, "Next Episodes")).toEqual(episodes.slice(8, 16).map((e) => e.title))
    const region = page.getByRole("region", { name: "Next Episodes" })
    await expect(region.getByRole("listitem").filter({ hasText: "Playing" }).innerText()).resolves.toContain(current.title)
    await page.getByRole("navigation", { name: "Next Episodes pages" }).getByRole("button", { name: "Page 1" }).click()
    expect(await cardTitles(page, "Next Episodes")).toEqual(episodes.slice(0, 8).map((e) => e.title))
  })

  it("share uses the Web Share API with the title and page address, or says it is unsupported", async () => {
    const [first] = await api<ApiEpisode[]>(`/series/101/episodes`)
    const page = await browser().newPage()
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, "share", { configurable: true, value: undefined })
    })
    await openReady(page, `${harness().siteUrl}/detail/${first!.id}`)
    const alerts: string[] = []
    page.on("dialog", (dialog) => {
      alerts.push(dialog.message())
      void dialog.dismiss()
    })
    await page
      .getByRole("button", { name: /^Share / })
      .first()
      .click()
    expect(alerts).toEqual(["Web Share API is not supported in this browser."])

    const sharing = await browser().newPage()
    await sharing.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, "share", {
        configurable: true,
        value: async (data: ShareData) => {
          ;(window as unknown as { shared: ShareData }).shared = data
        },
      })
    })
    await openReady(sharing, `${harness().siteUrl}/detail/${first!.id}`)
    const button = sharing.getByRole("button", { name: /^Share / }).nth(3)
    const title = (await button.getAttribute("aria-label"))!.replace(/^Share /, "")
    await button.click()
    const shared = await sharing.evaluate(() => (window as unknown as { shared: ShareData }).shared)
    expect(shared.title).toBe(title)
    expect(shared.url).toMatch(new RegExp(`^${harness().siteUrl}/detail/${first!.id}/?$`))
    await sharing.close()
  })

  it("'Recommended' is hidden when the subcategory has no other series", async () => {
    const categories = await api<ApiCategory[]>("/categories")
    const subs = (await Promise.all(categories.map((c) => api<ApiCategory>(`/categories/${c.id}`)))).flatMap((c) => c.sub_categories)
    const details = await Promise.all(subs.map((s) => api<ApiSubcategory>(`/sub-categories/${s.id}`)))
    const lonely = details.find((s) => s.series.length === 1)
    if (!lonely) throw new Error("the sample catalogue needs a subcategory with exactly one series")
    const [episode] = await api<ApiEpisode[]>(`/series/${lonely.series[0]!.id}/episodes`)
    const { page } = await visit(browser(), `/detail/${episode!.id}`)
    await expect(page.getByRole("heading", { name: "Recommended" }).count()).resolves.toBe(0)
  })
})

describe("page head and loading states", () => {
  it("each page family has its own title, and a meta description from the catalogue's text that fits search results", async () => {
    const category = await api<ApiCategory>("/categories/2")
    const sub = await api<ApiSubcategory>("/sub-categories/13")
    // The first text of 70–160 characters (what search results show): category 2's subtitle
    // and short description are shorter, so the plain text of its description is used.
    const fitting = (...texts: (string | null)[]) => {
      const present = texts.filter((text): text is string => !!text)
      return present.find((text) => text.length >= 70 && text.length <= 160) ?? present[0]
    }
    expect(category.page_sub_title.length).toBeLessThan(70)
    for (const [path, title, description] of [
      ["/category/2", category.title, fitting(category.page_sub_title, category.short_desc, htmlToText(category.description))],
      ["/subcategory/13", sub.title, fitting(sub.short_desc, htmlToText(sub.description))],
    ] as const) {
      const { page } = await visit(browser(), path)
      await expect(page.title()).resolves.toBe(`${title} | MoveFlix`)
      await expect(page.locator('meta[name="description"]').getAttribute("content")).resolves.toBe(description)
    }
  })

  it("the player shows a spinner over the picture from the press of play until the video host's page has loaded", async () => {
    const [first] = await api<ApiEpisode[]>("/series/101/episodes")
    const page = await cleanPage(browser())
    const release = await holdRequests(page, `${PLAYER_ORIGIN}/video/**`)
    // The button plays once the page is interactive.
    await openReady(page, `${harness().siteUrl}/detail/${first!.id}`)
    await page.getByRole("link", { name: `Play ${first!.title}` }).click()
    const loading = page.getByRole("status", { name: "Loading video" })
    await loading.waitFor()
    release()
    await loading.waitFor({ state: "detached" })
    await expect(page.locator("iframe").isVisible()).resolves.toBe(true)
  })

  it("a card says its title once: the link is named by it and the picture beside it is decorative", async () => {
    const sub = await api<ApiSubcategory>("/sub-categories/13")
    const { page } = await visit(browser(), "/subcategory/13")
    const series = page.getByRole("region", { name: "Series" })
    const alts = await series.locator("img[data-main-image]").evaluateAll((els) => els.map((el) => el.getAttribute("alt")))
    expect(alts).toEqual(sub.series.map(() => ""))
    for (const { title } of sub.series) await expect(series.getByRole("link", { name: title }).count()).resolves.toBe(1)
  })
})
