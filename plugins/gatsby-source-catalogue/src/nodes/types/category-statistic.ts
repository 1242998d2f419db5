import type { ApiCategoryStatistic } from "../../../../../contract/schemas"
import { NODE_TYPES } from "../../constants"
import { nodeBuilder, text, type GatsbyApi } from "../node-builder"

/**
 * The CatalogueCategoryStatistic node of one entry of `/categories-states`.
 * Statistics have no id, so their place in the list and title stand for one.
 */
export function createCategoryStatisticNode(gatsbyApi: GatsbyApi, statistic: ApiCategoryStatistic, position: number): string {
  return nodeBuilder(gatsbyApi, NODE_TYPES.CategoryStatistic, `${position}-${statistic.title ?? ""}`, {
    title: text(statistic.title),
    totalVideos: typeof statistic.total_videos === "number" ? statistic.total_videos : 0,
    position,
  })
}
