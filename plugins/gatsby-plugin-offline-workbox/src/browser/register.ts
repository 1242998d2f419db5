import { OFFLINE } from "../constants"

declare global {
  interface Window {
    /** Gatsby's own flag (cache-dir/navigation.js): when set, its next navigation loads the page from the server. */
    ___swUpdated?: boolean
  }
}

/**
 * Where the worker runs: production builds, served over HTTPS or from
 * localhost, the rule of Gatsby's own registration (which would log an error
 * anywhere else, such as http://127.0.0.1; this says nothing there). Whether
 * the build made one, release.json says (release-watch.ts).
 */
export function serviceWorkerWanted(): boolean {
  return (
    process.env.NODE_ENV === "production" &&
    typeof navigator !== "undefined" &&
    "serviceWorker" in navigator &&
    (window.location.protocol === "https:" || window.location.hostname === "localhost")
  )
}

/** Resolves once a worker controls this page, so what the page fetches from then on passes through it. */
function controlled(): Promise<void> {
  if (navigator.serviceWorker.controller) return Promise.resolve()
  return new Promise((resolve) => navigator.serviceWorker.addEventListener("controllerchange", () => resolve(), { once: true }))
}

/**
 * Registers sw.js after the page has loaded, so the worker's own downloads
 * never compete with the first paint. A newer worker that installs while an
 * older one controls this page means a deploy: the page's code is now older
 * than the server's, so Gatsby's next navigation loads from the server.
 * Resolves with the worker once it controls the page.
 */
export async function registerServiceWorker(): Promise<ServiceWorker | undefined> {
  if (document.readyState !== "complete") await new Promise((resolve) => window.addEventListener("load", resolve, { once: true }))
  const registration = await navigator.serviceWorker.register(OFFLINE.serviceWorker)
  registration.addEventListener("updatefound", () => {
    const installing = registration.installing
    installing?.addEventListener("statechange", () => {
      if (installing.state === "installed" && navigator.serviceWorker.controller) window.___swUpdated = true
    })
  })
  await navigator.serviceWorker.ready
  await controlled()
  return navigator.serviceWorker.controller ?? undefined
}
