import fs from "node:fs"
import http from "node:http"
import type { AddressInfo } from "node:net"
import path from "node:path"
import AxeBuilder from "@axe-core/playwright"
import type { Browser, BrowserContext, Page } from "playwright-core"
import { launchBrowser } from "../../../scripts/lib/chromium"
import { startTlsFront, type TlsFront } from "../../../scripts/lib/player-tls"
import { startTestServer, TEST_VIDEO_TOKEN, type TestServer } from "../helpers/test-server"

// The reference player driven by the video host's own SDK (@vimeo/player), in
// real Chromium: the SDK accepts only an iframe on a Vimeo name and messages
// from that origin, so player.vimeo.com is mapped to the reference server.
// Chromium's HSTS preload list holds vimeo.com, so it is reached over HTTPS,
// through a front with a throwaway certificate (ignoreHTTPSErrors).
jest.setTimeout(60_000)

const PLAYER_ORIGIN = "https://player.vimeo.com"
const SDK = fs.readFileSync(path.join(__dirname, "../../../node_modules/@vimeo/player/dist/player.min.js"), "utf8")

let server: TestServer
let front: TlsFront
let site: http.Server
let siteOrigin: string
let browser: Browser
let context: BrowserContext
let video: { path: string; duration: number; player_embed_url: string }

/** The test page: the SDK, and the player iframe at `src` (plus a sibling frame of the page's own origin). */
function testPage(src: string): string {
  return `<!doctype html><html lang="en"><head><title>SDK test</title><script src="/player.min.js"></script></head><body>
<iframe id="player" src="${src}" width="640" height="360" title="Player"></iframe>
<iframe id="sibling" srcdoc="<p>sibling</p>" title="Sibling"></iframe></body></html>`
}

