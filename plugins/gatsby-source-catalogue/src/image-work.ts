import path from "node:path"
import type { GatsbyCache, Reporter } from "gatsby"
import { downloadImage, type ImageDownloadLimits } from "./image-download"
import { createImageProcessor, exists, type ImageProcessor, type ImageWorkSummary } from "./image-processing"
import { slotsOfOwners } from "./image-slots"
import { servedBy, type ImageFile } from "./images"
import type { CataloguePluginOptions } from "./types"

/**
 * This build's image work, started by sourceNodes and awaited by onPostBuild:
 * between the two Gatsby creates pages, runs queries, bundles and renders
 * HTML while the pictures are resized on the cores it leaves idle.
 */
let current: ImageProcessor | undefined

export function describeImageWork(summary: ImageWorkSummary): string {
  const failed = summary.failed ? `, ${summary.failed} failed` : ""
  return `Catalogue images: ${summary.processed} processed (${summary.variants} variants) in ${summary.seconds.toFixed(1)}s, ${summary.reused} reused from the cache${failed}`
}

export interface ImageWork {
  /** Makes the picture's missing files in the background; a picture an image service serves is skipped. */
  add(file: ImageFile): void
  /** Every picture was added. */
  sealed(): void
}

/**
 * Starts this build's image work: each picture handed to `add` (as soon as
 * its download is probed) is resized while the next ones download.
 */
export function startImageWork(args: {
  /** The entities that show each URL ("episode 12"): their kinds decide the slots, so the widths. */
  owners: Map<string, string[]>
  options: CataloguePluginOptions
  cache: GatsbyCache
  /** For a picture whose downloaded original is no longer in the cache. */
  limits: ImageDownloadLimits
  siteDirectory: string
  reporter: Reporter
}): ImageWork {
  const { options, cache, reporter } = args
  const processor = createImageProcessor({
    cacheDir: path.join(cache.directory, "image-variants"),
    publicDir: path.join(args.siteDirectory, "public"),
    concurrency: options.imageConcurrency,
    warn: (message) => reporter.warn(message),
  })
  current = processor
  return {
    sealed() {
      // `gatsby develop` has no onPostBuild: say when the pictures are ready.
      if (process.env.gatsby_executing_command === "develop") void processor.finish().then((summary) => reporter.info(describeImageWork(summary)))
    },
    add(file) {
      if (servedBy(options.imageService ?? undefined, file.url)) return
      const { sourceFile, ...facts } = file
      processor.ensure(facts, slotsOfOwners(args.owners.get(file.url) ?? [], options), async () => {
        // The original is in Gatsby's cache unless that was cleared since it was probed.
        if (sourceFile && (await exists(sourceFile))) return sourceFile
        return downloadImage(file.url, cache, args.limits)
      })
    },
  }
}

/** Waits for this build's image work and logs what it came to; nothing when there was none. */
export async function finishImageWork(reporter: Reporter): Promise<ImageWorkSummary | undefined> {
  if (!current) return undefined
  const activity = reporter.activityTimer("Finishing catalogue images")
  activity.start()
  const summary = await current.finish()
  activity.end()
  current = undefined
  reporter.info(describeImageWork(summary))
  return summary
}
