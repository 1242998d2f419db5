import type { ApiCategory, ApiCategoryStatistic, ApiEpisode, ApiFeaturedItem, ApiSeries, ApiSubcategory } from "../../../../contract/schemas"
import { COLUMNS, type Column, type ServedRow } from "./columns"
import type { CatalogueTable } from "./tables"
import type { CatalogueDatabase } from "./database"
import { draftRowsSql } from "./drafts-database"

// Each answer has its own, stricter type, derived from the declared columns
// (every field present, numeric ids: what this server guarantees) and checked
// against the contract below, so the video host and search can rely on it.

type Row = Record<string, unknown>

/** Compiles only when `Served` fits the contract's `Contract`. */
type Fits<Served extends Contract, Contract> = Served

export type ServedCategory = Fits<ServedRow<"categories">, ApiCategory>
export type ServedSubcategory = Fits<ServedRow<"sub_categories">, ApiSubcategory>
export type ServedSeries = Fits<ServedRow<"series">, ApiSeries>
export type ServedEpisode = Fits<ServedRow<"episodes">, ApiEpisode>
export type ServedFeaturedItem = Fits<ServedRow<"featured_items">, ApiFeaturedItem>

/** Copies one column of a row into the answer, as the column is served. */
type Reader = (row: Row, answer: Row) => void

function readerOf(name: string, column: Column): Reader | undefined {
  switch (column.serve) {
    case "asStored":
      return (row, answer) => {
        answer[name] = row[name]
      }
    case "images":
      return (row, answer) => {
        answer[name] = (JSON.parse(String(row[name] ?? "[]")) as string[]).map((path) => ({ path }))
      }
    case "tags":
      return (row, answer) => {
        answer[name] = (JSON.parse(String(row[name] ?? "[]")) as string[]).map((title) => ({ title }))
      }
    // As its editor wrote it; left out when NULL, since catalogue-api.md lets a backend leave `seo` out.
    case "seo":
      return (row, answer) => {
        if (row[name] != null) answer[name] = JSON.parse(String(row[name]))
      }
    // The category a featured item shows, with the title its query joins in as `category_title`.
    case "category":
      return (row, answer) => {
        answer.category = row[name] == null ? [] : [{ id: row[name], title: row.category_title }]
      }
    case "hidden":
      return undefined
  }
}

/**
 * The row mapper of `table`: its declared columns' readers, found once, then
 * run in the order the API serves the fields.
 */
function rowMapper<Table extends CatalogueTable>(table: Table): (row: Row) => ServedRow<Table> {
  const readers = (Object.entries(COLUMNS[table]) as [string, Column][]).flatMap(([name, column]) => readerOf(name, column) ?? [])
  return (row) => {
    const answer: Row = {}
    for (const read of readers) read(row, answer)
    // Only rows of the draft view carry it (drafts-database.ts).
    if (row.draft !== undefined) answer.draft = row.draft === 1
    return answer as ServedRow<Table>
  }
}

const toCategory = rowMapper("categories")
const toSubcategory = rowMapper("sub_categories")
export const toSeries = rowMapper("series")
const toEpisode = rowMapper("episodes")
const toFeaturedItem = rowMapper("featured_items")

/**
 * Every query of the read side, prepared once per database. `rows(table)` is
 * where served rows come from: the table itself, or in the draft view the
 * drafts' catalogue with each row's `draft` flag.
 */
