import fs from "node:fs"
import path from "node:path"
import type { GatsbyNode } from "gatsby"
import type { GenerateSWOptions } from "workbox-build"
import { version as workboxVersion } from "workbox-build/package.json"
import { OFFLINE, type ReleaseFile } from "./constants"
import { serviceWorkerOn } from "./plugin-options"
import { builtReleaseOf, releaseId } from "./release"
import { generateSWOptions } from "./service-worker-options"
import { serviceWorkerKey, writeServiceWorker } from "./service-worker-memo"

/** Loaded only when sw.js must be made again: requiring workbox-build (rollup, babel, terser) takes 0.6–1.1 s of every build. */
const generateWorker = async (options: GenerateSWOptions) => (await import("workbox-build")).generateSW(options)

/**
 * Production builds only (develop never runs onPostBuild): release.json, then
 * sw.js. With the worker off, a release.json that says so and no sw.js, not
 * even one left in the public/ a build started from (the preview's first
 * build starts from the live lane's).
 */
export const onPostBuild: GatsbyNode["onPostBuild"] = async ({ reporter, cache, store }, pluginOptions) => {
  const publicDir = path.resolve("public")
  if (!serviceWorkerOn(pluginOptions)) {
    fs.rmSync(path.join(publicDir, OFFLINE.serviceWorker), { force: true })
    const off: ReleaseFile = { serviceWorker: false }
    fs.writeFileSync(path.join(publicDir, OFFLINE.releaseFile), JSON.stringify(off))
    return
  }
  if (!fs.existsSync(path.join(publicDir, OFFLINE.page))) {
    reporter.panicOnBuild(`gatsby-plugin-offline-workbox: ${OFFLINE.page} is missing from static/; it is the page shown offline.`)
    return
  }
  const release = { release: releaseId(builtReleaseOf(store.getState())) }
  fs.writeFileSync(path.join(publicDir, OFFLINE.releaseFile), JSON.stringify(release satisfies ReleaseFile))
  const options = generateSWOptions(publicDir)
  const key = serviceWorkerKey(options, [path.join(publicDir, OFFLINE.page)], workboxVersion)
  const { count, size, warnings, reused } = await writeServiceWorker(options, key, cache.directory, generateWorker)
  for (const warning of warnings) reporter.warn(`gatsby-plugin-offline-workbox: ${warning}`)
  reporter.info(`Service worker: release ${release.release}, ${count} file(s) precached (${size} bytes)${reused ? ", sw.js unchanged" : ""}`)
}