beforeAll(async () => {
  server = await startTestServer({ playerOrigin: PLAYER_ORIGIN })
  const row = server.db.prepare("SELECT path FROM episodes LIMIT 1").get() as { path: string }
  const answer = await server.call(`/video-host/videos/${row.path}`, { headers: { authorization: `Bearer ${TEST_VIDEO_TOKEN}` } })
  video = { ...answer.body, path: row.path }
  front = await startTlsFront("player.vimeo.com", Number(new URL(server.origin).port))
  // A throwaway site on loopback: the page at /?src=… and the SDK's bundle.
  site = http.createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1")
    if (url.pathname === "/player.min.js") return response.writeHead(200, { "content-type": "text/javascript" }).end(SDK)
    response.writeHead(200, { "content-type": "text/html" }).end(testPage(url.searchParams.get("src") ?? ""))
  })
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve))
  siteOrigin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`
  browser = await launchBrowser([`--host-resolver-rules=MAP player.vimeo.com 127.0.0.1:${front.port}`])
  context = await browser.newContext({ ignoreHTTPSErrors: true })
})

// Every page a test opened is closed after it, and must have logged no error (a CSP refusal among them).
const opened: Harness[] = []
afterEach(async () => {
  const pages = opened.splice(0)
  await Promise.all(pages.map(({ page }) => page.close()))
  expect(pages.flatMap(({ errors }) => errors)).toEqual([])
})

afterAll(async () => {
  await browser?.close()
  await new Promise((resolve) => site?.close(resolve))
  await front?.close()
  await server?.destroy()
})

interface Harness {
  page: Page
  /** Console errors of the page and the player (a CSP refusal among them). */
  errors: string[]
}

/**
 * The test page with the player at `suffix` after the API's player link, and
 * `window.player`, the SDK's Player on it, ready; `window.seen` collects the
 * events named in `events` as `[name, seconds]`.
 */
async function open(suffix = "", events: string[] = []): Promise<Harness> {
  const page = await context.newPage()
  const errors: string[] = []
  page.on("console", (message) => void (message.type() === "error" && errors.push(message.text())))
  page.on("pageerror", (error) => void errors.push(error.message))
  opened.push({ page, errors })
  await page.goto(`${siteOrigin}/?src=${encodeURIComponent(video.player_embed_url + suffix)}`)
  await page.evaluate(async (names) => {
    const w = window as any // eslint-disable-line @typescript-eslint/no-explicit-any -- the page's own globals, untyped here
    w.seen = []
    w.player = new w.Vimeo.Player(document.getElementById("player"))
    for (const name of names) w.player.on(name, (data: { seconds: number }) => w.seen.push([name, data.seconds]))
    await w.player.ready()
  }, events)
  return { page, errors }
}

/** Calls the SDK's player in the page: `call(page, "getDuration")`. */
const call = (page: Page, method: string, ...args: unknown[]) =>
  page.evaluate(([name, values]) => (window as any).player[name as string](...(values as unknown[])), [method, args] as const) // eslint-disable-line @typescript-eslint/no-explicit-any -- the page's own globals, untyped here

/** Waits until the page has seen `count` events named `name`; answers their seconds. */
async function seen(page: Page, name: string, count = 1): Promise<number[]> {
  await page.waitForFunction(
    ([n, c]) => (window as any).seen.filter((e: [string]) => e[0] === n).length >= (c as number), // eslint-disable-line @typescript-eslint/no-explicit-any -- the page's own globals, untyped here
    [name, count] as const,
  )
  return page.evaluate((n) => (window as any).seen.filter((e: [string]) => e[0] === n).map((e: [string, number]) => e[1]), name) // eslint-disable-line @typescript-eslint/no-explicit-any -- the page's own globals, untyped here
}

describe("the reference player under the host's name, driven by @vimeo/player", () => {
  it("is the API's player link, reached over HTTPS: Chromium upgrades http://player.vimeo.com (HSTS preload)", async () => {
    expect(video.player_embed_url).toBe(`${PLAYER_ORIGIN}/video/${video.path}`)
    const page = await context.newPage()
    opened.push({ page, errors: [] })
    const answer = await page.goto(`http://player.vimeo.com/video/${video.path}`)
    expect([page.url(), answer?.status()]).toEqual([`https://player.vimeo.com/video/${video.path}`, 200])
  })

  it("gets ready, and answers the duration the API answers, paused at 0", async () => {
    const { page } = await open()
    expect(await call(page, "getDuration")).toBe(video.duration)
    expect(await call(page, "getCurrentTime")).toBe(0)
    expect(await call(page, "getPaused")).toBe(true)
    expect(await call(page, "getEnded")).toBe(false)
  })

  it("plays: play, then timeupdate about every 250 ms with the seconds advancing, then pause", async () => {
    const { page } = await open("", ["play", "timeupdate", "pause"])
    await call(page, "play")
    expect(await seen(page, "play")).toEqual([0])
    const times = await seen(page, "timeupdate", 3)
    expect(times[0]).toBeGreaterThan(0)
    expect(times[1]).toBeGreaterThan(times[0]!)
    expect(times[2]).toBeGreaterThan(times[1]!)
    expect(await call(page, "getPaused")).toBe(false)
    await call(page, "pause")
    const [pausedAt] = await seen(page, "pause")
    expect(await call(page, "getPaused")).toBe(true)
    expect(await call(page, "getCurrentTime")).toBe(pausedAt)
  })

  it("seeks (clamped to the video, with seeked) and ends there: ended at the duration, paused", async () => {
    const { page } = await open("", ["seeked", "ended", "timeupdate"])
    expect(await call(page, "setCurrentTime", -5)).toBe(0)
    expect(await call(page, "setCurrentTime", video.duration + 100)).toBe(video.duration)
    expect(await call(page, "setCurrentTime", video.duration - 1)).toBe(video.duration - 1)
    expect(await seen(page, "seeked", 3)).toEqual([0, video.duration, video.duration - 1])
    await call(page, "play")
    expect(await seen(page, "ended")).toEqual([video.duration])
    expect(await call(page, "getEnded")).toBe(true)
    expect(await call(page, "getPaused")).toBe(true)
    expect(await call(page, "getCurrentTime")).toBe(video.duration)
  })

  it("refuses an unknown method, and a time that is not a number, as the host's player does", async () => {
    const { page } = await open()
    const refusal = (method: string, ...args: unknown[]) =>
      page.evaluate(
        ([name, values]) =>
          // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the page's own globals, untyped here
          (window as any).player.callMethod(name, ...(values as unknown[])).then(
            () => "resolved",
            (error: Error) => `${error.name}: ${error.message}`,
          ),
        [method, args] as const,
      )
    expect(await refusal("frobnicate")).toBe('TypeError: The method "frobnicate" is not supported by this player.')
    expect(await refusal("setCurrentTime", "soon")).toBe("TypeError: The time must be a number of seconds.")
  })

  it("starts at a #t=2m3s fragment, and plays on load with ?autoplay=1", async () => {
    const { page } = await open("?autoplay=1#t=2m3s", ["timeupdate"])
    expect(await call(page, "getPaused")).toBe(false)
    const [first] = await seen(page, "timeupdate")
    expect(first).toBeGreaterThan(123)
    expect(first).toBeLessThan(123 + 30)

    const seconds = await open("#t=95s")
    expect(await call(seconds.page, "getCurrentTime")).toBe(95)
    expect(await call(seconds.page, "getPaused")).toBe(true)
  })

  it("takes JSON-string messages, and obeys only its parent, not another frame of the page", async () => {
    const { page } = await open()
    const replies = await page.evaluate(async () => {
      const frames = document.querySelectorAll("iframe")
      const player = frames[0]!.contentWindow!
      const got: unknown[] = []
      // Answers to the two methods at stake only: the player's ready event may still be on its way, and the
      // SDK's own calls on ready (getVideoId, appendVideoMetadata) may be answered meanwhile.
      const atStake = new Set(["play", "getPaused"])
      window.addEventListener("message", (event) => event.source === player && atStake.has(event.data?.method) && got.push(event.data))
      // A script of the sibling frame (of this page's origin) asks the player to play: ignored.
      const sibling = frames[1]!.contentDocument!
      const script = sibling.createElement("script")
      script.textContent = 'parent.frames[0].postMessage({ method: "play" }, "*")'
      sibling.body.append(script)
      player.postMessage(JSON.stringify({ method: "getPaused" }), "*")
      await new Promise<void>((resolve) => {
        const wait = () => (got.length ? resolve() : setTimeout(wait, 20))
        wait()
      })
      return got
    })
    expect(replies).toEqual([{ method: "getPaused", value: true }])
  })
})

