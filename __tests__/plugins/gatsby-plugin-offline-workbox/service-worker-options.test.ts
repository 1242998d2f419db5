import type { RuntimeCaching } from "workbox-build"
import { stringifyWithoutComments } from "workbox-build/build/lib/stringify-without-comments"
import {
  generateSWOptions,
  pageCacheKey,
  pageDataCacheKey,
  rememberPagesShownFromCache,
  runtimeCaching,
} from "../../../plugins/gatsby-plugin-offline-workbox/src/service-worker-options"

const SITE = "https://moveflix.example"

type Matcher = Extract<NonNullable<RuntimeCaching["urlPattern"]>, (...args: never[]) => unknown>

/**
 * The matchers as sw.js runs them: Workbox writes each function into the
 * worker as source text, so one that used a variable from its module would
 * break there; rebuilding it from its text catches that.
 */
const asWritten = (matcher: RuntimeCaching["urlPattern"]) => new Function(`return (${String(matcher)})`)() as Matcher

interface RequestShape {
  mode?: string
  destination?: string
  method?: string
  headers?: Record<string, string>
}

/** The rule sw.js applies to a request, sent by the open page `clientId` if given. */
function matchingRule(href: string, { headers = {}, ...request }: RequestShape = {}, clientId = ""): RuntimeCaching | undefined {
  const url = new URL(href)
  const options = {
    url,
    sameOrigin: url.origin === SITE,
    request: { mode: "cors", destination: "", method: "GET", ...request, headers: new Headers(headers), url: href } as unknown as Request,
    event: { clientId },
  }
  return runtimeCaching().find((candidate) => asWritten(candidate.urlPattern)(options as never))
}

const ruleFor = (href: string, request: RequestShape = {}) => matchingRule(href, request)?.options?.cacheName ?? undefined

/** The pages rule's memory plugin, rebuilt from the text workbox-build writes into sw.js for it. */
const rememberAsWritten = new Function(`return (${stringifyWithoutComments(rememberPagesShownFromCache)})`)() as typeof rememberPagesShownFromCache

