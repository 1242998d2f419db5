import type { SourceNodesArgs } from "gatsby"
import type { ApiEpisode, ApiImage } from "../../../contract/schemas"
import { NODE_TYPES, type NodeType } from "./constants"
import type { ImageFile } from "./images"
import type { VideoFacts } from "./video-links"
import { createSiteSettingsNode } from "./nodes/site-settings"
import type { GatsbyApi, NodeLinks } from "./node-builder"
import { createCategoryNode } from "./nodes/category"
import { createCategoryStatisticNode } from "./nodes/category-statistic"
import { createEpisodeNode } from "./nodes/episode"
import { createFeaturedItemNode } from "./nodes/featured-item"
import { createImageNode } from "./nodes/image"
import { createSeriesNode, episodeIdsInOrder } from "./nodes/series"
import { createSubcategoryNode } from "./nodes/subcategory"
import type { CatalogueSnapshot } from "./types"

export interface BuildContext {
  /** Image URL of an API image, if it has a usable one. */
  imageUrl: (image: ApiImage | null | undefined) => string | undefined
  images: Map<string, ImageFile>
  videos: Map<string, VideoFacts>
}

/** Appends to the list under `key`, creating it. */
function addTo<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key)
  if (list) list.push(value)
  else map.set(key, [value])
}

/**
 * Turns one crawl into nodes, one builder per node type. Links are kept only
 * when the linked node exists, so a skipped entity never leaves a dangling
 * link that would break a page query.
 */
export function buildCatalogueNodes(gatsbyApi: GatsbyApi, snapshot: CatalogueSnapshot, context: BuildContext): void {
  const present: Partial<Record<NodeType, Set<string>>> = {
    [NODE_TYPES.Category]: new Set(snapshot.categories.map(({ category }) => String(category.id))),
    [NODE_TYPES.Subcategory]: new Set(snapshot.subcategories.map(({ subcategory }) => String(subcategory.id))),
    [NODE_TYPES.Series]: new Set(snapshot.series.map(({ series }) => String(series.id))),
  }
  const nodeId = (type: NodeType, upstreamId: string) => gatsbyApi.createNodeId(`${type}-${upstreamId}`)
  const links: NodeLinks = {
    nodeId,
    has: (type, upstreamId) => present[type]?.has(upstreamId) ?? false,
    imageNodes: (images) =>
      (images ?? []).flatMap((image) => {
        const url = context.imageUrl(image)
        return url && context.images.has(url) ? [nodeId(NODE_TYPES.Image, url)] : []
      }),
    video: (videoPath) => context.videos.get(videoPath),
  }

  for (const file of context.images.values()) createImageNode(gatsbyApi, file)

  snapshot.categories.forEach((entry, position) => createCategoryNode(gatsbyApi, { ...entry, position }, links))

  const seriesBySubcategory = new Map<string, string[]>()
  for (const { series, subcategoryId } of snapshot.series) addTo(seriesBySubcategory, subcategoryId, String(series.id))
  for (const entry of snapshot.subcategories) {
    const seriesIds = seriesBySubcategory.get(String(entry.subcategory.id)) ?? []
    createSubcategoryNode(gatsbyApi, { ...entry, seriesIds }, links)
  }

  const episodesBySeries = new Map<string, ApiEpisode[]>()
  for (const { episode, seriesId } of snapshot.episodes) addTo(episodesBySeries, seriesId, episode)
  for (const entry of snapshot.series) {
    const episodeIds = episodeIdsInOrder(episodesBySeries.get(String(entry.series.id)) ?? [])
    createSeriesNode(gatsbyApi, { ...entry, episodeIds }, links)
  }

  for (const entry of snapshot.episodes) createEpisodeNode(gatsbyApi, entry, links)
  snapshot.featuredItems.forEach((item, index) => createFeaturedItemNode(gatsbyApi, { item, index }, links))
  snapshot.statistics.forEach((statistic, position) => createCategoryStatisticNode(gatsbyApi, statistic, position))
  createSiteSettingsNode(gatsbyApi, snapshot.siteSettings, links)
}

/**
 * Builds every node again from the snapshot (an unchanged one is a no-op for
 * Gatsby), then deletes the plugin's nodes that were not built this time:
 * they belong to entities that are gone. With `enableStatefulSourceNodes`
 * this sweep is how a deleted entity's page goes. Gives how many were deleted.
 */
export function rebuildCatalogueNodes(gatsbyApi: GatsbyApi & Pick<SourceNodesArgs, "getNodesByType">, snapshot: CatalogueSnapshot, context: BuildContext): number {
  const { actions } = gatsbyApi
  const built = new Set<string>()
  const recording: GatsbyApi = {
    ...gatsbyApi,
    actions: {
      ...actions,
      createNode: (node: Parameters<typeof actions.createNode>[0]) => {
        built.add(node.id)
        return actions.createNode(node)
      },
    },
  }
  buildCatalogueNodes(recording, snapshot, context)
  let removed = 0
  for (const type of Object.values(NODE_TYPES)) {
    for (const node of gatsbyApi.getNodesByType(type)) {
      if (built.has(node.id)) continue
      actions.deleteNode(node)
      removed += 1
    }
  }
  return removed
}
