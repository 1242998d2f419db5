import type { GatsbyBrowser } from "gatsby"
import { registerServiceWorker, serviceWorkerWanted } from "./register"
import { ReleaseWatch } from "./release-watch"
import { loadPrefetchedPage, saveUrls, warmCaches } from "./warm-cache"

type LoadPage = (path: string) => Promise<unknown>
/** Gatsby passes its loader's `loadPage` to every browser API, though its types do not say so. */
const loaderOf = (args: object) => (args as { loadPage: LoadPage }).loadPage

let worker: ServiceWorker | undefined
/** False once release.json says this build made no worker (the preview lane's); until then, as if it had. */
let offered = true
const releaseWatch = new ReleaseWatch()

export const onInitialClientRender: GatsbyBrowser["onInitialClientRender"] = (args) => {
  if (!serviceWorkerWanted()) return
  const loadPage = loaderOf(args)
  releaseWatch
    .start()
    .then(async (hasWorker) => {
      offered = hasWorker
      if (!hasWorker) return
      worker = await registerServiceWorker()
      if (worker) await warmCaches(worker, loadPage)
    })
    // Without a worker the site works as it always did, online only.
    .catch(() => undefined)
}

export const onRouteUpdate: GatsbyBrowser["onRouteUpdate"] = ({ prevLocation }) => {
  if (!prevLocation || !offered || !serviceWorkerWanted()) return
  void releaseWatch.check()
  // A page drawn in the browser was never fetched as HTML: save its HTML so it also opens offline.
  if (worker) void saveUrls(worker, [window.location.href])
}

export const onPostPrefetchPathname: GatsbyBrowser["onPostPrefetchPathname"] = (args) => {
  if (offered && serviceWorkerWanted()) loadPrefetchedPage(args.pathname, loaderOf(args))
}
