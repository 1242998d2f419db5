import type { ApiSearchGroup } from "../../../contract/schemas"
import { prepared, type CatalogueDatabase } from "./database/database"
import { toSeries } from "./database/reads"

const MAX_TERMS = 16
const MAX_TERM_LENGTH = 64

/**
 * Turns free text into an FTS5 query that cannot be an FTS5 syntax error:
 * only letters and digits survive, each word is quoted (so AND, OR, NEAR and
 * column filters are plain words) and matched as a prefix.
 */
export function toFtsQuery(text: string): string | undefined {
  const terms = (text.normalize("NFKC").match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_TERMS).map((term) => `"${term.slice(0, MAX_TERM_LENGTH)}"*`)
  return terms.length > 0 ? terms.join(" ") : undefined
}

/**
 * Series whose title or description match every word of `text`, grouped by
 * category: the `limit` best matches (bm25, titles weigh more), so a short
 * word that matches the whole catalogue costs one page of answer, not the
 * catalogue. When anything matches, every category is a group, so a visitor
 * sees which sections had nothing; when nothing matches the answer is empty.
 */
export function searchSeries(db: CatalogueDatabase, text: string, limit: number): ApiSearchGroup[] {
  const query = toFtsQuery(text)
  if (!query) return []
  const hits = prepared(
    db,
    `SELECT s.*, sc.category_id AS category_id
       FROM series_search
       JOIN series s ON s.id = series_search.rowid
       JOIN sub_categories sc ON sc.id = s.sub_category_id
      WHERE series_search MATCH ?
      ORDER BY bm25(series_search, 5.0, 1.0), s.id
      LIMIT ?`,
  ).all(query, limit) as Record<string, unknown>[]
  if (hits.length === 0) return []

  const categories = prepared(db, "SELECT id, title FROM categories ORDER BY position, id").all() as {
    id: number
    title: string | null
  }[]
  return categories.map((category) => ({
    id: category.id,
    title: category.title,
    series: hits
      .filter((hit) => hit.category_id === category.id)
      .map((hit) => {
        const { id, title, description, images } = toSeries(hit)
        return { id, title, description, images }
      }),
  }))
}
