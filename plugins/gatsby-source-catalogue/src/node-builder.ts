import type { NodeInput, SourceNodesArgs } from "gatsby"
import { FEATURE_ROLES, NODE_TYPES, type NodeType } from "./constants"
import type { ImageFile } from "./images"
import { sanitizeDescription } from "./sanitize"
import type { ApiFeaturedItem, ApiImage, CatalogueSnapshot } from "./types"

type GatsbyApi = Pick<SourceNodesArgs, "actions" | "createNodeId" | "createContentDigest">

/**
 * Creates one node. The id comes from the type and the upstream id, so it is
 * the same on every build and Gatsby can tell what really changed.
 */
export function nodeBuilder(
  gatsbyApi: GatsbyApi,
  type: NodeType,
  upstreamId: number | string,
  fields: Record<string, unknown>,
  contentDigest?: string,
): string {
  const content = { _id: String(upstreamId), ...fields }
  const id = gatsbyApi.createNodeId(`${type}-${upstreamId}`)
  const node = {
    ...content,
    id,
    parent: null,
    children: [],
    internal: { type, contentDigest: contentDigest ?? gatsbyApi.createContentDigest(content) },
  } satisfies NodeInput
  gatsbyApi.actions.createNode(node)
  return id
}

const text = (value: string | null | undefined): string | null => (typeof value === "string" ? value : null)

/** The role a featured item plays on the home page, from its title. */
export function featureRole(item: Pick<ApiFeaturedItem, "title">): string | null {
  const title = item.title ?? ""
  for (const [role, pattern] of Object.entries(FEATURE_ROLES)) if (pattern.test(title)) return role
  return null
}

export interface BuildContext {
  /** Image URL of an API image, if it has a usable one. */
  imageUrl: (image: ApiImage | null | undefined) => string | undefined
  images: Map<string, ImageFile>
  videoLinks: Map<string, string>
}

/**
 * Turns one crawl into nodes. Links between nodes hold upstream ids and are
 * kept only when the linked node exists, so a skipped entity never leaves a
 * dangling link that would break a page query.
 */
