import type { ApiEpisode, ApiSeries } from "../../../../../contract/schemas"
import { NODE_TYPES } from "../../constants"
import { descriptionFields, nodeBuilder, pageEntityFields, text, type GatsbyApi, type NodeLinks } from "../node-builder"

export interface SeriesEntry {
  series: ApiSeries
  subcategoryId: string
  /** Its place among its subcategory's series. */
  position: number
  /** Its episodes' ids in ascending episode order (`episodeIdsInOrder`). */
  episodeIds: string[]
}

const byId = new Intl.Collator(undefined, { numeric: true })

/**
 * Episode ids in ascending episode order, since catalogue-api.md lets a series'
 * episodes come in any order; unnumbered ones last, ties by id.
 */
export function episodeIdsInOrder(episodes: Pick<ApiEpisode, "id" | "episode">[]): string[] {
  return [...episodes]
    .sort((a, b) => (a.episode ?? Number.MAX_SAFE_INTEGER) - (b.episode ?? Number.MAX_SAFE_INTEGER) || byId.compare(String(a.id), String(b.id)))
    .map((episode) => String(episode.id))
}

/** Tag titles, trimmed, without blanks or repeats. */
function tagTitles(tags: ApiSeries["tags"]): string[] {
  const titles = (tags ?? []).flatMap((tag) => (typeof tag?.title === "string" && tag.title.trim() ? [tag.title.trim()] : []))
  return [...new Set(titles)]
}

/** The CatalogueSeries node of one series. */
export function createSeriesNode(gatsbyApi: GatsbyApi, { series, subcategoryId, position, episodeIds }: SeriesEntry, links: NodeLinks): string {
  return nodeBuilder(gatsbyApi, NODE_TYPES.Series, String(series.id), {
    title: text(series.title),
    ...descriptionFields(series.description),
    tags: tagTitles(series.tags),
    images: links.imageNodes(series.images),
    subcategoryId,
    subcategoryNode: links.nodeId(NODE_TYPES.Subcategory, subcategoryId),
    episodeIds,
    episodeNodes: episodeIds.map((id) => links.nodeId(NODE_TYPES.Episode, id)),
    position,
    ...pageEntityFields(series, links),
  })
}
