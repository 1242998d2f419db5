import crypto from "node:crypto"

/**
 * What a build serves, as Gatsby recorded it while writing `public/page-data/`:
 * the digest of each page's `page-data.json` as written, of each static
 * query's result (`sq/d/*.json`), and webpack's compilation hash (all
 * `app-data.json` holds).
 */
export interface BuiltRelease {
  /** Page path → the content digest of the page data Gatsby wrote for it; deleted pages are left out. */
  pageData: Iterable<readonly [string, string]>
  /** Static query hash → the content digest of its result. */
  staticQueries: Iterable<readonly [string, string]>
  compilationHash: string
}

/**
 * One id for what a build serves. A content edit changes a page's data or a
 * static query's result; a code change changes the compilation hash; either
 * changes the id, and equal content gives an equal id.
 */
export function releaseId(built: BuiltRelease): string {
  const hash = crypto.createHash("sha256")
  const part = (kind: string, entries: Iterable<readonly [string, string]>) => {
    for (const [key, digest] of [...entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) hash.update(`${kind}\0${key}\0${digest}\0`)
  }
  part("page", built.pageData)
  part("static-query", built.staticQueries)
  hash.update(`compilation\0${built.compilationHash}`)
  return hash.digest("hex").slice(0, 20)
}

/** The parts of Gatsby 5's redux state (`redux/reducers/html.js`) that record what the build wrote. */
interface GatsbyHtmlState {
  webpackCompilationHash?: unknown
  html?: {
    trackedHtmlFiles?: Map<string, { isDeleted: boolean; pageDataHash: string }>
    trackedStaticQueryResults?: Map<string, { staticQueryResultHash: string }>
  }
}

/**
 * The release as Gatsby's state records it. Gatsby keeps these digests (it
 * decides from them which HTML to render again) and saves them with its
 * state, so they cover the pages a warm build did not rewrite: reading them
 * costs milliseconds, where listing and checking the 11 000 files of
 * `public/page-data/` at 10 000 episodes cost 0.3–0.5 s of every build.
 * The store is Gatsby's private API, hence the check: a Gatsby without
 * these records stops the build with a message, not a wrong id.
 */
export function builtReleaseOf(state: GatsbyHtmlState): BuiltRelease {
  const pages = state.html?.trackedHtmlFiles
  const staticQueries = state.html?.trackedStaticQueryResults
  const compilationHash = state.webpackCompilationHash
  if (!(pages instanceof Map) || !(staticQueries instanceof Map) || typeof compilationHash !== "string") {
    throw new Error(
      "gatsby-plugin-offline-workbox: this Gatsby's state has no record of the page data it wrote (html.trackedHtmlFiles, html.trackedStaticQueryResults, webpackCompilationHash), which the release id is made from. The plugin is written for Gatsby 5.",
    )
  }
  return {
    pageData: [...pages].filter(([, page]) => !page.isDeleted).map(([pagePath, page]) => [pagePath, page.pageDataHash] as const),
    staticQueries: [...staticQueries].map(([queryHash, result]) => [queryHash, result.staticQueryResultHash] as const),
    compilationHash,
  }
}
