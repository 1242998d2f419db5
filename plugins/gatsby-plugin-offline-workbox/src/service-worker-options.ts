import path from "node:path"
import type { GenerateSWOptions, RuntimeCaching } from "workbox-build"
import { OFFLINE } from "./constants"

/*
 * Workbox writes every function below into sw.js as source text, so each is
 * self-contained: no imports, no outer variables, literals only. That is why
 * each matcher repeats the refusals that can concern it, which no rule may
 * lose (page data's fixed folder is no admin path):
 * - the publisher's admin paths (`/_publisher/`, `/status`, `/releases/`,
 *   `/hooks/`, publisher/src/http/routes/), which answer behind a token or Basic
 *   authentication: a saved copy would show an operator's build logs to
 *   whoever opens the browser next, offline and without the password;
 * - any request carrying Authorization, whose answer is for its sender only.
 * A request no rule matches is not handled at all: the browser fetches it as
 * if there were no worker, and a Basic-authentication prompt still appears.
 */

/** A page: a navigation, or a page URL the site asks the worker to save (a request with no destination). */
export const isPageRequest: NonNullable<RuntimeCaching["urlPattern"]> = ({ request, url, sameOrigin }) =>
  sameOrigin &&
  !/^\/(_publisher|status|releases|hooks)(\/|$)/.test(url.pathname) &&
  !request.headers.has("authorization") &&
  request.method === "GET" &&
  (request.mode === "navigate" || (request.destination === "" && !url.pathname.startsWith("/page-data/") && /(\/|\.html|\/[^./]+)$/.test(url.pathname)))

/** page-data.json, app-data.json and static-query results (/page-data/sq/d/*.json): same URL, new content each deploy. */
export const isPageData: NonNullable<RuntimeCaching["urlPattern"]> = ({ request, url, sameOrigin }) =>
  sameOrigin && !request.headers.has("authorization") && url.pathname.startsWith("/page-data/") && url.pathname.endsWith(".json")

/*
 * A page and the data it hydrates with must be of one release: React
 * refuses a page's HTML with another release's data (errors #418, #425) and
 * draws it again, showing the other release. The two come in separate
 * requests, so the worker remembers which open pages it answered from a saved
 * copy (by the client id their navigation created) and answers their data
 * from the saved copies too; a page the network answered waits for the
 * network for its data, however slow, and uses a saved copy only when the
 * network fails. The memory is the worker's own global (a worker stopped
 * between a page and its data forgets it, and the data then comes from the
 * network): each function below names it itself, as sw.js holds their text.
 */

/** On the pages rule: remembers each open page answered from its saved copy. */
export const rememberPagesShownFromCache = {
  cachedResponseWillBeUsed: async ({ event, cachedResponse }: { event?: { resultingClientId?: string }; cachedResponse?: Response }): Promise<Response | undefined> => {
    const clientId = event && event.resultingClientId
    if (cachedResponse && clientId) {
      const memory = globalThis as unknown as { moveflixPagesShownFromCache?: Set<string> }
      if (!memory.moveflixPagesShownFromCache) memory.moveflixPagesShownFromCache = new Set()
      const shown = memory.moveflixPagesShownFromCache
      shown.add(clientId)
      // Open tabs, not a history: beyond 50 the oldest is forgotten.
      if (shown.size > 50) shown.delete(shown.values().next().value as string)
    }
    return cachedResponse
  },
}

/** Data asked for by a page the worker answered from its saved copy. */
export const isDataOfPageShownFromCache: NonNullable<RuntimeCaching["urlPattern"]> = ({ request, url, sameOrigin, event }) => {
  const memory = globalThis as unknown as { moveflixPagesShownFromCache?: Set<string> }
  const clientId = event && (event as unknown as { clientId?: string }).clientId
  return Boolean(
    clientId &&
    memory.moveflixPagesShownFromCache &&
    memory.moveflixPagesShownFromCache.has(clientId) &&
    sameOrigin &&
    !request.headers.has("authorization") &&
    url.pathname.startsWith("/page-data/") &&
    url.pathname.endsWith(".json"),
  )
}