export function buildCatalogueNodes(gatsbyApi: GatsbyApi, snapshot: CatalogueSnapshot, context: BuildContext): void {
  const imageNodeIds = new Map<string, string>()
  for (const file of context.images.values()) {
    const { contentDigest, ...fields } = file
    imageNodeIds.set(file.url, nodeBuilder(gatsbyApi, NODE_TYPES.Image, file.url, fields, contentDigest))
  }
  const imagesOf = (images: ApiImage[] | null | undefined): string[] =>
    (images ?? []).flatMap((image) => {
      const url = context.imageUrl(image)
      const id = url ? imageNodeIds.get(url) : undefined
      return id ? [id] : []
    })

  const categoryIds = new Set(snapshot.categories.map(({ category }) => String(category.id)))
  const subcategoryIds = new Set(snapshot.subcategories.map(({ subcategory }) => String(subcategory.id)))
  const seriesIds = new Set(snapshot.series.map(({ series }) => String(series.id)))
  const existing = (ids: Set<string>) => (id: string) => ids.has(id)
  // Links hold Gatsby node ids: a page that follows one then depends on that
  // node alone, so an edit re-runs only the queries that really read it.
  const nodeId = (type: NodeType) => (upstreamId: string) => gatsbyApi.createNodeId(`${type}-${upstreamId}`)
  const nodeIdOrNull = (type: NodeType, upstreamId: string | null) => (upstreamId === null ? null : nodeId(type)(upstreamId))

  snapshot.categories.forEach(({ category, subcategoryIds: subs }, position) => {
    const kept = subs.filter(existing(subcategoryIds))
    nodeBuilder(gatsbyApi, NODE_TYPES.Category, category.id, {
      title: text(category.title),
      shortDesc: text(category.short_desc),
      pageTitle: text(category.page_title),
      pageSubTitle: text(category.page_sub_title),
      description: sanitizeDescription(category.description),
      images: imagesOf(category.images),
      subcategoryIds: kept,
      subcategoryNodes: kept.map(nodeId(NODE_TYPES.Subcategory)),
      position,
    })
  })

  const seriesBySubcategory = new Map<string, string[]>()
  for (const { series, subcategoryId } of snapshot.series) {
    seriesBySubcategory.set(subcategoryId, [...(seriesBySubcategory.get(subcategoryId) ?? []), String(series.id)])
  }
  for (const { subcategory, categoryId, position } of snapshot.subcategories) {
    const id = String(subcategory.id)
    const linkedCategory = categoryIds.has(categoryId) ? categoryId : null
    const series = seriesBySubcategory.get(id) ?? []
    nodeBuilder(gatsbyApi, NODE_TYPES.Subcategory, id, {
      title: text(subcategory.title),
      shortDesc: text(subcategory.short_desc),
      description: sanitizeDescription(subcategory.description),
      categoryId: linkedCategory,
      categoryNode: nodeIdOrNull(NODE_TYPES.Category, linkedCategory),
      images: imagesOf(subcategory.images),
      seriesIds: series,
      seriesNodes: series.map(nodeId(NODE_TYPES.Series)),
      position,
    })
  }

  const episodesBySeries = new Map<string, CatalogueSnapshot["episodes"]>()
  for (const entry of snapshot.episodes) {
    episodesBySeries.set(entry.seriesId, [...(episodesBySeries.get(entry.seriesId) ?? []), entry])
  }
  const episodeOrder = (a: CatalogueSnapshot["episodes"][number], b: CatalogueSnapshot["episodes"][number]) =>
    (a.episode.episode ?? Number.MAX_SAFE_INTEGER) - (b.episode.episode ?? Number.MAX_SAFE_INTEGER) ||
    String(a.episode.id).localeCompare(String(b.episode.id), undefined, { numeric: true })

  for (const { series, subcategoryId, position } of snapshot.series) {
    const id = String(series.id)
    const episodeIds = (episodesBySeries.get(id) ?? []).sort(episodeOrder).map(({ episode }) => String(episode.id))
    const tags = (series.tags ?? []).flatMap((tag) => (typeof tag?.title === "string" && tag.title.trim() ? [tag.title.trim()] : []))
    nodeBuilder(gatsbyApi, NODE_TYPES.Series, id, {
      title: text(series.title),
      description: sanitizeDescription(series.description),
      tags: [...new Set(tags)],
      images: imagesOf(series.images),
      subcategoryId,
      subcategoryNode: nodeId(NODE_TYPES.Subcategory)(subcategoryId),
      episodeIds,
      episodeNodes: episodeIds.map(nodeId(NODE_TYPES.Episode)),
      position,
    })
  }

  for (const { episode, seriesId, subcategoryId } of snapshot.episodes) {
    const videoPath = text(episode.path)
    const linkedSeries = seriesIds.has(seriesId) ? seriesId : null
    const linkedSubcategory = subcategoryIds.has(subcategoryId) ? subcategoryId : null
    nodeBuilder(gatsbyApi, NODE_TYPES.Episode, episode.id, {
      title: text(episode.title),
      description: sanitizeDescription(episode.description),
      episode: typeof episode.episode === "number" ? episode.episode : null,
      videoPath,
      videoId: episode.video_id != null ? String(episode.video_id) : null,
      playerEmbedUrl: (videoPath && context.videoLinks.get(videoPath)) || null,
      seriesId: linkedSeries,
      seriesNode: nodeIdOrNull(NODE_TYPES.Series, linkedSeries),
      subcategoryId: linkedSubcategory,
      subcategoryNode: nodeIdOrNull(NODE_TYPES.Subcategory, linkedSubcategory),
      images: imagesOf(episode.images),
    })
  }

  snapshot.featuredItems.forEach((item, index) => {
    const firstCategory = item.category?.[0]?.id != null ? String(item.category[0].id) : null
    const categoryId = firstCategory && categoryIds.has(firstCategory) ? firstCategory : null
    nodeBuilder(gatsbyApi, NODE_TYPES.FeaturedItem, item.id, {
      title: text(item.title),
      description: sanitizeDescription(item.description),
      position: typeof item.position === "number" ? item.position : index,
      role: featureRole(item),
      categoryId,
      categoryNode: nodeIdOrNull(NODE_TYPES.Category, categoryId),
      images: imagesOf(item.images),
    })
  })

  snapshot.statistics.forEach((statistic, position) => {
    nodeBuilder(gatsbyApi, NODE_TYPES.CategoryStatistic, `${position}-${statistic.title ?? ""}`, {
      title: text(statistic.title),
      totalVideos: typeof statistic.total_videos === "number" ? statistic.total_videos : 0,
      position,
    })
  })
}
