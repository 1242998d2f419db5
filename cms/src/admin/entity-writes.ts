import { Seo, type ApiRef } from "../../../contract/schemas"
import { CHILD, COLUMNS, CREATE_FIELDS, EDITABLE_FIELDS, PARENT, storedValue, type Column } from "../catalogue/database/columns"
import { indexSeries } from "../catalogue/database/writes"
import { forgetTombstone, highestTombstoneId, recordTombstones, refOf, type WriteResult } from "../catalogue/changes"
import { REF_TYPE_OF_TABLE, type CatalogueTable } from "../catalogue/database/tables"
import { now, type CatalogueDatabase } from "../catalogue/database/database"
import { checkWithContract, EditError } from "../catalogue/edits"
import { FIRST_ID, ID_PATTERN } from "../catalogue/ids"

// An editor's create, change and delete of one entity (the admin API). The
// request schemas (admin/routes/entity-bodies.ts) have already checked each field's
// type and refused unknown ones; what is left here needs the database or the
// contract: links to entities that exist, a video no other episode has, and
// `seo` as contract/schemas.ts shapes it.

type Row = Record<string, unknown>

/**
 * The sent fields as their columns store them. `seo` is checked with the
 * contract (types only; odd content is stored as sent) and replaced whole,
 * as lists are; null clears it.
 */
function storedFields(body: Row, fields: Record<string, Column>): Row {
  const values: Row = {}
  for (const [field, value] of Object.entries(body)) {
    const column = fields[field]!
    values[field] = storedValue(column, column.field === "seo" && value !== null ? checkWithContract(Seo, value, [field]) : value)
  }
  return values
}

/** Refuses a link to an entity that does not exist, naming the field. */
function checkLinks(db: CatalogueDatabase, table: CatalogueTable, values: Row): void {
  for (const [field, value] of Object.entries(values)) {
    const target = (COLUMNS[table] as Record<string, Column>)[field]?.target
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
  const rows = db.prepare(`UPDATE ${table} SET updated_at = ? WHERE id IN (SELECT value FROM json_each(?)) RETURNING id`).all(stamp, idList(unique)) as { id: number }[]
  return rows.map((row) => refOf(table, row.id)).sort((a, b) => Number(a.id) - Number(b.id))
}

/** The position after the last of the siblings that share `table`'s `column` value (or of the whole table). */
function nextPosition(db: CatalogueDatabase, table: CatalogueTable, column: string | null, value: unknown): number {
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
export function nextId(db: CatalogueDatabase, table: CatalogueTable): number {
  const row = db.prepare(`SELECT max(id) AS id FROM ${table}`).get() as { id: number | null }
  return Math.max(FIRST_ID[REF_TYPE_OF_TABLE[table]] - 1, row.id ?? 0, highestTombstoneId(db, table)) + 1
}

/**
 * A new or moved entity goes last among its siblings (those with the same
 * container, or the whole table) when its table keeps an order; a featured
 * item's editor may give its position instead.
 */
function placeLast(db: CatalogueDatabase, table: CatalogueTable, values: Row): void {
  if (!("position" in COLUMNS[table]) || values.position !== undefined) return
  const parent = PARENT[table]
  values.position = nextPosition(db, table, parent?.column ?? null, parent && values[parent.column])
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

/**
 * Creates an entity from an editor's fields (the editable ones, plus an
 * episode's `path` and `video_id`), under a new id, last among its siblings.
 * Bumps its parent, which now lists it. An episode's `sub_category_id`
 * defaults to its series' subcategory, its `episode` to the series' next
 * number, its `video_id` to its `path` when that is a number. Throws
 * EditError for a bad `seo`, a link to nothing, or a video already taken.
 */
export function createEntity(db: CatalogueDatabase, table: CatalogueTable, body: Row, id?: number): { id: number; result: WriteResult } {
  return insertEntity(db, table, storedFields(body, CREATE_FIELDS[table]), id)
}

/**
 * createEntity from values as their columns store them (a draft's row, say),
 * under `id` when given (the drafts' copy of the catalogue and the published
 * one give an entity the same id), else the next one.
 */
export function insertEntity(db: CatalogueDatabase, table: CatalogueTable, stored: Row, givenId?: number): { id: number; result: WriteResult } {
  const values = { ...stored }
  return db.transaction(() => {
    checkLinks(db, table, values)
    if (table === "episodes") completeEpisode(db, values)
    const id = givenId ?? nextId(db, table)
    const stamp = now()
    placeLast(db, table, values)
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
    if (!new RegExp(ID_PATTERN).test(path)) throw new EditError("video_id is required when path is not a number")
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
export function updateEntity(db: CatalogueDatabase, table: CatalogueTable, id: number, patch: Row): WriteResult | undefined {
  return updateStored(db, table, id, storedFields(patch, EDITABLE_FIELDS[table]))
}

/** updateEntity from values as their columns store them (a draft's row, say). */
export function updateStored(db: CatalogueDatabase, table: CatalogueTable, id: number, stored: Row): WriteResult | undefined {
  const values = { ...stored }
  return db.transaction(() => {
    const before = db.prepare(`SELECT * FROM ${table} WHERE id = ?`).get(id) as Row | undefined
    if (!before) return undefined
    checkLinks(db, table, values)
    const stamp = now()
    const moved = (column: string) => values[column] !== undefined && values[column] !== before[column]
    if (table === "episodes" && moved("series_id") && values.sub_category_id === undefined) {
      values.sub_category_id = seriesSubcategory(db, values.series_id)
    }
    const parent = PARENT[table]
    if (parent && moved(parent.column)) placeLast(db, table, values)
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
export function deleteEntity(db: CatalogueDatabase, table: CatalogueTable, id: number): WriteResult | undefined {
  return db.transaction(() => {
    const row = db.prepare(`SELECT * FROM ${table} WHERE id = ?`).get(id) as Row | undefined
    if (!row) return undefined
    const stamp = now()
    const doomed = new Map<CatalogueTable, number[]>([[table, [id]]])
    // Down the containers: the subcategories of a doomed category, then their series, then their episodes.
    let level: CatalogueTable = table
    for (let child = CHILD[level]; child; child = CHILD[level]) {
      const ids = db.prepare(`SELECT id FROM ${child.table} WHERE ${child.column} IN (SELECT value FROM json_each(?)) ORDER BY id`).all(idList(doomed.get(level) ?? [])) as {
        id: number
      }[]
      doomed.set(
        child.table,
        ids.map((r) => r.id),
      )
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
      .prepare("UPDATE featured_items SET category_id = NULL, updated_at = ? WHERE category_id IN (SELECT value FROM json_each(?)) RETURNING id")
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
