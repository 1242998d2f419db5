import { htmlToText } from "../../contract/html-to-text"
import { Seo } from "../../contract/schemas"
import type { ApiRef } from "../../contract/schemas"
import {
  forgetTombstone,
  highestTombstoneId,
  recordTombstones,
  refOf,
  REF_TYPE_OF_TABLE,
  type CatalogueTable,
  type WriteResult,
} from "./changes"
import { now, type CatalogueDatabase } from "./database"
import { checkWithContract, EditError } from "./edits"
import { FIRST_ID } from "./seed/sample-catalogue"
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


type FieldKind = "text" | "integer" | "stringList" | "seo" | "link" | "optionalLink"

/**
 * What a content editor may change, per table, and the type of each field.
 * A link (`series_id`, `category_id`…) names another entity by id; changing
 * it moves the entity there (see updateEntity).
 */
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
  sub_categories: {
    title: "text",
    short_desc: "text",
    description: "text",
    images: "stringList",
    seo: "seo",
    category_id: "link",
  },
  series: {
    title: "text",
    description: "text",
    tags: "stringList",
    images: "stringList",
    seo: "seo",
    sub_category_id: "link",
  },
  episodes: {
    title: "text",
    description: "text",
    episode: "integer",
    images: "stringList",
    seo: "seo",
    series_id: "link",
    sub_category_id: "link",
  },
  featured_items: {
    title: "text",
    description: "text",
    position: "integer",
    images: "stringList",
    seo: "seo",
    category_id: "optionalLink",
  },
} as const satisfies Record<CatalogueTable, Record<string, FieldKind>>

export type EditableTable = keyof typeof EDITABLE_FIELDS

/** Fields given once, when an entity is created: an episode's video on the host. */
const CREATE_ONLY_FIELDS: Partial<Record<EditableTable, Record<string, FieldKind>>> = {
  episodes: { path: "text", video_id: "integer" },
}

/** Fields a new entity must have: the parent it belongs to, and an episode's video. */
const REQUIRED_ON_CREATE: Partial<Record<EditableTable, string[]>> = {
  sub_categories: ["category_id"],
  series: ["sub_category_id"],
  episodes: ["series_id", "path"],
}

/** The table each link column points into. */
const LINK_TARGET: Record<string, CatalogueTable> = {
  category_id: "categories",
  sub_category_id: "sub_categories",
  series_id: "series",
}

/**
 * An entity's container, whose answer lists it (a category its subcategories,
 * a subcategory its series, a series its episodes): bumped when the entity
 * arrives, leaves or moves, since the site learns membership and order from it.
 * Featured items and categories have none.
 */
const PARENT: Partial<Record<EditableTable, { column: string; table: CatalogueTable }>> = {
  sub_categories: { column: "category_id", table: "categories" },
  series: { column: "sub_category_id", table: "sub_categories" },
  episodes: { column: "series_id", table: "series" },
}

/** The containers' own children, the other way round: what deleting one deletes. */
const CHILDREN: Partial<Record<EditableTable, { column: string; table: CatalogueTable }>> = {
  categories: { column: "category_id", table: "sub_categories" },
  sub_categories: { column: "sub_category_id", table: "series" },
  series: { column: "series_id", table: "episodes" },
}

/** Tables whose rows keep an order among their siblings in a `position` column the API does not serve. */
const ORDERED_BY_POSITION: Partial<Record<EditableTable, string | null>> = {
  categories: null,
  sub_categories: "category_id",
  series: "sub_category_id",
}

const FIRST_ID_OF_TABLE: Record<EditableTable, number> = {
  categories: FIRST_ID.category,
  sub_categories: FIRST_ID.subcategory,
  series: FIRST_ID.series,
  episodes: FIRST_ID.episode,
  featured_items: FIRST_ID.featured,
}

type Row = Record<string, unknown>

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
    case "link":
    case "optionalLink": {
      if (value === null && kind === "optionalLink") return null
      if (Number.isSafeInteger(value) && (value as number) > 0) return value
      const target = REF_TYPE_OF_TABLE[LINK_TARGET[field] ?? "categories"]
      throw new EditError(`${field} must be the id of a ${target} (a positive whole number)${kind === "optionalLink" ? " or null" : ""}`)
    }
  }
}

