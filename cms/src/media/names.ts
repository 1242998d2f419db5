import { COLUMNS } from "../catalogue/database/columns"
import { CATALOGUE_TABLES } from "../catalogue/database/tables"
import type { CatalogueDatabase } from "../catalogue/database/database"

/** `/media/{name}` at the end of a path or URL (relative, or absolute on any origin), without a query. */
const MEDIA_PATH = /\/media\/([^/?#]+)$/

/** Every string inside a parsed JSON value: image lists, `seo.image.path`, the site settings' pictures. */
function* stringsIn(value: unknown): Generator<string> {
  if (typeof value === "string") yield value
  else if (Array.isArray(value)) for (const item of value) yield* stringsIn(item)
  else if (value && typeof value === "object") for (const item of Object.values(value)) yield* stringsIn(item)
}

/** The SQL that lists every JSON column that may name a picture: each table's images and seo, and the site settings. */
function pictureColumnsSql(): string {
  const selects = CATALOGUE_TABLES.flatMap((table) =>
    Object.entries(COLUMNS[table])
      .filter(([, column]) => column.serve === "images" || column.serve === "seo")
      .map(([name]) => `SELECT ${name} AS json FROM ${table} WHERE ${name} IS NOT NULL`),
  )
  return [...selects, "SELECT settings AS json FROM site_settings"].join(" UNION ALL ")
}

/**
 * The picture names the catalogue uses, which are the only ones `/media`
 * draws: a name made up by a caller (`episode-99999999.jpg`) is a 404
 * rather than a new file on the disk. Read in one pass when first asked and
 * again after `forget()` (the server calls it after every editor's write),
 * so a check costs a set lookup however large the catalogue.
 */
export class CatalogueMediaNames {
  private names: Set<string> | undefined

  constructor(private readonly db: CatalogueDatabase) {}

  has(name: string): boolean {
    this.names ??= this.read()
    return this.names.has(name)
  }

  /** The catalogue changed: read the names again on the next check. */
  forget(): void {
    this.names = undefined
  }

  private read(): Set<string> {
    const names = new Set<string>()
    for (const { json } of this.db.prepare(pictureColumnsSql()).all() as { json: string }[]) {
      for (const text of stringsIn(JSON.parse(json))) {
        const name = MEDIA_PATH.exec(text)?.[1]
        if (name) names.add(name)
      }
    }
    return names
  }
}
