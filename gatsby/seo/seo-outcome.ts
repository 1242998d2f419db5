import type { SeoOutcome } from "./post-build-outputs"

/**
 * createPages hands the post-build step its SEO decisions (every page's
 * report row and sitemap entry) in memory: Gatsby runs both hooks of the
 * site's gatsby-node in the build's main process, and a process runs one
 * build. A large catalogue's decisions are megabytes; written out and read
 * back as JSON they cost a warm build half a second. They are taken
 * (returned and forgotten) by the post-build step, so no build ever reads
 * decisions it did not make.
 */
let handedOver: SeoOutcome | undefined

export function handOverSeoOutcome(outcome: SeoOutcome): void {
  handedOver = outcome
}

/** The decisions createPages handed over in this build, or undefined when it left none. */
export function takeSeoOutcome(): SeoOutcome | undefined {
  const outcome = handedOver
  handedOver = undefined
  return outcome
}
