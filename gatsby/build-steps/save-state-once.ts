/**
 * Gatsby saves its whole state three times in a `gatsby build`
 * (gatsby/dist/commands/build.js: after the queries, again once jobs are
 * done, and after onPostBuild), each a v8 serialisation of every page with
 * its context, tens of megabytes at 10 000 episodes. Only the last one
 * matters for the next build: the two before it let a build that fails
 * later skip the queries it already ran, and the catalogue plugin already
 * makes a build after a failed one re-run the queries of every node that
 * build changed (plugins/gatsby-source-catalogue/src/nodes/node-digests.ts).
 *
 * Gatsby reads GATSBY_DISABLE_CACHE_PERSISTENCE at each save
 * (redux/index.js, saveState), so it is set from onPreBuild (after the state
 * was read) to the site's onPostBuild, which runs just before the last save.
 * An operator who set the variable themselves keeps it for the whole build.
 */
const VARIABLE = "GATSBY_DISABLE_CACHE_PERSISTENCE"
let setHere = false

/** onPreBuild: the saves until the end of the build are skipped. */
export function skipIntermediateStateSaves(): void {
  if (process.env[VARIABLE] !== undefined) return
  process.env[VARIABLE] = "1"
  setHere = true
}

/** onPostBuild (the site's, the last to run): Gatsby's save after it happens. */
export function allowFinalStateSave(): void {
  if (!setHere) return
  delete process.env[VARIABLE]
  setHere = false
}