describe("the reference player's own controls", () => {
  it("plays and pauses with its button, seeks with its Seek slider (keyboard too) and shows the time", async () => {
    const { page } = await open("", ["seeked", "play", "pause"])
    const player = page.frameLocator("#player")
    const minutes = Math.floor(video.duration / 60)
    const total = `${minutes}:${String(video.duration % 60).padStart(2, "0")}`
    await expect(player.locator("#time").textContent()).resolves.toBe(`0:00 / ${total}`)

    await player.getByRole("button", { name: "Play" }).click()
    await seen(page, "play")
    await player.getByRole("button", { name: "Pause" }).click()
    await seen(page, "pause")
    expect(await call(page, "getPaused")).toBe(true)

    await player.getByRole("slider", { name: "Seek" }).fill("83")
    expect(await seen(page, "seeked")).toEqual([83])
    expect(await call(page, "getCurrentTime")).toBe(83)
    await expect(player.locator("#time").textContent()).resolves.toBe(`1:23 / ${total}`)

    await player.getByRole("slider", { name: "Seek" }).press("End")
    expect(await seen(page, "seeked", 2)).toEqual([83, video.duration])
    await expect(player.locator("#time").textContent()).resolves.toBe(`${total} / ${total}`)
    // The episode's picture, from the server under the player's name, allowed by the page's CSP.
    const poster = player.locator("img.poster")
    await expect(
      poster.evaluate((img: HTMLImageElement) =>
        img.decode().then(
          () => "shown",
          () => "broken",
        ),
      ),
    ).resolves.toBe("shown")
  })

  it("passes axe, and nothing animates while it plays with reduced motion asked for", async () => {
    const page = await context.newPage()
    opened.push({ page, errors: [] })
    await page.emulateMedia({ reducedMotion: "reduce" })
    await page.goto(`${video.player_embed_url}?autoplay=1`)
    await page.getByRole("button", { name: "Pause" }).waitFor()
    expect((await new AxeBuilder({ page: page as never }).analyze()).violations).toEqual([])
    expect(await page.evaluate(() => document.getAnimations().length)).toBe(0)
  })

  it("shows h:mm:ss past an hour", async () => {
    const page = await context.newPage()
    opened.push({ page, errors: [] })
    // No sample video lasts an hour: this one is told it lasts 4 000 s (the CSP covers the script, not the markup).
    const original = await fetch(`${server.origin}/video/${video.path}`)
    const body = (await original.text()).replace(/data-duration="\d+"/, 'data-duration="4000"')
    const headers = { "content-type": "text/html", "content-security-policy": original.headers.get("content-security-policy")! }
    await page.route(`${video.player_embed_url}*`, (route) => route.fulfill({ headers, body }))
    await page.goto(`${video.player_embed_url}#t=1h2m5s`)
    await expect(page.locator("#time").textContent()).resolves.toBe("1:02:05 / 1:06:40")
  })
})
