import type { GatsbyNode, Reporter } from "gatsby"
import { imageUrl } from "../../../contract/image-url"
import type { ApiImage, ApiSeo } from "../../../contract/schemas"
import { buildCatalogueNodes } from "./build-catalogue-nodes"
import { CatalogueRequestError, createHttpClient } from "./client"
import { crawlCatalogue } from "./crawl"
import { fetchImages } from "./images"
import { createLimiter } from "./limiter"
import type { CatalogueSnapshot, CataloguePluginOptions } from "./types"
import { resolveVideoLinks, type VideoFacts } from "./video-links"

/** Every image URL the pages show, with the entities that show it. */
function imageUsers(snapshot: CatalogueSnapshot, apiUrl: string): Map<string, string[]> {
  const users = new Map<string, string[]>()
  const add = (images: ApiImage[] | null | undefined, label: string) => {
    for (const image of images ?? []) {
      const url = imageUrl(image, apiUrl)
      if (url) users.set(url, [...(users.get(url) ?? []), label])
    }
  }
  /** An entity's pictures, and its social image named by its field so a broken one says where to fix it. */
  const addEntity = (entity: { images?: ApiImage[] | null; seo?: ApiSeo | null }, label: string) => {
    add(entity.images, label)
    if (entity.seo?.image) add([entity.seo.image], `${label} (seo.image)`)
  }
  snapshot.categories.forEach(({ category: c }) => addEntity(c, `category ${c.id}`))
  snapshot.subcategories.forEach(({ subcategory: s }) => addEntity(s, `subcategory ${s.id}`))
  snapshot.series.forEach(({ series: s }) => addEntity(s, `series ${s.id}`))
  snapshot.episodes.forEach(({ episode: e }) => addEntity(e, `episode ${e.id}`))
  snapshot.featuredItems.forEach((f) => add(f.images, `featured item ${f.id}`))
  const settings = snapshot.siteSettings
  if (settings?.default_image) add([settings.default_image], "site settings (default_image)")
  if (settings?.organization?.logo) add([settings.organization.logo], "site settings (organization.logo)")
  return users
}

function progressBar(reporter: Reporter, label: string, total: number) {
  const bar = reporter.createProgress(label, total)
  bar.start()
  return bar
}

/**
 * Orchestration only: crawl the catalogue, fetch images, look up player
 * links, then build the nodes. A catalogue that cannot be read stops the build
 * with a message naming the URL, before anything under public/ is touched.
 */
export const sourceNodes: GatsbyNode["sourceNodes"] = async (gatsbyApi, pluginOptions) => {
  const { reporter, cache } = gatsbyApi
  const options = pluginOptions as unknown as CataloguePluginOptions
  const common = {
    timeoutMs: options.requestTimeoutMs,
    retries: options.retries,
    retryBaseDelayMs: options.retryBaseDelayMs,
    onRetry: (url: string, reason: string, delayMs: number) =>
      reporter.verbose(`Retrying ${url} in ${delayMs} ms: ${reason}`),
  }
  const catalogue = createHttpClient({ ...common, baseUrl: options.apiUrl, limiter: createLimiter(options.concurrency) })
  const warn = (message: string) => reporter.warn(message)

  let snapshot: CatalogueSnapshot
  const crawlBar = progressBar(reporter, `Reading the catalogue at ${options.apiUrl}`, 4)
  try {
    snapshot = await crawlCatalogue({
      client: catalogue,
      paths: options.paths,
      warn,
      onProgress: (done, total) => {
        crawlBar.total = total
        crawlBar.tick()
      },
    })
  } catch (error) {
    if (error instanceof CatalogueRequestError) {
      crawlBar.panicOnBuild({ id: error.code, context: { sourceMessage: error.message } })
      return
    }
    throw error
  } finally {
    crawlBar.end()
  }
  if (!snapshot.siteSettings) reporter.info(`${options.paths.siteSettings} answered 404: the site uses its built-in SEO defaults.`)
  reporter.info(
    `Catalogue: ${snapshot.categories.length} categories, ${snapshot.subcategories.length} subcategories, ` +
      `${snapshot.series.length} series, ${snapshot.episodes.length} episodes in ${catalogue.requestCount} requests`,
  )

  const usedBy = imageUsers(snapshot, options.apiUrl)
  const imageBar = progressBar(reporter, "Fetching catalogue images", usedBy.size)
  const images = await fetchImages(usedBy.keys(), {
    cache,
    limiter: createLimiter(options.concurrency),
    usedBy,
    warn,
    onProgress: () => imageBar.tick(),
  })
  imageBar.end()

  const videoPaths = snapshot.episodes.flatMap(({ episode }) => (episode.path ? [episode.path] : []))
  let videos = new Map<string, VideoFacts>()
  if (!options.videoApiToken) {
    if (videoPaths.length > 0) warn("VIDEO_API_TOKEN is not set: no player links were looked up, so episodes show no player.")
  } else {
    const videoHost = createHttpClient({
      ...common,
      baseUrl: options.videoApiUrl,
      headers: { Authorization: `Bearer ${options.videoApiToken}` },
      limiter: createLimiter(options.concurrency),
    })
    const videoBar = progressBar(reporter, "Looking up player links", new Set(videoPaths).size)
    const result = await resolveVideoLinks(videoPaths, {
      client: videoHost,
      cache,
      videoApiUrl: options.videoApiUrl,
      videoPath: options.paths.video,
      warn,
      onProgress: () => videoBar.tick(),
    })
    videoBar.end()
    videos = result.videos
    reporter.info(`Player links: ${result.videos.size} of ${new Set(videoPaths).size}, ${result.lookedUp} asked of the video host (the rest cached)`)
  }

  buildCatalogueNodes(gatsbyApi, snapshot, {
    imageUrl: (image) => imageUrl(image, options.apiUrl),
    images,
    videos,
  })
}
