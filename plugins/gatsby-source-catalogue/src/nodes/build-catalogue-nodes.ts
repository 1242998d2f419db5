import type { SourceNodesArgs } from "gatsby"
import type { ApiEpisode, ApiImage } from "../../../../contract/schemas"
import { NODE_TYPES, type NodeType } from "../constants"
import type { ImageFile } from "../images/probe"
import type { LastNodeWrites, NodeDigests } from "./node-digests"
import type { EpisodeVideo } from "../videos/episode-video"
import { createSiteSettingsNode } from "./types/site-settings"
import { LIVE_VIEW, type CatalogueView } from "../crawl/view"
import type { GatsbyApi, NodeLinks } from "./node-builder"
import { createCategoryNode } from "./types/category"
import { createCategoryStatisticNode } from "./types/category-statistic"
import { createEpisodeNode } from "./types/episode"
import { createFeaturedItemNode } from "./types/featured-item"
import { createImageNode } from "./types/image"
import { createSeriesNode, episodeIdsInOrder } from "./types/series"
import { createSubcategoryNode } from "./types/subcategory"
import type { CatalogueSnapshot } from "../types"
import { addTo } from "../lists"

export interface BuildContext {
  /** Image URL of an API image, if it has a usable one. */
  imageUrl: (image: ApiImage | null | undefined) => string | undefined
  images: Map<string, ImageFile>
  videos: Map<string, EpisodeVideo>
  /** Which view of the catalogue this build shows (the live one, or a preview's); the live one when unset. */
  view?: CatalogueView
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
  createSiteSettingsNode(gatsbyApi, snapshot.siteSettings, links, context.view ?? LIVE_VIEW)
}

export interface RebuiltNodes {
  /** Nodes deleted: their entities are gone. */
  removed: number
  /** Nodes handed to Gatsby's createNode: new, changed, or (after an interrupted build) written again. */
  written: number
  /** Every node of this build by id, with its content digest: for the next build. */
  digests: NodeDigests
}

type NodeInput = Parameters<GatsbyApi["actions"]["createNode"]>[0]

/**
 * Whether a node goes to createNode, and whether it is deleted first so
 * that Gatsby counts it as changed. After a successful build (`interrupted`
 * false) LMDB holds what `known` says, and a node whose digest is unchanged
 * is skipped. After an interrupted one, LMDB may hold what the stopped build
 * wrote: a node LMDB holds with this digest that the last successful build
 * did not have is written again, deleted first (createNode alone would find
 * it unchanged and re-run no query).
 */
function nodeWrite(node: NodeInput, last: LastNodeWrites, getNode: SourceNodesArgs["getNode"]): "skip" | "create" | "recreate" {
  const digest = node.internal.contentDigest
  const lastDigest = last.digests?.get(node.id)
  if (!last.interrupted) return last.digests && lastDigest === digest ? "skip" : "create"
  const held = getNode(node.id)
  if (!held || held.internal.contentDigest !== digest) return "create"
  return lastDigest === digest ? "skip" : "recreate"
}

/**
 * Builds every node of the snapshot, and deletes the plugin's nodes that
 * were not built this time: they belong to entities that are gone (with
 * `enableStatefulSourceNodes` this sweep is how a deleted entity's page
 * goes).
 *
 * With the last successful build's digests, only a node that is new or
 * whose digest changed goes to Gatsby's createNode, and the sweep is over
 * the ids that build made. Building a node object is cheap; createNode is
 * not (validation, an LMDB read to compare, type bookkeeping), and the full
 * sweep reads every node back from LMDB, for a dozen changed nodes. Without digests every node is created and the
 * sweep reads every type, as Gatsby would; after an interrupted build see
 * nodeWrite.
 */
export function rebuildCatalogueNodes(
  gatsbyApi: GatsbyApi & Pick<SourceNodesArgs, "getNodesByType" | "getNode">,
  snapshot: CatalogueSnapshot,
  context: BuildContext,
  last: LastNodeWrites = { digests: undefined, interrupted: false },
): RebuiltNodes {
  const { actions } = gatsbyApi
  const digests: NodeDigests = new Map()
  let written = 0
  // An entity's id is asked for by its own node and by every node linking to it: Gatsby hashes the seed each time.
  const ids = new Map<string, string>()
  const recording: GatsbyApi = {
    ...gatsbyApi,
    createNodeId: (seed: string) => {
      let id = ids.get(seed)
      if (id === undefined) {
        id = gatsbyApi.createNodeId(seed)
        ids.set(seed, id)
      }
      return id
    },
    actions: {
      ...actions,
      createNode: (node: NodeInput) => {
        digests.set(node.id, node.internal.contentDigest)
        const write = nodeWrite(node, last, gatsbyApi.getNode)
        if (write === "skip") return undefined
        if (write === "recreate") actions.deleteNode(gatsbyApi.getNode(node.id)!)
        written += 1
        return actions.createNode(node)
      },
    },
  }
  buildCatalogueNodes(recording, snapshot, context)
  let removed = 0
  const remove = (node: ReturnType<SourceNodesArgs["getNode"]>) => {
    if (!node || digests.has(node.id)) return
    actions.deleteNode(node)
    removed += 1
  }
  // Only an id this build did not make can be gone: reading the others back from LMDB would cost a read per node.
  if (last.digests && !last.interrupted) {
    for (const id of last.digests.keys()) if (!digests.has(id)) remove(gatsbyApi.getNode(id))
  } else for (const type of Object.values(NODE_TYPES)) for (const node of gatsbyApi.getNodesByType(type)) remove(node)
  return { removed, written, digests }
}
