/** Names shared by the build side (sw.js) and the browser side of the plugin. */
export const OFFLINE = {
  /** The site's own designed page (static/offline.html), shown for a page never opened while offline. */
  page: "/offline.html",
  /** Written by onPostBuild: one id per build's pages and code, read by the browser to notice a deploy. */
  releaseFile: "/release.json",
  serviceWorker: "/sw.js",
  /**
   * How long a page or its data may take from the network before the saved
   * copy is shown instead: long enough for a slow phone connection, short
   * enough that a dead one (a train in a tunnel) is not a blank wait.
   */
  networkTimeoutSeconds: 3,
  /** Pages kept besides home, search and My list, which every visit saves. */
  maxPages: 60,
} as const

/**
 * Pages that open offline whichever page the visitor came in through. My
 * list is one: a "Continue on another device" link opens it, and a phone
 * that has been on the site once takes the list offline too.
 */
export const ALWAYS_SAVED_PAGES = ["/", "/search-results/", "/my-list/"] as const

/**
 * release.json: the release a build made, or, from a build with the worker
 * off, only that (the browser half then registers none: see browser.ts for
 * why the page cannot say it).
 */
export type ReleaseFile = { release: string } | { serviceWorker: false }