/** The sent fields, checked by kind; `verb` ("edited", "set") words the refusal of an unknown one. */
function checkFields(body: Record<string, unknown>, allowed: Record<string, FieldKind>, verb: string): Row {
  const values: Row = {}
  for (const [field, value] of Object.entries(body)) {
    const kind = allowed[field]
    if (!kind) {
      throw new EditError(`${field} cannot be ${verb}; ${verb === "edited" ? "editable" : "fields"}: ${Object.keys(allowed).join(", ")}`)
    }
    values[field] = checkValue(field, kind, value)
  }
  return values
}

/** Refuses a link to an entity that does not exist, naming the field. */
function checkLinks(db: CatalogueDatabase, values: Row): void {
  for (const [field, value] of Object.entries(values)) {
    const target = LINK_TARGET[field]
    if (!target || value === null) continue
    if (!db.prepare(`SELECT 1 FROM ${target} WHERE id = ?`).get(value)) {
      throw new EditError(`${field}: there is no ${REF_TYPE_OF_TABLE[target]} ${String(value)}`)
    }
  }
}

const idList = (ids: number[]) => JSON.stringify(ids)

/** Bumps `updated_at` of the rows of `table` with these ids that exist; returns their Refs. */
function bump(db: CatalogueDatabase, table: CatalogueTable, ids: unknown[], stamp: string): ApiRef[] {
  const unique = [...new Set(ids.filter((id): id is number => typeof id === "number"))]
  if (unique.length === 0) return []
  const rows = db
    .prepare(`UPDATE ${table} SET updated_at = ? WHERE id IN (SELECT value FROM json_each(?)) RETURNING id`)
    .all(stamp, idList(unique)) as { id: number }[]
  return rows.map((row) => refOf(table, row.id)).sort((a, b) => Number(a.id) - Number(b.id))
}

/** The position after the last of the siblings that share `table`'s `column` value (or of the whole table). */
function nextPosition(db: CatalogueDatabase, table: EditableTable, column: string | null, value: unknown): number {
  const where = column ? `WHERE ${column} = ?` : ""
  const row = db.prepare(`SELECT max(position) AS position FROM ${table} ${where}`).get(...(column ? [value] : [])) as {
    position: number | null
  }
  return (row.position ?? -1) + 1
}

/**
 * The next id of `table`: past every id it holds or recently held (a
 * tombstone), and in the table's own range (FIRST_ID: series from 101,
 * episodes from 1001…), so a new entity never takes the id of one the site
 * has just been told is deleted.
 */
function nextId(db: CatalogueDatabase, table: EditableTable): number {
  const row = db.prepare(`SELECT max(id) AS id FROM ${table}`).get() as { id: number | null }
  return Math.max(FIRST_ID_OF_TABLE[table] - 1, row.id ?? 0, highestTombstoneId(db, table)) + 1
}

function reindexSeries(db: CatalogueDatabase, id: number): void {
  const row = db.prepare("SELECT title, description FROM series WHERE id = ?").get(id) as {
    title: string | null
    description: string | null
  }
  indexSeries(db, id, row.title, row.description)
}

function seriesSubcategory(db: CatalogueDatabase, seriesId: unknown): number {
  return (db.prepare("SELECT sub_category_id FROM series WHERE id = ?").get(seriesId) as { sub_category_id: number }).sub_category_id
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value)
}

/**
 * Creates an entity from an editor's fields (the editable ones, plus an
 * episode's `path` and `video_id`), under a new id, last among its siblings.
 * Bumps its parent, which now lists it. An episode's `sub_category_id`
 * defaults to its series' subcategory, its `episode` to the series' next
 * number, its `video_id` to its `path` when that is a number. Throws
 * EditError for a wrong field, a missing one, or a link to nothing.
 */
