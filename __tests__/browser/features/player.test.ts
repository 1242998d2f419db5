import type { Page } from "playwright-core"
import type { ApiEpisode } from "../../../contract/schemas"
import { openReady, useBrowser } from "../harness/browser"
import { api } from "../harness/catalogue"
import { harness, PLAYER_ORIGIN, playerUrlOf } from "../harness/setup/harness-env"

const browser = useBrowser()

/** Every request the page makes to the video host's player origin (the reference player, under the host's name). */
function playerRequests(page: Page): string[] {
  const seen: string[] = []
  page.on("request", (request) => {
    if (new URL(request.url()).origin === PLAYER_ORIGIN) seen.push(request.url())
  })
  return seen
}

const box = async (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((element) => {
      const rect = element.getBoundingClientRect()
      return [rect.x, rect.y, rect.width, rect.height].map(Math.round)
    })

describe("the player facade", () => {
  it.each([
    ["a click", (page: Page, name: string) => page.getByRole("link", { name }).click()],
    ["Enter", (page: Page, name: string) => page.getByRole("link", { name }).press("Enter")],
    ["Space", (page: Page, name: string) => page.getByRole("link", { name }).press(" ")],
  ])("asks nothing of the video host until %s on play, then plays in the same box with focus", async (_how, press) => {
    const [episode] = await api<ApiEpisode[]>("/series/101/episodes")
    const context = await browser().newContext({ viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    const requests = playerRequests(page)
    await openReady(page, `${harness().siteUrl}/detail/${episode!.id}`)
    const name = `Play ${episode!.title}`
    await expect(page.getByRole("link", { name }).isVisible()).resolves.toBe(true)
    // The episode's own picture is what the box shows before play.
    await expect(page.locator("main > :first-child img[data-main-image]").count()).resolves.toBe(1)
    expect(requests).toEqual([])
    const before = await box(page, "main > :first-child")

    await press(page, name)
    const player = page.locator("iframe")
    await player.waitFor()
    await expect(player.getAttribute("src")).resolves.toBe(`${playerUrlOf(episode!.id)}?autoplay=1`)
    await expect(player.getAttribute("title")).resolves.toBe(episode!.title)
    await expect(page.evaluate(() => document.activeElement?.tagName)).resolves.toBe("IFRAME")
    expect(await box(page, "iframe")).toEqual(before)
    expect(await box(page, "main > :first-child")).toEqual(before)
    await page.frameLocator("iframe").getByText(episode!.title).first().waitFor()
    expect(requests.length).toBeGreaterThan(0)
  })

  it("is a link to the host's player: a tap before the page's JavaScript has taken over plays the episode there", async () => {
    const [episode] = await api<ApiEpisode[]>("/series/101/episodes")
    const context = await browser().newContext({ viewport: { width: 375, height: 800 }, hasTouch: true, isMobile: true })
    const page = await context.newPage()
    // The page's scripts never arrive: every moment of this visit is "before hydration".
    await page.route(/\/[^/?]+\.js(\?|$)/, () => undefined)
    await page.goto(`${harness().siteUrl}/detail/${episode!.id}`, { waitUntil: "domcontentloaded" })
    const play = page.getByRole("link", { name: `Play ${episode!.title}` })

    await play.tap()

    await page.waitForURL(`${playerUrlOf(episode!.id)}?autoplay=1`)
    await page.getByText(episode!.title).first().waitFor()
  })

  it("without JavaScript the player itself is in the box", async () => {
    const [episode] = await api<ApiEpisode[]>("/series/101/episodes")
    const context = await browser().newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto(`${harness().siteUrl}/detail/${episode!.id}`)
    const player = page.locator("iframe")
    await expect(player.getAttribute("src")).resolves.toBe(playerUrlOf(episode!.id))
    // The player is on top, so the visitor's click plays the video in the page rather than leaving for the host's.
    const box = (await player.boundingBox())!
    await expect(page.evaluate(([x, y]) => document.elementFromPoint(x!, y!)?.tagName, [box.x + box.width / 2, box.y + box.height / 2])).resolves.toBe("IFRAME")
  })
})
