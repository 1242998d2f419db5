import { htmlToText } from "../../../../contract/html-text/html-to-text"
import { COLUMNS, storedValue, type Column } from "./columns"
import { CATALOGUE_TABLES, type CatalogueTable } from "./tables"
import { now, type CatalogueDatabase } from "./database"
import type { CatalogueContent } from "../content"

/**
 * The insert of one table's entities as the seeder and the generator write
 * them: every declared column named, so an entity without `seo` stores NULL.
 */
function inserter(db: CatalogueDatabase, table: CatalogueTable): (entity: Record<string, unknown>) => void {
  const columns = Object.entries(COLUMNS[table]) as [string, Column][]
  const names = columns.map(([name]) => name)
  const insert = db.prepare(`INSERT INTO ${table} (${names.join(", ")}) VALUES (${names.map((name) => `@${name}`).join(", ")})`)
  return (entity) => {
    const row: Record<string, unknown> = {}
    for (const [name, column] of columns) row[name] = storedValue(column, entity[name])
    insert.run(row)
  }
}

/** Writes a whole catalogue (sample or generated) in one transaction. */
export function writeCatalogue(db: CatalogueDatabase, content: CatalogueContent): void {
  const updated_at = now()
  const insert = Object.fromEntries(CATALOGUE_TABLES.map((table) => [table, inserter(db, table)])) as Record<CatalogueTable, ReturnType<typeof inserter>>
  const seriesSubcategory = new Map(content.series.map((s) => [s.id, s.sub_category_id]))

  db.transaction(() => {
    content.categories.forEach((c, position) => insert.categories({ ...c, position, updated_at }))
    content.subCategories.forEach((s, position) => insert.sub_categories({ ...s, position, updated_at }))
    content.series.forEach((s, position) => {
      insert.series({ ...s, position, updated_at })
      indexSeries(db, s.id, s.title, s.description)
    })
    for (const e of content.episodes) {
      const subCategoryId = seriesSubcategory.get(e.series_id)
      if (subCategoryId === undefined) throw new Error(`Episode ${e.id} names unknown series ${e.series_id}`)
      insert.episodes({ ...e, sub_category_id: subCategoryId, updated_at })
    }
    for (const f of content.featuredItems) insert.featured_items({ ...f, updated_at })
  })()
}

/** Keeps the series' full-text row in step with its title and description. */
export function indexSeries(db: CatalogueDatabase, id: number, title: string | null, description: string | null): void {
  db.prepare("DELETE FROM series_search WHERE rowid = ?").run(id)
  db.prepare("INSERT INTO series_search (rowid, title, body) VALUES (?, ?, ?)").run(id, title ?? "", htmlToText(description) ?? "")
}
