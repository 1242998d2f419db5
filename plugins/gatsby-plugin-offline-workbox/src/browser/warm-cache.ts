import { ALWAYS_SAVED_PAGES } from "../constants"

/** Same-origin URLs only: the worker saves nothing else, and the page asks for nothing else. */
const sameOrigin = (url: string) => new URL(url, window.location.href).origin === window.location.origin

/** Workbox answers a CACHE_URLS message only when every URL in it was saved; one that fails must not hold the rest up. */
const SAVE_ANSWER_MS = 10_000

/**
 * Asks the worker to save `urls` through its own rules (Workbox's
 * CACHE_URLS message); resolves when it has answered, or has not in time.
 */
export function saveUrls(worker: ServiceWorker, urls: string[]): Promise<void> {
  const urlsToCache = [...new Set(urls.filter(sameOrigin).map((url) => new URL(url, window.location.href).href))]
  return new Promise((resolve) => {
    const channel = new MessageChannel()
    channel.port1.onmessage = () => resolve()
    setTimeout(resolve, SAVE_ANSWER_MS)
    worker.postMessage({ type: "CACHE_URLS", payload: { urlsToCache } }, [channel.port2])
  })
}

/**
 * Loads a saved page's pictures as the browser would draw them at this
 * window's size and pixel density (a detached copy of each <picture>), so
 * they pass through the worker and are saved too.
 */
async function loadPicturesOf(pagePath: string): Promise<void> {
  // Through the worker, which saves the page as it passes (its cache write may still be under way after CACHE_URLS answers).
  const page = await fetch(pagePath)
  if (!page.ok) return
  // Read for its pictures only, without its inline styles: a parsed copy's styles are checked against this
  // page's Content-Security-Policy, which allows this page's own by hash, not another page's.
  const markup = (await page.text()).replace(/<style[^>]*>[\s\S]*?<\/style>/g, "").replace(/\sstyle="[^"]*"/g, "")
  const html = new DOMParser().parseFromString(markup, "text/html")
  const loads = [...html.querySelectorAll("main img")].map((original) => {
    const picture = document.createElement("picture")
    for (const source of original.parentElement?.matches("picture") ? original.parentElement.querySelectorAll("source") : []) {
      picture.append(source.cloneNode())
    }
    const img = document.createElement("img")
    for (const name of ["sizes", "srcset", "src"]) {
      const value = original.getAttribute(name)
      if (value) img.setAttribute(name, value)
    }
    picture.append(img)
    return img.decode().catch(() => undefined)
  })
  await Promise.all(loads)
}

/**
 * Saves what a visitor needs to come back offline: this page and
 * everything it has loaded so far (fetched before the worker took over,
 * so not yet saved), plus home, search and My list with their data and
 * code, and home's pictures. From then on the worker saves what the visitor opens.
 * Skipped when the visitor asked the browser to save data.
 */
export async function warmCaches(worker: ServiceWorker, loadPage: (path: string) => Promise<unknown>): Promise<void> {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection
  if (connection?.saveData) return
  // Through the worker now, unless Gatsby already holds them in memory (then the entries below have them).
  for (const page of ALWAYS_SAVED_PAGES) await loadPage(page)
  const used = performance.getEntriesByType("resource").map((entry) => entry.name)
  await saveUrls(worker, [window.location.href, ...ALWAYS_SAVED_PAGES, ...used])
  if (window.location.pathname !== "/") await loadPicturesOf("/")
}

/**
 * Loads the code and data of a page Gatsby has just prefetched for a link,
 * through the worker, so the link also works offline. Gatsby 5 means to
 * prefetch a page's component chunk but finds none (it reads
 * `window.___chunkMapping`, which is now a JSON string), and only fetches
 * its page data; `loadPage` fetches all of it, each template's chunk once.
 */
export function loadPrefetchedPage(pathname: string, loadPage: (path: string) => Promise<unknown>): void {
  void loadPage(pathname).catch(() => undefined)
}
