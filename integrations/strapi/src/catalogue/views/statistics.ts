import type { Core } from "@strapi/strapi"
import type { ApiCategoryStatistic } from "../serialise/answers"
import type { CategoryDocument, EpisodeDocument } from "../serialise/documents"
import { CONTENT_TYPES as T, EDITORS_ORDER, LINK } from "./content-types"
import { documentsOf } from "./documents"

/**
 * `GET /categories-states`: each published category's title and how many
 * published episodes are filed under it (through their series and its
 * subcategory), in the categories' order. Counted on the published
 * catalogue in either view, as the reference server counts
 * (cms/src/catalogue/database/reads.ts): it is what visitors can watch.
 */
export async function categoryStatistics(strapi: Core.Strapi): Promise<ApiCategoryStatistic[]> {
  const [categories, episodes] = await Promise.all([
    documentsOf(strapi, T.category).findMany({ status: "published", fields: ["title"], sort: EDITORS_ORDER }) as Promise<CategoryDocument[]>,
    documentsOf(strapi, T.episode).findMany({
      status: "published",
      fields: ["episode"],
      populate: { series: { fields: ["title"], populate: { sub_category: { fields: ["title"], populate: { category: LINK } } } } },
    }) as Promise<(EpisodeDocument & { series?: { sub_category?: { category?: { documentId: string } | null } | null } | null })[]>,
  ])
  const counts = new Map<string, number>()
  for (const episode of episodes) {
    const category = episode.series?.sub_category?.category?.documentId
    if (category !== undefined) counts.set(category, (counts.get(category) ?? 0) + 1)
  }
  return categories.map((category) => ({ title: category.title ?? null, total_videos: counts.get(category.documentId) ?? 0 }))
}
