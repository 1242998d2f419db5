import type { GatsbyBrowser } from "gatsby"
import { serviceWorkerOn } from "../plugin-options"
import { registerServiceWorker, serviceWorkerWanted } from "./register"
import { ReleaseWatch } from "./release-watch"
import { loadPrefetchedPage, saveUrls, warmCaches } from "./warm-cache"

type LoadPage = (path: string) => Promise<unknown>
/** Gatsby passes its loader's `loadPage` to every browser API, though its types do not say so. */
const loaderOf = (args: object) => (args as { loadPage: LoadPage }).loadPage

let worker: ServiceWorker | undefined
const releaseWatch = new ReleaseWatch()

export const onInitialClientRender: GatsbyBrowser["onInitialClientRender"] = (args, options) => {
  if (!serviceWorkerOn(options) || !serviceWorkerWanted()) return
  const loadPage = loaderOf(args)
  void releaseWatch.start()
  registerServiceWorker()
    .then(async (controller) => {
      worker = controller
      if (worker) await warmCaches(worker, loadPage)
    })
    // Without a worker the site works as it always did, online only.
    .catch(() => undefined)
}

export const onRouteUpdate: GatsbyBrowser["onRouteUpdate"] = ({ prevLocation }, options) => {
  if (!prevLocation || !serviceWorkerOn(options) || !serviceWorkerWanted()) return
  void releaseWatch.check()
  // A page drawn in the browser was never fetched as HTML: save its HTML so it also opens offline.
  if (worker) void saveUrls(worker, [window.location.href])
}

export const onPostPrefetchPathname: GatsbyBrowser["onPostPrefetchPathname"] = (args, options) => {
  if (serviceWorkerOn(options) && serviceWorkerWanted()) loadPrefetchedPage(args.pathname, loaderOf(args))
}
