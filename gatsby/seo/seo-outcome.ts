import fs from "node:fs"
import path from "node:path"
import type { SeoOutcome } from "./post-build-outputs"

/**
 * createPages hands the post-build step its SEO decisions (every page's
 * report row and sitemap entry) in a JSON file of the site's cache folder.
 * Gatsby's `cache.set` would keep them in its LMDB store across builds,
 * though they are read once, by the same build. The file is taken (read and
 * removed) by the post-build step, so no build ever reads another build's
 * decisions.
 */
export const seoOutcomeFile = (cacheDirectory: string) => path.join(cacheDirectory, "seo-outcome.json")

export async function handOverSeoOutcome(cacheDirectory: string, outcome: SeoOutcome): Promise<void> {
  await fs.promises.mkdir(cacheDirectory, { recursive: true })
  await fs.promises.writeFile(seoOutcomeFile(cacheDirectory), JSON.stringify(outcome))
}

/** The decisions createPages handed over in this build, or undefined when it left none. */
export async function takeSeoOutcome(cacheDirectory: string): Promise<SeoOutcome | undefined> {
  const file = seoOutcomeFile(cacheDirectory)
  try {
    const outcome = JSON.parse(await fs.promises.readFile(file, "utf8")) as SeoOutcome
    await fs.promises.rm(file, { force: true })
    return outcome
  } catch {
    return undefined
  }
}