describe("the service worker's runtime rules", () => {
  it.each([
    ["a page navigation", `${SITE}/series/101/`, { mode: "navigate", destination: "document" }, "pages"],
    ["a page the site asks it to save", `${SITE}/search-results/`, {}, "pages"],
    ["a page without its trailing slash", `${SITE}/detail/1002`, {}, "pages"],
    ["page data", `${SITE}/page-data/series/101/page-data.json`, {}, "page-data"],
    ["app data", `${SITE}/page-data/app-data.json`, {}, "page-data"],
    ["a static query's result", `${SITE}/page-data/sq/d/1234567890.json`, {}, "page-data"],
    ["a hashed chunk", `${SITE}/app-978ae7bbc8ac97b6405b.js`, { destination: "script" }, "assets"],
    ["a component chunk", `${SITE}/component---src-pages-index-tsx-b7cb8098307fcaaf6f65.js`, { destination: "script" }, "assets"],
    ["a processed picture", `${SITE}/_gatsby/image/abc/def/ghi.webp`, { destination: "image" }, "assets"],
    ["a static file", `${SITE}/static/8f1e/hero.jpg`, { destination: "image" }, "assets"],
    ["the favicon", `${SITE}/favicon.svg`, { destination: "image" }, "images"],
  ])("keep %s", (_name, href, request, cacheName) => {
    expect(ruleFor(href, request)).toBe(cacheName)
  })

  it.each([
    ["the video player's page", "http://127.0.0.1:4000/player/abc", { mode: "navigate", destination: "iframe" }],
    ["the catalogue API's search", "http://127.0.0.1:4000/api/search?q=yoga", {}],
    ["a search result's picture", "http://127.0.0.1:4000/media/yoga.jpg", { destination: "image" }],
    ["another site's script", "https://cdn.example/lib-978ae7bbc8ac97b6405b.js", { destination: "script" }],
    ["another site's page data", "https://cdn.example/page-data/app-data.json", {}],
    ["release.json, which must always come from the server", `${SITE}/release.json`, {}],
    ["sw.js itself", `${SITE}/sw.js`, { destination: "script" }],
    ["a form post", `${SITE}/search-results/`, { method: "POST" }],
  ])("leave %s alone", (_name, href, request) => {
    expect(ruleFor(href, request)).toBeUndefined()
  })

  // A request no rule matches is not answered by the worker at all: the browser asks the server, Basic authentication prompt and all.
  it.each([
    ["the status page", `${SITE}/_publisher/`, { mode: "navigate", destination: "document" }],
    ["the status page without its slash", `${SITE}/_publisher`, { mode: "navigate", destination: "document" }],
    ["a file of the status page", `${SITE}/_publisher/app-978ae7bbc8ac97b6405b.js`, { destination: "script" }],
    ["a picture of the status page", `${SITE}/_publisher/logo.png`, { destination: "image" }],
    ["the status report", `${SITE}/status`, {}],
    ["the status report, navigated to", `${SITE}/status`, { mode: "navigate", destination: "document" }],
    ["a rollback", `${SITE}/releases/rollback`, {}],
    ["the webhook", `${SITE}/hooks/catalogue`, {}],
  ])("leave the publisher's admin alone: %s", (_name, href, request) => {
    expect(ruleFor(href, request)).toBeUndefined()
  })

  it.each([
    ["a page", `${SITE}/series/101/`, { mode: "navigate", destination: "document" }],
    ["page data", `${SITE}/page-data/series/101/page-data.json`, {}],
    ["a hashed chunk", `${SITE}/app-978ae7bbc8ac97b6405b.js`, { destination: "script" }],
    ["a picture", `${SITE}/favicon.svg`, { destination: "image" }],
  ])("never cache an answer to a request with Authorization: %s", (_name, href, request) => {
    expect(ruleFor(href, request)).toBeDefined()
    expect(ruleFor(href, { ...request, headers: { Authorization: "Basic b3BlcmF0b3I6c2VjcmV0" } })).toBeUndefined()
  })

  it("keeps site pages whose path only begins like an admin path", () => {
    expect(ruleFor(`${SITE}/statuses/`, { mode: "navigate", destination: "document" })).toBe("pages")
    expect(ruleFor(`${SITE}/hooksy/`, { mode: "navigate", destination: "document" })).toBe("pages")
  })

  it("tries the network first for pages, within the timeout, and falls back to the offline page", () => {
    const pages = matchingRule(`${SITE}/series/101/`, { mode: "navigate", destination: "document" })
    expect(pages).toMatchObject({ handler: "NetworkFirst", options: { networkTimeoutSeconds: 3, precacheFallback: { fallbackURL: "/offline.html" } } })
  })

  describe("a page's data, of the same release as the page", () => {
    const DATA = `${SITE}/page-data/index/page-data.json`
    afterEach(() => delete (globalThis as { moveflixPagesShownFromCache?: unknown }).moveflixPagesShownFromCache)

    it("comes from the network, however slow, for a page the network answered: a saved copy only when the network fails", () => {
      const rule = matchingRule(DATA, {}, "tab-from-network")
      expect(rule).toMatchObject({ handler: "NetworkFirst", options: { cacheName: "page-data" } })
      expect(rule?.options).not.toHaveProperty("networkTimeoutSeconds")
    })

    it("comes from the saved copies for a page shown from its saved copy, and only for that page", async () => {
      const saved = new Response("<html>")
      const remembered = rememberAsWritten.cachedResponseWillBeUsed({ event: { resultingClientId: "tab-from-cache" }, cachedResponse: saved })
      await expect(remembered).resolves.toBe(saved)
      expect(matchingRule(DATA, {}, "tab-from-cache")).toMatchObject({ handler: "CacheFirst", options: { cacheName: "page-data" } })
      expect(matchingRule(`${SITE}/page-data/sq/d/1234567890.json`, {}, "tab-from-cache")?.handler).toBe("CacheFirst")
      expect(matchingRule(DATA, {}, "another-tab")?.handler).toBe("NetworkFirst")
      // Not its pictures or code, and never a request with Authorization.
      expect(matchingRule(`${SITE}/app-978ae7bbc8ac97b6405b.js`, { destination: "script" }, "tab-from-cache")?.handler).toBe("CacheFirst")
      expect(matchingRule(`${SITE}/app-978ae7bbc8ac97b6405b.js`, { destination: "script" }, "tab-from-cache")?.options?.cacheName).toBe("assets")
      expect(matchingRule(DATA, { headers: { Authorization: "Bearer x" } }, "tab-from-cache")).toBeUndefined()
    })

    it("is not taken from the saved copies when the page was not in the cache either", async () => {
      await rememberAsWritten.cachedResponseWillBeUsed({ event: { resultingClientId: "tab-offline-page" }, cachedResponse: undefined })
      expect(matchingRule(DATA, {}, "tab-offline-page")?.handler).toBe("NetworkFirst")
    })

    it("forgets the oldest pages beyond 50 open ones", async () => {
      const page = new Response("<html>")
      for (let tab = 0; tab <= 50; tab++) {
        await rememberAsWritten.cachedResponseWillBeUsed({ event: { resultingClientId: `tab-${tab}` }, cachedResponse: page })
      }
      expect(matchingRule(DATA, {}, "tab-0")?.handler).toBe("NetworkFirst")
      expect(matchingRule(DATA, {}, "tab-1")?.handler).toBe("CacheFirst")
      expect(matchingRule(DATA, {}, "tab-50")?.handler).toBe("CacheFirst")
    })
  })

  it("saves one copy per page, whatever its query or trailing slash", async () => {
    const key = (href: string) => pageCacheKey.cacheKeyWillBeUsed({ request: new Request(href) })
    await expect(key(`${SITE}/search-results?q=yoga`)).resolves.toBe(`${SITE}/search-results/`)
    await expect(key(`${SITE}/search-results/?q=pilates#top`)).resolves.toBe(`${SITE}/search-results/`)
    await expect(key(`${SITE}/offline.html`)).resolves.toBe(`${SITE}/offline.html`)
  })

  it("saves one copy of a page's data, whatever query Gatsby attaches to it", async () => {
    const key = (href: string) => pageDataCacheKey.cacheKeyWillBeUsed({ request: new Request(href) })
    await expect(key(`${SITE}/page-data/search-results/page-data.json?q=yoga`)).resolves.toBe(`${SITE}/page-data/search-results/page-data.json`)
  })

  it("precaches only the offline page and takes over at once", () => {
    expect(generateSWOptions("/tmp/public")).toMatchObject({
      globPatterns: ["offline.html"],
      skipWaiting: true,
      clientsClaim: true,
      swDest: "/tmp/public/sw.js",
    })
  })
})
