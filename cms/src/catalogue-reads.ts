import type {
  ApiCategory,
  ApiCategoryStatistic,
  ApiEpisode,
  ApiFeaturedItem,
  ApiImage,
  ApiSeo,
  ApiSeries,
  ApiSubcategory,
} from "../../contract/schemas"
import type { CatalogueDatabase } from "./database"

// Each answer is built with its own, stricter type (every field present,
// numeric ids: what this server guarantees) and checked against the contract
// with `satisfies`, so the video host and search can rely on the strict one.

type Row = Record<string, unknown>

function images(json: unknown) {
  return (JSON.parse(String(json ?? "[]")) as string[]).map((path) => ({ path }) satisfies ApiImage)
}

/**
 * `{ seo }` for an entity with marketing metadata, as its editor wrote it;
 * nothing for one without, since API.md lets a backend leave `seo` out.
 */
function seo(json: unknown): { seo?: ApiSeo } {
  return json == null ? {} : { seo: JSON.parse(String(json)) as ApiSeo }
}

function toCategory(row: Row) {
  return {
    id: row.id as number,
    title: row.title as string | null,
    short_desc: row.short_desc as string | null,
    page_title: row.page_title as string | null,
    page_sub_title: row.page_sub_title as string | null,
    description: row.description as string | null,
    images: images(row.images),
    ...seo(row.seo),
    updated_at: row.updated_at as string,
  } satisfies ApiCategory
}

function toSubcategory(row: Row) {
  return {
    id: row.id as number,
    title: row.title as string | null,
    short_desc: row.short_desc as string | null,
    description: row.description as string | null,
    category_id: row.category_id as number,
    images: images(row.images),
    ...seo(row.seo),
    updated_at: row.updated_at as string,
  } satisfies ApiSubcategory
}

export function toSeries(row: Row) {
  return {
    id: row.id as number,
    title: row.title as string | null,
    description: row.description as string | null,
    tags: (JSON.parse(String(row.tags ?? "[]")) as string[]).map((title) => ({ title })),
    images: images(row.images),
    ...seo(row.seo),
    updated_at: row.updated_at as string,
  } satisfies ApiSeries
}

function toEpisode(row: Row) {
  return {
    id: row.id as number,
    title: row.title as string | null,
    path: row.path as string,
    description: row.description as string | null,
    series_id: row.series_id as number,
    episode: row.episode as number,
    video_id: row.video_id as number,
    images: images(row.images),
    sub_category_id: row.sub_category_id as number,
    ...seo(row.seo),
    updated_at: row.updated_at as string,
  } satisfies ApiEpisode
}

/** Read side of the catalogue: every answer already in the API's shape. */
export class CatalogueReads {
  constructor(private readonly db: CatalogueDatabase) {}

  categories() {
    return this.all("SELECT * FROM categories ORDER BY position, id").map(toCategory)
  }

  category(id: number) {
    const row = this.one("SELECT * FROM categories WHERE id = ?", id)
    if (!row) return undefined
    const subCategories = this.all(
      "SELECT * FROM sub_categories WHERE category_id = ? ORDER BY position, id",
      id,
    ).map(toSubcategory)
    return { ...toCategory(row), sub_categories: subCategories } satisfies ApiCategory
  }

  categoryStatistics() {
    return this.all(
      `SELECT c.title AS title, count(e.id) AS total_videos
         FROM categories c
         LEFT JOIN sub_categories s ON s.category_id = c.id
         LEFT JOIN episodes e ON e.sub_category_id = s.id
        GROUP BY c.id ORDER BY c.position, c.id`,
    ).map((row) => ({ title: row.title as string | null, total_videos: row.total_videos as number }) satisfies ApiCategoryStatistic)
  }

  featuredItems() {
    return this.all(
      `SELECT f.*, c.title AS category_title
         FROM featured_items f LEFT JOIN categories c ON c.id = f.category_id
        ORDER BY f.position, f.id`,
    ).map((row) => ({
      id: row.id as number,
      title: row.title as string | null,
      description: row.description as string | null,
      position: row.position as number,
      category:
        row.category_id == null
          ? []
          : [{ id: row.category_id as number, title: row.category_title as string | null }],
      images: images(row.images),
      ...seo(row.seo),
      updated_at: row.updated_at as string,
    }) satisfies ApiFeaturedItem)
  }

  subcategory(id: number) {
    const row = this.one("SELECT * FROM sub_categories WHERE id = ?", id)
    if (!row) return undefined
    const series = this.all(
      "SELECT * FROM series WHERE sub_category_id = ? ORDER BY position, id",
      id,
    ).map(toSeries)
    return { ...toSubcategory(row), series } satisfies ApiSubcategory
  }

  series(id: number) {
    const row = this.one("SELECT * FROM series WHERE id = ?", id)
    return row && toSeries(row)
  }

  /** Episodes in storage order; API.md lets them come in any order. */
  seriesEpisodes(seriesId: number) {
    if (!this.one("SELECT id FROM series WHERE id = ?", seriesId)) return undefined
    return this.all("SELECT * FROM episodes WHERE series_id = ? ORDER BY id", seriesId).map(toEpisode)
  }

  episode(id: number) {
    const row = this.one("SELECT * FROM episodes WHERE id = ?", id)
    return row && toEpisode(row)
  }

  episodeByPath(path: string) {
    const row = this.one("SELECT * FROM episodes WHERE path = ?", path)
    return row && toEpisode(row)
  }

  private all(sql: string, ...params: unknown[]): Row[] {
    return this.db.prepare(sql).all(...params) as Row[]
  }

  private one(sql: string, ...params: unknown[]): Row | undefined {
    return this.db.prepare(sql).get(...params) as Row | undefined
  }
}