/** Files whose URL changes with their content: webpack's hashed chunks, /static/ and Gatsby's image and file folders. */
export const isHashedAsset: NonNullable<RuntimeCaching["urlPattern"]> = ({ request, url, sameOrigin }) =>
  sameOrigin &&
  !/^\/(_publisher|status|releases|hooks)(\/|$)/.test(url.pathname) &&
  !request.headers.has("authorization") &&
  (/^\/(static|_gatsby\/image|_gatsby\/file)\//.test(url.pathname) || /[.-][0-9a-f]{16,}\.(js|css)$/.test(url.pathname))

/** The site's other pictures (favicon, app icons): their URL stays, so they are checked again each time. */
export const isOtherImage: NonNullable<RuntimeCaching["urlPattern"]> = ({ request, url, sameOrigin }) =>
  sameOrigin && !/^\/(_publisher|status|releases|hooks)(\/|$)/.test(url.pathname) && !request.headers.has("authorization") && request.destination === "image"

/**
 * One saved copy per page whatever its query or trailing slash: a search for
 * "pilates" offline opens the search page saved for "yoga" (its results need
 * the network anyway), and /series/1 finds the copy saved as /series/1/.
 */
export const pageCacheKey = {
  cacheKeyWillBeUsed: async ({ request }: { request: Request }): Promise<string> => {
    const url = new URL(request.url)
    url.search = ""
    url.hash = ""
    if (!url.pathname.endsWith("/") && !url.pathname.endsWith(".html")) url.pathname += "/"
    return url.href
  },
}

/**
 * Gatsby asks for a page's data with the page's query string attached
 * (`/page-data/search-results/page-data.json?q=yoga`); the file is the same
 * for every query, so one saved copy serves them all.
 */
export const pageDataCacheKey = {
  cacheKeyWillBeUsed: async ({ request }: { request: Request }): Promise<string> => {
    const url = new URL(request.url)
    url.search = ""
    return url.href
  },
}

/**
 * The rules, first match wins; a request no rule matches, and so any
 * request to another origin (the video player, the catalogue API, search
 * images), never reaches a cache.
 */
export function runtimeCaching(): RuntimeCaching[] {
  const expiry = (maxEntries: number) => ({ maxEntries, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true })
  return [
    {
      urlPattern: isPageRequest,
      handler: "NetworkFirst",
      options: {
        cacheName: "pages",
        networkTimeoutSeconds: OFFLINE.networkTimeoutSeconds,
        expiration: expiry(OFFLINE.maxPages),
        plugins: [pageCacheKey, rememberPagesShownFromCache],
        precacheFallback: { fallbackURL: OFFLINE.page },
      },
    },
    // The saved copies of its data for a page shown from its saved copy; the network only for what was never saved.
    {
      urlPattern: isDataOfPageShownFromCache,
      handler: "CacheFirst",
      options: { cacheName: "page-data", expiration: expiry(400), plugins: [pageDataCacheKey] },
    },
    // No time limit: a page the network answered takes its data from the network (the comment above).
    {
      urlPattern: isPageData,
      handler: "NetworkFirst",
      options: { cacheName: "page-data", expiration: expiry(400), plugins: [pageDataCacheKey] },
    },
    { urlPattern: isHashedAsset, handler: "CacheFirst", options: { cacheName: "assets", expiration: expiry(400) } },
    { urlPattern: isOtherImage, handler: "StaleWhileRevalidate", options: { cacheName: "images", expiration: expiry(20) } },
  ]
}

/** generateSW's options for a build in `publicDir`. */
export function generateSWOptions(publicDir: string): GenerateSWOptions {
  return {
    swDest: path.join(publicDir, "sw.js"),
    globDirectory: publicDir,
    // Only the offline page: everything else is saved as the visitor uses it.
    globPatterns: [OFFLINE.page.slice(1)],
    cacheId: "moveflix",
    // A new worker takes over at once; the page it finds open reloads on its next navigation (on-client.ts).
    skipWaiting: true,
    clientsClaim: true,
    cleanupOutdatedCaches: true,
    // The page request starts while the worker boots, so network-first costs nothing when online.
    navigationPreload: true,
    inlineWorkboxRuntime: true,
    mode: "production",
    sourcemap: false,
    runtimeCaching: runtimeCaching(),
  }
}
