import type { ApiSearchGroup } from "../serialise/answers"
import type { SeriesDocument } from "../serialise/documents"
import { imagesOf } from "../serialise/media"
import { markdownToHtml } from "../serialise/markdown"

/** A series found, with the category it is filed under (through its subcategory). */
export type FoundSeries = SeriesDocument & { sub_category?: { category?: { documentId: string } | null } | null }

/**
 * Search's answer: when anything matched, every category is a group (in the
 * categories' order), each with the series found under it, so a visitor sees
 * which sections had nothing; when nothing matched, no group at all. As the
 * reference server groups (cms/src/catalogue/search.ts).
 */
export function groupByCategory(categories: readonly { documentId: string; title?: string | null }[], found: readonly FoundSeries[]): ApiSearchGroup[] {
  if (found.length === 0) return []
  return categories.map((category) => ({
    id: category.documentId,
    title: category.title ?? null,
    series: found
      .filter((series) => series.sub_category?.category?.documentId === category.documentId)
      .map((series) => ({
        id: series.documentId,
        title: series.title ?? null,
        description: markdownToHtml(series.description),
        images: imagesOf(series.images),
      })),
  }))
}
