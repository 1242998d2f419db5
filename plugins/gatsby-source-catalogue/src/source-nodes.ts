import type { GatsbyNode, Reporter } from "gatsby"
import { imageUrl } from "../../../contract/image-url"
import type { ApiImage, ApiSeo } from "../../../contract/schemas"
import { buildCatalogueNodes } from "./build-catalogue-nodes"
import { CatalogueRequestError, createHttpClient } from "./client"
import { crawlCatalogue } from "./crawl"
import { loadCatalogueState, saveCatalogueState } from "./catalogue-state"
import { NODE_TYPES } from "./constants"
import { applyChanges, readChanges } from "./delta-crawl"
import { fetchImages, servedBy, type ImageFile } from "./images"
import { startImageWork } from "./image-work"
import { createLimiter } from "./limiter"
import type { CatalogueSnapshot, CataloguePluginOptions } from "./types"
import { resolveVideoLinks, type VideoFacts } from "./video-links"

/**
 * Every image URL the pages show, with the entities that show it: `users`
 * in words for warnings, `owners` as the delta read names entities
 * ("episode 12"), to know whose images to fetch again.
 */
function imageUsers(snapshot: CatalogueSnapshot, apiUrl: string): { users: Map<string, string[]>; owners: Map<string, string[]> } {
  const users = new Map<string, string[]>()
  const owners = new Map<string, string[]>()
  const add = (images: ApiImage[] | null | undefined, label: string) => {
    const owner = /^(category|subcategory|series|episode) \S+/.exec(label)?.[0] ?? (label.startsWith("featured item ") ? `featured ${label.split(" ")[2]}` : "site-settings null")
    for (const image of images ?? []) {
      const url = imageUrl(image, apiUrl)
      if (!url) continue
      users.set(url, [...(users.get(url) ?? []), label])
      owners.set(url, [...(owners.get(url) ?? []), owner])
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
  return { users, owners }
}

function progressBar(reporter: Reporter, label: string, total: number) {
  const bar = reporter.createProgress(label, total)
  bar.start()
  return bar
}

/** Where this build's catalogue came from, for the log and the publisher's status. */
type ReadKind = { kind: "full"; reason: string } | { kind: "delta"; since: string; changed: number; deleted: number }

/**
 * Orchestration only: read the catalogue (only what changed since the last
 * build when the backend has a changes feed), fetch images, look up player
 * links, then build the nodes and drop those of entities that are gone. A
 * catalogue that cannot be read stops the build with a message naming the
 * URL, before anything under public/ is touched.
 */
export const sourceNodes: GatsbyNode["sourceNodes"] = async (gatsbyApi, pluginOptions) => {
  const { reporter, cache, actions, getNodesByType } = gatsbyApi
  const options = pluginOptions as unknown as CataloguePluginOptions
  // This plugin deletes what is gone itself, so Gatsby need not be told of every unchanged node.
  actions.enableStatefulSourceNodes?.()
  const common = {
    timeoutMs: options.requestTimeoutMs,
    retries: options.retries,
    retryBaseDelayMs: options.retryBaseDelayMs,
    onRetry: (url: string, reason: string, delayMs: number) =>
      reporter.verbose(`Retrying ${url} in ${delayMs} ms: ${reason}`),
  }
  const catalogue = createHttpClient({ ...common, baseUrl: options.apiUrl, limiter: createLimiter(options.concurrency) })
  const warn = (message: string) => reporter.warn(message)

  const previous = await loadCatalogueState(cache.directory)
  let snapshot: CatalogueSnapshot
  let touched: Set<string> | undefined
  let watermark: string | undefined
  let read: ReadKind
  const crawlBar = progressBar(reporter, `Reading the catalogue at ${options.apiUrl}`, 4)
  try {
    const delta = previous && previous.apiUrl === options.apiUrl ? await readChanges(catalogue, options.paths, previous.watermark) : undefined
    if (previous && delta?.changes) {
      const result = await applyChanges(previous.snapshot, delta.changes, { client: catalogue, paths: options.paths, warn })
      snapshot = result.snapshot
      touched = result.touched
      watermark = delta.changes.now
      read = { kind: "delta", since: previous.watermark, changed: delta.changes.changed.length, deleted: delta.changes.deleted.length }
    } else {
      const reason = delta?.fallbackReason ?? (previous ? "the catalogue API changed" : "no earlier read in the cache")
      // The feed's clock before reading: an edit made during the read is then read again next time.
      watermark = (await readChanges(catalogue, options.paths, new Date().toISOString())).changes?.now
      snapshot = await crawlCatalogue({
        client: catalogue,
        paths: options.paths,
        warn,
        onProgress: (done, total) => {
          crawlBar.total = total
          crawlBar.tick()
        },
      })
      read = { kind: "full", reason }
    }
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
  const howRead =
    read.kind === "delta"
      ? `delta read of ${read.changed} changed and ${read.deleted} deleted since ${read.since}`
      : `full read (${read.reason})`
  reporter.info(
    `Catalogue: ${howRead}, ${catalogue.requestCount} requests; ${snapshot.categories.length} categories, ${snapshot.subcategories.length} subcategories, ` +
      `${snapshot.series.length} series, ${snapshot.episodes.length} episodes`,
  )

  // Images already probed are kept; those of entities read again are asked again (the bytes may have changed at the same URL).
  const { users: usedBy, owners } = imageUsers(snapshot, options.apiUrl)
  const known = new Map((previous && touched ? previous.images : []).map((file) => [file.url, file]))
  // A probe from before placeholder colours were read, or from the other image mode, is asked again.
  const stale = (url: string) => {
    const file = known.get(url)
    return file?.placeholderColor === undefined || !file.sourceFile !== !!servedBy(options.imageService ?? undefined, url)
  }
  const toFetch = new Set([...usedBy.keys()].filter((url) => stale(url) || (owners.get(url) ?? []).some((owner) => touched?.has(owner))))
  const imageWork = startImageWork({ owners, options, cache, siteDirectory: gatsbyApi.store?.getState().program.directory ?? process.cwd(), reporter })
  const imageBar = progressBar(reporter, "Fetching catalogue images", toFetch.size)
  const fetched = await fetchImages(toFetch, {
    cache,
    imageService: options.imageService ?? undefined,
    limiter: createLimiter(options.concurrency),
    usedBy,
    warn,
    onProgress: () => imageBar.tick(),
    onImage: (file) => imageWork.add(file),
  })
  imageBar.end()
  const images = new Map([...usedBy.keys()].flatMap((url): [string, ImageFile][] => {
    const file = fetched.get(url) ?? (toFetch.has(url) ? undefined : known.get(url))
    return file ? [[url, file]] : []
  }))
  for (const [url, file] of images) if (!fetched.has(url)) imageWork.add(file)
  imageWork.sealed()
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

  // Every node is built again from the patched snapshot (an unchanged one is a no-op for Gatsby);
  // what was not built this time belongs to an entity that is gone.
  const built = new Set<string>()
  const recording = {
    ...gatsbyApi,
    actions: {
      ...actions,
      createNode: (node: Parameters<typeof actions.createNode>[0]) => {
        built.add(node.id)
        return actions.createNode(node)
      },
    },
  }
  buildCatalogueNodes(recording, snapshot, {
    imageUrl: (image) => imageUrl(image, options.apiUrl),
    images,
    videos,
  })
  let removed = 0
  for (const type of Object.values(NODE_TYPES)) {
    for (const node of getNodesByType(type)) {
      if (built.has(node.id)) continue
      actions.deleteNode(node)
      removed += 1
    }
  }
  if (removed) reporter.info(`Catalogue: ${removed} nodes of deleted entities removed`)

  if (watermark) {
    await saveCatalogueState(cache.directory, { watermark, apiUrl: options.apiUrl, snapshot, images: [...images.values()] })
    actions.setPluginStatus({ watermark, lastRead: read.kind })
  }
}