export function createEntity(db: CatalogueDatabase, table: EditableTable, body: unknown): { id: number; result: WriteResult } {
  if (!isRecord(body)) throw new EditError("Send a JSON object of the new entity's fields.")
  const values = checkFields(body, { ...EDITABLE_FIELDS[table], ...CREATE_ONLY_FIELDS[table] }, "set")
  for (const field of REQUIRED_ON_CREATE[table] ?? []) {
    if (values[field] === undefined || values[field] === null) throw new EditError(`${field} is required`)
  }
  return db.transaction(() => {
    checkLinks(db, values)
    if (table === "episodes") completeEpisode(db, values)
    const id = nextId(db, table)
    const stamp = now()
    const orderedBy = ORDERED_BY_POSITION[table]
    if (orderedBy !== undefined) values.position = nextPosition(db, table, orderedBy, orderedBy && values[orderedBy])
    if (table === "featured_items" && values.position === undefined) values.position = nextPosition(db, table, null, null)
    const row: Row = { ...values, id, updated_at: stamp }
    const columns = Object.keys(row)
    db.prepare(`INSERT INTO ${table} (${columns.join(", ")}) VALUES (${columns.map((c) => `@${c}`).join(", ")})`).run(row)
    const self = refOf(table, id)
    forgetTombstone(db, self)
    if (table === "series") reindexSeries(db, id)
    const parent = PARENT[table]
    const bumped = parent ? bump(db, parent.table, [values[parent.column]], stamp) : []
    return { id, result: { changed: [self, ...bumped], deleted: [] } }
  })()
}

/** Fills a new episode's derived fields and refuses a video another episode already has. */
function completeEpisode(db: CatalogueDatabase, values: Row): void {
  const path = values.path as string
  if (path.trim() === "") throw new EditError("path must be the video's id on the video host, not empty")
  const owner = db.prepare("SELECT id FROM episodes WHERE path = ?").get(path) as { id: number } | undefined
  if (owner) throw new EditError(`path ${JSON.stringify(path)} is already the video of episode ${owner.id}`)
  if (values.video_id === undefined) {
    if (!/^[1-9][0-9]{0,14}$/.test(path)) throw new EditError("video_id is required when path is not a number")
    values.video_id = Number(path)
  }
  values.sub_category_id ??= seriesSubcategory(db, values.series_id)
  if (values.episode === undefined) {
    const last = db.prepare("SELECT max(episode) AS n FROM episodes WHERE series_id = ?").get(values.series_id) as { n: number | null }
    values.episode = (last.n ?? 0) + 1
  }
}

/**
 * Applies an editor's change to one row and bumps its `updated_at`. A changed
 * link moves the entity: it goes last among its new siblings, and its old and
 * new parents are bumped too (an episode's series when its `series_id` or
 * `sub_category_id` changes). An episode moved to another series without a
 * `sub_category_id` follows that series' subcategory; a series moved to
 * another subcategory takes along its episodes that were in the old one
 * (they change, so they are bumped). Returns undefined when the row does not exist.
 */
export function updateEntity(
  db: CatalogueDatabase,
  table: EditableTable,
  id: number,
  patch: Record<string, unknown>,
): WriteResult | undefined {
  const values = checkFields(patch, EDITABLE_FIELDS[table], "edited")
  if (Object.keys(values).length === 0) throw new EditError("Send at least one field to change")
  return db.transaction(() => {
    const before = db.prepare(`SELECT * FROM ${table} WHERE id = ?`).get(id) as Row | undefined
    if (!before) return undefined
    checkLinks(db, values)
    const stamp = now()
    const moved = (column: string) => values[column] !== undefined && values[column] !== before[column]
    if (table === "episodes" && moved("series_id") && values.sub_category_id === undefined) {
      values.sub_category_id = seriesSubcategory(db, values.series_id)
    }
    const parent = PARENT[table]
    const orderedBy = ORDERED_BY_POSITION[table]
    if (orderedBy && moved(orderedBy)) values.position = nextPosition(db, table, orderedBy, values[orderedBy])
    const assignments = Object.keys(values).map((field) => `${field} = @${field}`)
    db.prepare(`UPDATE ${table} SET ${assignments.join(", ")}, updated_at = @updated_at WHERE id = @id`).run({
      ...values,
      updated_at: stamp,
      id,
    })
    const changed = [refOf(table, id)]
    const parentMoved = parent && (moved(parent.column) || (table === "episodes" && moved("sub_category_id")))
    if (parent && parentMoved) {
      changed.push(...bump(db, parent.table, [before[parent.column], values[parent.column] ?? before[parent.column]], stamp))
    }
    if (table === "series" && moved("sub_category_id")) {
      const followers = db
        .prepare("UPDATE episodes SET sub_category_id = ?, updated_at = ? WHERE series_id = ? AND sub_category_id = ? RETURNING id")
        .all(values.sub_category_id, stamp, id, before.sub_category_id) as { id: number }[]
      changed.push(...followers.map((row) => refOf("episodes", row.id)))
    }
    if (table === "series") reindexSeries(db, id)
    return { changed, deleted: [] }
  })()
}

