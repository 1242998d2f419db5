/**
 * @jest-environment jsdom
 * @jest-environment-options {"url": "http://localhost/series/101/"}
 */
import { ReleaseWatch } from "../../../plugins/gatsby-plugin-offline-workbox/src/browser/release-watch"

/** The server's release.json, as the watch asks for it; `release` is what it answers now. */
let release = "r1"
let asked = 0
const navigate = jest.fn()

beforeEach(() => {
  release = "r1"
  asked = 0
  navigate.mockReset()
  document.body.innerHTML = `<a href="/detail/1001/">Episode</a><a href="/detail/1002/">Other</a><a href="https://player.example/1">Player</a>`
  window.___navigate = navigate
  window.___swUpdated = undefined
  Object.defineProperty(navigator, "onLine", { value: true, configurable: true })
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL) => {
    expect(String(input)).toBe("/release.json")
    asked += 1
    const answer = release
    return { ok: true, json: async () => ({ release: answer }) } as Response
  }) as typeof fetch
})

// One watch for the file, as a page has one: started from release r1.
beforeAll(async () => {
  release = "r1"
  globalThis.fetch = jest.fn(async () => ({ ok: true, json: async () => ({ release: "r1" }) }) as Response) as typeof fetch
  await new ReleaseWatch().start()
})

const link = (text: string) => [...document.querySelectorAll("a")].find((anchor) => anchor.textContent === text)!
const press = (anchor: Element) => anchor.dispatchEvent(new MouseEvent("pointerdown", { bubbles: true, button: 0 }))
/** A click as the browser sends it; answers whether the watch held it back from Gatsby. */
const click = (anchor: Element) => !anchor.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, button: 0 }))
const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe("ReleaseWatch", () => {
  it("asks for the release when a link is pressed and uses that answer for its click: one request, then the navigation", async () => {
    press(link("Episode"))
    expect(asked).toBe(1)
    expect(click(link("Episode"))).toBe(true)
    await settle()
    expect(asked).toBe(1)
    expect(navigate).toHaveBeenCalledWith("/detail/1001/")
    expect(window.___swUpdated).toBeFalsy()
  })

  it("makes the navigation a full load from the server when a deploy happened while the page was read", async () => {
    release = "r2"
    press(link("Episode"))
    click(link("Episode"))
    await settle()
    expect(window.___swUpdated).toBe(true)
    expect(navigate).toHaveBeenCalledWith("/detail/1001/")
  })

  it("asks at the click when the link was not pressed (keyboard) or another link was", async () => {
    click(link("Episode"))
    await settle()
    expect(asked).toBe(1)
    press(link("Episode"))
    click(link("Other"))
    await settle()
    expect(asked).toBe(3)
    expect(navigate).toHaveBeenLastCalledWith("/detail/1002/")
  })

  it("leaves links to other sites, and every link while offline, to the browser", async () => {
    expect(click(link("Player"))).toBe(false)
    Object.defineProperty(navigator, "onLine", { value: false, configurable: true })
    expect(click(link("Episode"))).toBe(false)
    await settle()
    expect(navigate).not.toHaveBeenCalled()
  })
})

describe("ReleaseWatch.start", () => {
  const answering = (body: unknown, ok = true) => jest.fn(async () => ({ ok, json: async () => body }) as Response) as typeof fetch
  // These watches are for this block alone: the one the page has (beforeAll) answers the link tests.
  let listening: jest.SpyInstance
  beforeEach(() => {
    listening = jest.spyOn(document, "addEventListener").mockImplementation(() => undefined)
  })
  afterEach(() => listening.mockRestore())

  it("answers that the build made a worker when release.json names a release, and watches links", async () => {
    globalThis.fetch = answering({ release: "r1" })
    await expect(new ReleaseWatch().start()).resolves.toBe(true)
    expect(listening.mock.calls.map(([type]) => type)).toEqual(["pointerdown", "click"])
  })

  it("answers that there is no worker, and watches no link, when release.json says so (a preview build)", async () => {
    globalThis.fetch = answering({ serviceWorker: false })
    await expect(new ReleaseWatch().start()).resolves.toBe(false)
    expect(listening).not.toHaveBeenCalled()
  })

  it("counts a server that could not say (offline, or no release.json) as one with a worker", async () => {
    globalThis.fetch = answering({}, false)
    await expect(new ReleaseWatch().start()).resolves.toBe(true)
    globalThis.fetch = jest.fn(async () => Promise.reject(new TypeError("Failed to fetch"))) as typeof fetch
    await expect(new ReleaseWatch().start()).resolves.toBe(true)
  })
})
