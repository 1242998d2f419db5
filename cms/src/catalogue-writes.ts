import { htmlToText } from "../../contract/html-to-text"
import { Seo } from "../../contract/schemas"
import { now, type CatalogueDatabase } from "./database"
import { checkWithContract, EditError } from "./edits"
import type { CatalogueContent } from "./types"

/** Writes a whole catalogue (sample or generated) in one transaction. */
export function writeCatalogue(db: CatalogueDatabase, content: CatalogueContent): void {
  const stamp = now()
  const json = (value: unknown) => JSON.stringify(value)
  // Every row names all its columns: an entity without `seo` stores NULL.
  const stored = <T extends { images: string[]; seo?: unknown }>(entity: T) => ({
    ...entity,
    images: json(entity.images),
    seo: entity.seo == null ? null : json(entity.seo),
    updated_at: stamp,
  })
  const insertCategory = db.prepare(
    `INSERT INTO categories (id, title, short_desc, page_title, page_sub_title, description, images, position, seo, updated_at)
     VALUES (@id, @title, @short_desc, @page_title, @page_sub_title, @description, @images, @position, @seo, @updated_at)`,
  )
  const insertSubcategory = db.prepare(
    `INSERT INTO sub_categories (id, category_id, title, short_desc, description, images, position, seo, updated_at)
     VALUES (@id, @category_id, @title, @short_desc, @description, @images, @position, @seo, @updated_at)`,
  )
  const insertSeries = db.prepare(
    `INSERT INTO series (id, sub_category_id, title, description, tags, images, position, seo, updated_at)
     VALUES (@id, @sub_category_id, @title, @description, @tags, @images, @position, @seo, @updated_at)`,
  )
  const insertEpisode = db.prepare(
    `INSERT INTO episodes (id, series_id, sub_category_id, title, path, description, episode, video_id, images, seo, updated_at)
     VALUES (@id, @series_id, @sub_category_id, @title, @path, @description, @episode, @video_id, @images, @seo, @updated_at)`,
  )
  const insertFeatured = db.prepare(
    `INSERT INTO featured_items (id, title, description, position, category_id, images, seo, updated_at)
     VALUES (@id, @title, @description, @position, @category_id, @images, @seo, @updated_at)`,
  )
  const seriesSubcategory = new Map(content.series.map((s) => [s.id, s.sub_category_id]))

  db.transaction(() => {
    content.categories.forEach((c, position) => insertCategory.run({ ...stored(c), position }))
    content.subCategories.forEach((s, position) => insertSubcategory.run({ ...stored(s), position }))
    content.series.forEach((s, position) => {
      insertSeries.run({ ...stored(s), tags: json(s.tags), position })
      indexSeries(db, s.id, s.title, s.description)
    })
    for (const e of content.episodes) {
      const subCategoryId = seriesSubcategory.get(e.series_id)
      if (subCategoryId === undefined) throw new Error(`Episode ${e.id} names unknown series ${e.series_id}`)
      insertEpisode.run({ ...stored(e), sub_category_id: subCategoryId })
    }
    for (const f of content.featuredItems) {
      insertFeatured.run(stored(f))
    }
  })()
}

/** Keeps the series' full-text row in step with its title and description. */
export function indexSeries(
  db: CatalogueDatabase,
  id: number,
  title: string | null,
  description: string | null,
): void {
  db.prepare("DELETE FROM series_search WHERE rowid = ?").run(id)
  db.prepare("INSERT INTO series_search (rowid, title, body) VALUES (?, ?, ?)").run(
    id,
    title ?? "",
    htmlToText(description) ?? "",
  )
}

type FieldKind = "text" | "integer" | "stringList" | "seo"

/** What a content editor may change, per table, and the type of each field. */
export const EDITABLE_FIELDS = {
  categories: {
    title: "text",
    short_desc: "text",
    page_title: "text",
    page_sub_title: "text",
    description: "text",
    images: "stringList",
    seo: "seo",
  },
  sub_categories: { title: "text", short_desc: "text", description: "text", images: "stringList", seo: "seo" },
  series: { title: "text", description: "text", tags: "stringList", images: "stringList", seo: "seo" },
  episodes: { title: "text", description: "text", episode: "integer", images: "stringList", seo: "seo" },
  featured_items: { title: "text", description: "text", position: "integer", images: "stringList", seo: "seo" },
} as const satisfies Record<string, Record<string, FieldKind>>

export type EditableTable = keyof typeof EDITABLE_FIELDS

function checkValue(field: string, kind: FieldKind, value: unknown): unknown {
  switch (kind) {
    case "text":
      if (value === null || typeof value === "string") return value
      throw new EditError(`${field} must be a string or null`)
    case "integer":
      if (Number.isSafeInteger(value)) return value
      throw new EditError(`${field} must be a whole number`)
    case "stringList":
      if (Array.isArray(value) && value.every((item) => typeof item === "string")) {
        return JSON.stringify(value)
      }
      throw new EditError(`${field} must be a list of strings`)
    case "seo":
      // Replaced whole, as lists are; null clears it. Types only: odd content is stored as sent.
      return value === null ? null : JSON.stringify(checkWithContract(Seo, value, [field]))
  }
}

/**
 * Applies an editor's change to one row and bumps its `updated_at`.
 * Returns false when the row does not exist.
 */
export function updateEntity(
  db: CatalogueDatabase,
  table: EditableTable,
  id: number,
  patch: Record<string, unknown>,
): boolean {
  const allowed: Record<string, FieldKind> = EDITABLE_FIELDS[table]
  const entries = Object.entries(patch)
  if (entries.length === 0) throw new EditError("Send at least one field to change")
  const values: Record<string, unknown> = {}
  for (const [field, value] of entries) {
    const kind = allowed[field]
    if (!kind) {
      throw new EditError(`${field} cannot be edited; editable: ${Object.keys(allowed).join(", ")}`)
    }
    values[field] = checkValue(field, kind, value)
  }
  const assignments = Object.keys(values).map((field) => `${field} = @${field}`)
  return db.transaction(() => {
    const result = db
      .prepare(`UPDATE ${table} SET ${assignments.join(", ")}, updated_at = @updated_at WHERE id = @id`)
      .run({ ...values, updated_at: now(), id })
    if (result.changes === 0) return false
    if (table === "series") {
      const row = db.prepare("SELECT title, description FROM series WHERE id = ?").get(id) as {
        title: string | null
        description: string | null
      }
      indexSeries(db, id, row.title, row.description)
    }
    return true
  })()
}