function prepareReads(db: CatalogueDatabase, rows: (table: CatalogueTable) => string) {
  return {
    categories: db.prepare(`SELECT * FROM ${rows("categories")} ORDER BY position, id`),
    category: db.prepare(`SELECT * FROM ${rows("categories")} WHERE id = ?`),
    categorySubcategories: db.prepare(`SELECT * FROM ${rows("sub_categories")} WHERE category_id = ? ORDER BY position, id`),
    categoryStatistics: db.prepare(
      `SELECT c.title AS title, count(e.id) AS total_videos
         FROM categories c
         LEFT JOIN sub_categories s ON s.category_id = c.id
         LEFT JOIN episodes e ON e.sub_category_id = s.id
        GROUP BY c.id ORDER BY c.position, c.id`,
    ),
    featuredItems: db.prepare(
      `SELECT f.*, c.title AS category_title
         FROM ${rows("featured_items")} f LEFT JOIN categories c ON c.id = f.category_id
        ORDER BY f.position, f.id`,
    ),
    subcategory: db.prepare(`SELECT * FROM ${rows("sub_categories")} WHERE id = ?`),
    subcategorySeries: db.prepare(`SELECT * FROM ${rows("series")} WHERE sub_category_id = ? ORDER BY position, id`),
    series: db.prepare(`SELECT * FROM ${rows("series")} WHERE id = ?`),
    seriesExists: db.prepare("SELECT id FROM series WHERE id = ?"),
    seriesEpisodes: db.prepare(`SELECT * FROM ${rows("episodes")} WHERE series_id = ? ORDER BY id`),
    episode: db.prepare(`SELECT * FROM ${rows("episodes")} WHERE id = ?`),
    episodeByPath: db.prepare("SELECT * FROM episodes WHERE path = ?"),
    categoryOfVideo: db.prepare(
      `SELECT c.title AS title
         FROM episodes e
         LEFT JOIN series se ON se.id = e.series_id
         JOIN sub_categories s ON s.id = COALESCE(e.sub_category_id, se.sub_category_id)
         JOIN categories c ON c.id = s.category_id
        WHERE e.path = ?`,
    ),
  }
}

/**
 * Read side of the catalogue: every answer already in the API's shape. On
 * the drafts' catalogue (`{ draftView: true }`) each entity also says
 * whether it is a draft.
 */
export class CatalogueReads {
  private readonly sql: ReturnType<typeof prepareReads>

  constructor(db: CatalogueDatabase, options: { draftView?: boolean } = {}) {
    this.sql = prepareReads(db, options.draftView ? draftRowsSql : (table) => table)
  }

  categories(): ServedCategory[] {
    return (this.sql.categories.all() as Row[]).map(toCategory)
  }

  /** A category with its subcategories (without their series). */
  category(id: number) {
    const row = this.sql.category.get(id) as Row | undefined
    const members = () => (this.sql.categorySubcategories.all(id) as Row[]).map(toSubcategory)
    return row && ({ ...toCategory(row), sub_categories: members() } satisfies ApiCategory)
  }

  featuredItems(): ServedFeaturedItem[] {
    return (this.sql.featuredItems.all() as Row[]).map(toFeaturedItem)
  }

  categoryStatistics() {
    return (this.sql.categoryStatistics.all() as Row[]).map(
      (row) => ({ title: row.title as string | null, total_videos: row.total_videos as number }) satisfies ApiCategoryStatistic,
    )
  }

  /** A subcategory with its series. */
  subcategory(id: number) {
    const row = this.sql.subcategory.get(id) as Row | undefined
    const members = () => (this.sql.subcategorySeries.all(id) as Row[]).map(toSeries)
    return row && ({ ...toSubcategory(row), series: members() } satisfies ApiSubcategory)
  }

  series(id: number): ServedSeries | undefined {
    const row = this.sql.series.get(id) as Row | undefined
    return row && toSeries(row)
  }

  /** Episodes in storage order; catalogue-api.md lets them come in any order. */
  seriesEpisodes(seriesId: number): ServedEpisode[] | undefined {
    if (!this.sql.seriesExists.get(seriesId)) return undefined
    return (this.sql.seriesEpisodes.all(seriesId) as Row[]).map(toEpisode)
  }

  episode(id: number): ServedEpisode | undefined {
    const row = this.sql.episode.get(id) as Row | undefined
    return row && toEpisode(row)
  }

  episodeByPath(path: string): ServedEpisode | undefined {
    const row = this.sql.episodeByPath.get(path) as Row | undefined
    return row && toEpisode(row)
  }

  /** The title of the category a video's episode is filed under (its own subcategory, else its series'); null when none. */
  categoryTitleOfVideo(path: string): string | null {
    const row = this.sql.categoryOfVideo.get(path) as { title: string | null } | undefined
    return row?.title ?? null
  }
}

/**
 * What the video host stand-in knows of the catalogue: the episode that has
 * a video, and its category (what its sample captions talk about). A real
 * host holds every uploaded video, drafted or published, so
 * with drafts on it finds a draft episode's video too, but shows it only to
 * the preview lane (video-host/draft-videos.ts).
 */
export type VideoLibrary = Pick<CatalogueReads, "episodeByPath" | "categoryTitleOfVideo">
