import crypto from "node:crypto"
import path from "node:path"
import type { BrowserContext, Page, Response } from "playwright-core"
import type { ApiEpisode } from "../../../contract/schemas"
import { PROJECT_ROOT } from "../../../node-kit/process/processes"
import type { StaticServer } from "../../../node-kit/http/static-server"
import { serveBare } from "../harness/bare-host"
import { useBrowser, waitForHydration } from "../harness/browser"
import { api } from "../harness/catalogue"
import { recordCspViolations } from "../harness/checks/csp-violations"
import { harness } from "../harness/setup/harness-env"

/*
 * The site under its production headers (the harness serves the build with
 * `npm run serve`'s server): what the policy blocks, the player, search,
 * subscribe and the service worker, with the browser's CSP reports counted.
 * Then the same build from a host that sends no CSP: each page's meta holds it.
 */

const browser = useBrowser()

interface WatchedPage {
  page: Page
  context: BrowserContext
  /** Every `securitypolicyviolation` event and every console message about the Content Security Policy. */
  violations: string[]
}

/** A fresh page that records CSP violations, in every document it opens, from before its first script. */
async function watchedPage(width = 1280): Promise<WatchedPage> {
  const context = await browser().newContext({ viewport: { width, height: 900 } })
  const page = await context.newPage()
  const violations: string[] = []
  await recordCspViolations(page, violations)
  return { page, context, violations }
}

/** Until the network is quiet: what this file checks is every request and script the page makes, prefetches too. */
async function open(page: Page, path: string, origin = harness().siteUrl): Promise<Response> {
  const response = await page.goto(new URL(path, origin).href, { waitUntil: "networkidle" })
  if (!response) throw new Error(`No response for ${path}`)
  return response
}

/** Adds an inline script to the page: the directive and URI of the violation it raised, and whether it ran. */
async function injectScript(page: Page): Promise<{ reported: string; ran: boolean }> {
  const reported = await page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        document.addEventListener("securitypolicyviolation", (event) => resolve(`${event.effectiveDirective} ${event.blockedURI}`), { once: true })
        const script = document.createElement("script")
        script.textContent = "window.__injected = true"
        document.body.append(script)
      }),
  )
  return { reported, ran: await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected === true) }
}

describe("the production headers", () => {
  // Every page family's headers, CSP violations and styles: page-family-checks.test.ts, on its one visit per width.
  it("blocks and reports what the policy does not allow: a script added to the page does not run", async () => {
    const { page } = await watchedPage()
    await open(page, "/")
    await expect(injectScript(page)).resolves.toEqual({ reported: "script-src-elem inline", ran: false })
  })

  it("the player plays, after the visitor came from the home page through the site's links", async () => {
    const [episode] = await api<ApiEpisode[]>("/series/101/episodes")
    const { page, violations } = await watchedPage()
    await open(page, "/")
    // Gatsby navigates once its app runs: under load the page can be network-idle before its scripts have hydrated it.
    await waitForHydration(page)
    // Client-side navigation: the home page's policy stays the document's, so it must allow the player too.
    await page.evaluate((path) => (window as unknown as { ___navigate: (to: string) => void }).___navigate(path), `/detail/${episode!.id}/`)
    const name = `Play ${episode!.title}`
    await page.getByRole("link", { name }).click()
    await page.frameLocator("iframe").getByText(episode!.title).first().waitFor()
    expect(violations).toEqual([])
  })

  it("search calls the public API and shows its answer", async () => {
    const { page, violations } = await watchedPage()
    await open(page, "/")
    // Before hydration, Enter submits the form without JavaScript (a page load, no API call from this page).
    await waitForHydration(page)
    const answered = page.waitForResponse((response) => response.url().startsWith(`${harness().apiUrl}/search`))
    await page.getByRole("searchbox").fill("yoga")
    await page.getByRole("searchbox").press("Enter")
    expect((await answered).status()).toBe(200)
    await page.getByRole("link", { name: "Sunrise Yoga" }).first().waitFor()
    expect(violations).toEqual([])
  })

  it("subscribe posts to the public API and lands on the thank-you page", async () => {
    const { page, violations } = await watchedPage(375)
    await open(page, "/series/101/")
    const footer = page.getByRole("contentinfo")
    await footer.getByPlaceholder("Your Email").fill(`csp-${crypto.randomUUID()}@example.com`)
    await footer.getByRole("button", { name: "Subscribe" }).click()
    await page.waitForURL(/\/thank-you\/?$/)
    await page.getByRole("heading", { level: 1, name: "Thank you For Subscribing", exact: true }).waitFor()
    expect(violations).toEqual([])
  })

  it("the service worker registers and takes control (http://localhost, where it may run without HTTPS)", async () => {
    const { page, violations } = await watchedPage()
    const localhost = harness().siteUrl.replace("127.0.0.1", "localhost")
    const response = await open(page, "/", localhost)
    expect(response.headers()["content-security-policy"]).toContain("worker-src 'self'")
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null)
    await expect(page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).resolves.toBe(`${localhost}/sw.js`)
    expect(violations).toEqual([])
  })
})

describe("a host that sends no CSP header (an object store)", () => {
  let bare: StaticServer
  beforeAll(async () => {
    // The harness's build, each page with its CSP meta; served with no header but Content-Type.
    bare = await serveBare(path.join(PROJECT_ROOT, "public"))
  })
  afterAll(() => bare.close())

  it.each(["/", "/series/101/"])("%s keeps to the policy in its meta: it renders with no violation, and a script added to it does not run", async (pagePath) => {
    const { page, violations } = await watchedPage()
    const response = await open(page, pagePath, bare.origin)
    expect(response.headers()["content-security-policy"]).toBeUndefined()
    // Before every inline style and script, after only the charset: a meta policy governs what follows it.
    await expect(page.evaluate(() => [...document.head.children].slice(0, 2).map((element) => element.outerHTML.slice(0, 100)))).resolves.toEqual([
      '<meta charset="utf-8">',
      expect.stringMatching(/^<meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self' 'sha256-/),
    ])
    await expect(page.evaluate(() => document.querySelector("h1")?.textContent ?? "")).resolves.not.toBe("")
    expect(violations).toEqual([])
    await expect(injectScript(page)).resolves.toEqual({ reported: "script-src-elem inline", ran: false })
  })
})
