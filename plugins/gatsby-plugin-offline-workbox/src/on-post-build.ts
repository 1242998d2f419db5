import fs from "node:fs"
import path from "node:path"
import type { GatsbyNode } from "gatsby"
import { generateSW } from "workbox-build"
import { OFFLINE, type ReleaseFile } from "./constants"
import { releaseId } from "./release"
import { generateSWOptions } from "./service-worker-options"

/** Production builds only (develop never runs onPostBuild): release.json, then sw.js. */
export const onPostBuild: GatsbyNode["onPostBuild"] = async ({ reporter, cache }) => {
  const publicDir = path.resolve("public")
  if (!fs.existsSync(path.join(publicDir, OFFLINE.page))) {
    reporter.panicOnBuild(`gatsby-plugin-offline-workbox: ${OFFLINE.page} is missing from static/; it is the page shown offline.`)
    return
  }
  const release: ReleaseFile = { release: releaseId(publicDir, path.join(cache.directory, "release-id-memo.json")) }
  fs.writeFileSync(path.join(publicDir, OFFLINE.releaseFile), JSON.stringify(release))
  const { count, size, warnings } = await generateSW(generateSWOptions(publicDir))
  for (const warning of warnings) reporter.warn(`gatsby-plugin-offline-workbox: ${warning}`)
  reporter.info(`Service worker: release ${release.release}, ${count} file(s) precached (${size} bytes)`)
}
