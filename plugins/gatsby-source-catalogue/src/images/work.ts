import path from "node:path"
import type { GatsbyCache, Reporter } from "gatsby"
import { downloadCounter, downloadImage, type ImageDownloadLimits } from "./download"
import { createImageProcessor, exists, type ImageProcessor, type ImageWorkSummary } from "./process"
import { slotsOfOwners } from "./slots"
import { describeStoreSize, imageStoreDirectory, measureImageStore, openImageStore, sweepImageStore, type ImageStore, type StoreUse, type SweepResult } from "./store"
import { pictureFolder } from "./variants"
import { servedBy, smallCopyUrl, type ImageFetchContext, type ImageFile } from "./probe"
import type { CataloguePluginOptions } from "../types"

/**
 * This build's image work, started by sourceNodes and awaited by onPostBuild:
 * between the two Gatsby creates pages, runs queries, bundles and renders
 * HTML while the pictures are resized on the cores it leaves idle.
 */
let current: { processor: ImageProcessor; store: ImageStore; used: StoreUse; siteDirectory: string; startedAt: number } | undefined

/** The build's image line; `downloads` counts the originals downloaded, probes included (the benchmark reads it). */
export function describeImageWork(summary: ImageWorkSummary, downloads?: number): string {
  const failed = summary.failed ? `, ${summary.failed} failed` : ""
  const downloaded = downloads === undefined ? "" : `; ${downloads} originals downloaded`
  return `Catalogue images: ${summary.processed} processed (${summary.variants} variants) in ${summary.seconds.toFixed(1)}s, ${summary.reused} reused from the cache${failed}${downloaded}`
}

export interface ImageWork {
  /** Makes the picture's missing files in the background; a picture an image service serves is skipped. */
  add(file: ImageFile): void
  /** Every picture was added. */
  sealed(): void
  /** For fetchImages: each probed picture is added at once, and the facts are kept in (and read from) the image store. */
  fetchContext: Pick<ImageFetchContext, "onImage" | "store">
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
  const store = openImageStore(imageStoreDirectory(options.imageStore, args.siteDirectory))
  const processor = createImageProcessor({
    cacheDir: store.variantsDir,
    publicDir: path.join(args.siteDirectory, "public"),
    concurrency: options.imageConcurrency,
    warn: (message) => reporter.warn(message),
  })
  const used: StoreUse = { folders: new Set(), urls: new Set() }
  current = { processor, store, used, siteDirectory: args.siteDirectory, startedAt: Date.now() }
  downloadCounter.count = 0
  const add = (file: ImageFile) => {
    const service = servedBy(options.imageService ?? undefined, file.url)
    // The service makes its files; the store keeps only its small copy's facts (probe.ts).
    if (service) return void used.urls.add(smallCopyUrl(service, file.url))
    const { sourceFile, ...facts } = file
    used.folders.add(pictureFolder(facts))
    used.urls.add(file.url)
    processor.ensure(facts, slotsOfOwners(args.owners.get(file.url) ?? [], options), async () => {
      // In Gatsby's cache unless that was cleared since, or the image store's facts stood for it.
      if (sourceFile && (await exists(sourceFile))) return sourceFile
      return downloadImage(file.url, cache, args.limits)
    })
  }
  return {
    fetchContext: { onImage: add, store },
    add,
    sealed() {
      // `gatsby develop` has no onPostBuild: say when the pictures are ready.
      if (process.env.gatsby_executing_command === "develop") void processor.finish().then((summary) => reporter.info(describeImageWork(summary, downloadCounter.count)))
    },
  }
}

function describeSweep(sweep: SweepResult): string {
  if (!sweep.swept) return "nothing to sweep"
  return `${sweep.pictures} unused pictures and ${sweep.facts} facts swept`
}

/**
 * Waits for this build's image work and logs what it came to; nothing when
 * there was none. Then sweeps the image store of pictures no site uses and
 * logs its size.
 */
export async function finishImageWork(reporter: Reporter): Promise<ImageWorkSummary | undefined> {
  if (!current) return undefined
  const { processor, store, used, siteDirectory, startedAt } = current
  const activity = reporter.activityTimer("Finishing catalogue images")
  activity.start()
  const summary = await processor.finish()
  activity.end()
  current = undefined
  reporter.info(describeImageWork(summary, downloadCounter.count))
  try {
    const sweep = await sweepImageStore(store, { siteDirectory, used, startedAt, madeAny: summary.processed > 0 })
    const size = await measureImageStore(store, sweep.swept)
    reporter.info(`Catalogue image store: ${describeStoreSize(size)} at ${store.directory}; ${describeSweep(sweep)}`)
  } catch (error) {
    // The pictures are published: a store that cannot be swept is only bigger.
    reporter.warn(`The image store at ${store.directory} could not be swept: ${error instanceof Error ? error.message : String(error)}`)
  }
  return summary
}