/**
 * Deletes an entity and everything it contains: a category its subcategories,
 * a subcategory its series, a series its episodes, each with a tombstone. What
 * only points at it is kept and detached (and bumped): a featured item
 * showing a deleted category shows none; an episode filed under a deleted
 * subcategory other than its series' goes back to its series' one. The
 * deleted entity's parent is bumped. Returns undefined when the row does not exist.
 */
export function deleteEntity(db: CatalogueDatabase, table: EditableTable, id: number): WriteResult | undefined {
  return db.transaction(() => {
    const row = db.prepare(`SELECT * FROM ${table} WHERE id = ?`).get(id) as Row | undefined
    if (!row) return undefined
    const stamp = now()
    const doomed = new Map<EditableTable, number[]>([[table, [id]]])
    // Down the containers: the subcategories of a doomed category, then their series, then their episodes.
    let level: EditableTable = table
    for (let child = CHILDREN[level]; child; child = CHILDREN[level]) {
      const ids = db
        .prepare(`SELECT id FROM ${child.table} WHERE ${child.column} IN (SELECT value FROM json_each(?)) ORDER BY id`)
        .all(idList(doomed.get(level) ?? [])) as { id: number }[]
      doomed.set(child.table, ids.map((r) => r.id))
      level = child.table
    }
    const deleted = [...doomed].flatMap(([doomedTable, ids]) => ids.map((doomedId) => refOf(doomedTable, doomedId)))
    const changed: ApiRef[] = []

    const goneSubcategories = idList(doomed.get("sub_categories") ?? [])
    const strays = db
      .prepare(
        `UPDATE episodes SET sub_category_id = (SELECT s.sub_category_id FROM series s WHERE s.id = episodes.series_id), updated_at = ?
          WHERE sub_category_id IN (SELECT value FROM json_each(?))
            AND series_id NOT IN (SELECT value FROM json_each(?)) RETURNING id`,
      )
      .all(stamp, goneSubcategories, idList(doomed.get("series") ?? [])) as { id: number }[]
    changed.push(...strays.map((r) => refOf("episodes", r.id)))
    const orphans = db
      .prepare(
        "UPDATE featured_items SET category_id = NULL, updated_at = ? WHERE category_id IN (SELECT value FROM json_each(?)) RETURNING id",
      )
      .all(stamp, idList(doomed.get("categories") ?? [])) as { id: number }[]
    changed.push(...orphans.map((r) => refOf("featured_items", r.id)))

    recordTombstones(db, deleted, stamp)
    // Children first, for the foreign keys.
    for (const doomedTable of ["episodes", "series", "sub_categories", "categories", "featured_items"] as const) {
      const ids = doomed.get(doomedTable)
      if (!ids?.length) continue
      db.prepare(`DELETE FROM ${doomedTable} WHERE id IN (SELECT value FROM json_each(?))`).run(idList(ids))
      if (doomedTable === "series") db.prepare("DELETE FROM series_search WHERE rowid IN (SELECT value FROM json_each(?))").run(idList(ids))
    }
    const parent = PARENT[table]
    if (parent) changed.unshift(...bump(db, parent.table, [row[parent.column]], stamp))
    return { changed, deleted }
  })()
}
