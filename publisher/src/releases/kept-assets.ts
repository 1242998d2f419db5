import fs from "node:fs"
import { cacheControlFor, IMMUTABLE, type SiteFiles } from "../../../node-kit/http/static-server"
import { assetOf } from "./release-manifest"
import { listReleases } from "./release-paths"

/**
 * The live release, plus the content-hashed files of the other kept
 * releases that it lacks. A visitor holding a page of the release before a
 * code deploy (or whose Gatsby runtime or service worker asks for a chunk of
 * it) asks for `app-<hash>.js`, `component---…-<hash>.js`, `/static/…`,
 * `/_gatsby/image/…` that the new build renamed: a name made from the
 * content could never mean anything else, so any release that has it answers
 * it, byte for byte. Only the paths the server sends IMMUTABLE
 * (cacheControlFor): HTML, page-data, app-data.json, sw.js and anything else
 * revalidated come from the live release alone, so a request still reads one
 * release for everything that can change. The live release's answer first;
 * the others are looked up only on its miss, the newest earlier release
 * first (then, after a rollback, the newer ones). How long such a file stays
 * reachable is how long its release is kept (pruning, newest 10 by default).
 */
export function withKeptAssets(dataDir: string, liveId: string, live: SiteFiles): SiteFiles {
  return {
    headerRoot: live.headerRoot,
    fileOf(buildPath) {
      const own = live.fileOf(buildPath)
      if (own !== undefined || cacheControlFor(buildPath) !== IMMUTABLE) return own
      return keptAsset(dataDir, liveId, buildPath)
    },
  }
}

function keptAsset(dataDir: string, liveId: string, buildPath: string): string | undefined {
  const releases = listReleases(dataDir)
  const at = releases.indexOf(liveId)
  const earlier = releases.slice(0, Math.max(0, at)).reverse()
  const later = at < 0 ? [] : releases.slice(at + 1).reverse()
  for (const id of [...earlier, ...later]) {
    const file = assetOf(dataDir, id, buildPath)
    // A release being pruned loses its folder a moment before its manifest.
    if (file !== undefined && fs.existsSync(file)) return file
  }
  return undefined
}
