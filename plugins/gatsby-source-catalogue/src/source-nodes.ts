import type { GatsbyNode, SourceNodesArgs } from "gatsby"
import { imageUrl } from "../../../contract/image-url"
import { siteBuildEnv } from "../../../node-kit/config/site-build"
import { assembleSnapshot } from "./crawl/assemble"
import { CatalogueRequestError, createHttpClient, type HttpClient, type HttpClientOptions } from "./http/client"
import { loadCatalogueState, saveCatalogueState, type CatalogueState } from "./crawl/state"
import { allowedOrigins, createOriginGuard } from "./http/fetch-limits"
import { planImageFetch } from "./images/plan"
import { fetchImages } from "./images/probe"
import { startImageWork } from "./images/work"
import { createLimiter } from "./http/limiter"
import { lookUpVideos } from "./videos/look-up"
import { progressBar } from "./progress-bar"
import { describeRead, readCatalogue, type CatalogueRead } from "./crawl/read"
import { draftPictureCredentials, draftVideoHeaders, draftViewRequest, readInView, stateKey, type CatalogueView } from "./crawl/view"
import { writeCatalogueNodes } from "./nodes/write-catalogue-nodes"
import type { CataloguePluginOptions } from "./types"

/**
 * Orchestration only: read the catalogue (only what changed since the last
 * build when the backend has a changes feed), fetch images, look up player
 * links, then build the nodes and drop those of entities that are gone. A
 * catalogue that cannot be read stops the build with a message naming the
 * URL, before anything under public/ is touched.
 */
export const sourceNodes: GatsbyNode["sourceNodes"] = async (gatsbyApi, pluginOptions) => {
  const { reporter, cache, actions } = gatsbyApi
  const options = pluginOptions as unknown as CataloguePluginOptions
  // This plugin deletes what is gone itself, so Gatsby need not be told of every unchanged node.
  actions.enableStatefulSourceNodes?.()
  const warn = (message: string) => reporter.warn(message)
  // Every request of the build, to the catalogue, the video host and for pictures, goes through the one guard.
  const guard = createOriginGuard(allowedOrigins(options), warn)
  const requests = {
    guard,
    maxBytes: options.maxJsonBytes,
    timeoutMs: options.requestTimeoutMs,
    retries: options.retries,
    retryBaseDelayMs: options.retryBaseDelayMs,
    onRetry: (url: string, reason: string, delayMs: number) => reporter.verbose(`Retrying ${url} in ${delayMs} ms: ${reason}`),
  }
  const previous = await loadCatalogueState(cache.directory)
  const token = siteBuildEnv().previewToken
  const reading = await readTheCatalogue({ reporter, options, requests, previous, token, warn })
  if (!reading) return
  const { caught, client: catalogue, view } = reading
  const { answers, touched, watermark, read } = caught
  const snapshot = assembleSnapshot(answers)
  if (!snapshot.siteSettings) reporter.info(`${options.paths.siteSettings} answered 404: the site uses its built-in SEO defaults.`)
  reporter.info(
    `Catalogue: ${describeRead(read)}, ${catalogue.requestCount} requests; ${snapshot.categories.length} categories, ${snapshot.subcategories.length} subcategories, ` +
      `${snapshot.series.length} series, ${snapshot.episodes.length} episodes`,
  )

  const imageService = options.imageService ?? undefined
  const plan = planImageFetch({ snapshot, apiUrl: options.apiUrl, imageService, allows: (url) => guard.allows(url), previous: previous?.images ?? [], touched })
  // A draft-view build asks the catalogue's own origin for a draft's pictures with the token; no other host is sent it.
  const limits = { guard, maxBytes: options.maxImageBytes, credentials: draftPictureCredentials(options.apiUrl, view, token) }
  const imageWork = startImageWork({ owners: plan.owners, options, cache, limits, siteDirectory: gatsbyApi.store?.getState().program.directory ?? process.cwd(), reporter })
  const imageBar = progressBar(reporter, "Fetching catalogue images", plan.toFetch.size)
  const fetched = await fetchImages(plan.toFetch, {
    cache,
    imageService,
    limiter: createLimiter(options.concurrency),
    limits,
    usedBy: plan.usedBy,
    warn,
    onProgress: () => imageBar.tick(),
    ...imageWork.fetchContext,
  })
  imageBar.end()
  const images = plan.images(fetched)
  for (const [url, file] of images) if (!fetched.has(url)) imageWork.add(file)
  imageWork.sealed()

  const draftViewHeaders = draftVideoHeaders(options.apiUrl, options.videoApiUrl, view, token)
  const videos = await lookUpVideos({ snapshot, options, requests, cache, reporter, warn, draftViewHeaders, touched })

  await writeCatalogueNodes(gatsbyApi, snapshot, { imageUrl: (image) => imageUrl(image, options.apiUrl), images, videos, view })

  if (watermark) {
    await saveCatalogueState(cache.directory, { watermark, apiUrl: stateKey(options.apiUrl, view), answers, images: [...images.values()] })
    actions.setPluginStatus({ watermark, lastRead: read.kind })
  }
}

/**
 * The catalogue as this build shows it (the draft view for a preview build,
 * else the published one; only what changed when it can), with its client
 * and view; undefined when it could not be read (the build then stops
 * with the URL named).
 */
async function readTheCatalogue(args: {
  reporter: SourceNodesArgs["reporter"]
  options: CataloguePluginOptions
  requests: Omit<HttpClientOptions, "baseUrl" | "limiter">
  previous: CatalogueState | undefined
  /** CATALOGUE_PREVIEW_TOKEN: this build is the preview lane's. */
  token: string | undefined
  warn: (message: string) => void
}): Promise<{ caught: CatalogueRead; client: HttpClient; view: CatalogueView } | undefined> {
  const { reporter, options, requests, previous, token, warn } = args
  const limiter = createLimiter(options.concurrency)
  const clientFor = (draftView: boolean) => createHttpClient({ ...requests, baseUrl: options.apiUrl, limiter, ...(draftView && token ? draftViewRequest(token) : {}) })
  const crawlBar = progressBar(reporter, `Reading the catalogue at ${options.apiUrl}${token ? " (preview)" : ""}`, 4)
  try {
    return await readInView({
      token,
      client: clientFor,
      warn,
      read: (client, readView) =>
        readCatalogue({
          client,
          apiUrl: stateKey(options.apiUrl, readView),
          paths: options.paths,
          previous,
          warn,
          onProgress: (done, total) => {
            crawlBar.total = total
            crawlBar.tick()
          },
        }),
    })
  } catch (error) {
    if (error instanceof CatalogueRequestError) {
      crawlBar.panicOnBuild({ id: error.code, context: { sourceMessage: error.message } })
      return undefined
    }
    throw error
  } finally {
    crawlBar.end()
  }
}
