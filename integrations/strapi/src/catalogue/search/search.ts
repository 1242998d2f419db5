import type { Core } from "@strapi/strapi"
import type { ApiSearchGroup } from "../serialise/answers"
import type { CategoryDocument } from "../serialise/documents"
import { CONTENT_TYPES as T, EDITORS_ORDER, LINK } from "../views/content-types"
import { documentsOf } from "../views/documents"
import { groupByCategory, type FoundSeries } from "./groups"
import { bestMatches } from "./rank"
import { queryWords } from "./words"

/**
 * The most series one search answers, over all its groups, the best first:
 * the reference server's SEARCH_RESULT_LIMIT (cms/src/catalogue/routes/search.ts).
 */
export const SEARCH_RESULT_LIMIT = 50

/** The longest query read: a search box's text, not a document. */
const MAX_QUERY_LENGTH = 1000

/**
 * `GET /search?q=`: published series whose title or description hold every
 * word of `query`, grouped by category. Always the published view: visitors'
 * browsers search, and never see a draft (catalogue-api.md).
 */
export async function searchCatalogue(strapi: Core.Strapi, query: string): Promise<ApiSearchGroup[]> {
  const words = queryWords(query.slice(0, MAX_QUERY_LENGTH))
  if (words.length === 0) return []
  const series = (await documentsOf(strapi, T.series).findMany({
    status: "published",
    fields: ["title", "description"],
    populate: { images: true, sub_category: { ...LINK, populate: { category: LINK } } },
    sort: EDITORS_ORDER,
  })) as FoundSeries[]
  const found = bestMatches(series, words, SEARCH_RESULT_LIMIT)
  if (found.length === 0) return []
  const categories = (await documentsOf(strapi, T.category).findMany({ status: "published", fields: ["title"], sort: EDITORS_ORDER })) as CategoryDocument[]
  return groupByCategory(categories, found)
}
