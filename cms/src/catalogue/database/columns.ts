import type { ApiSeo } from "../../../../contract/schemas"
import type { CatalogueTable } from "./tables"

// Each catalogue table's columns, declared once. The SQL schema
// (database.ts), the inserts (writes.ts), the row mappers
// (reads.ts), what an editor may write and the admin API's request
// schemas (admin/routes/entity-bodies.ts) are all derived from this declaration.
// The contract types (contract/schemas.ts) are catalogue-api.md's shape, kept apart;
// reads.ts checks at compile time that what is served fits them.

/** How an editor's value of a field is checked and stored. */
export type FieldKind = "text" | "integer" | "stringList" | "seo" | "link" | "optionalLink"

/**
 * One column. `Value` is only a type: what the API serves the column as.
 * Columns are declared in the order the API serves their fields, which is
 * also their order in a new database's CREATE TABLE.
 */
export interface Column<Value = unknown> {
  /** Its SQL type and constraints. */
  sql: string
  /**
   * How the API serves it: as stored; a JSON list of paths as images; a JSON
   * list of titles as tags; JSON `seo`, left out when NULL; a featured item's
   * category link as its `category` list; or not at all.
   */
  serve: "asStored" | "images" | "tags" | "seo" | "category" | "hidden"
  /** How an editor writes it; absent: only the server writes it (ids, positions, stamps). */
  field?: FieldKind
  /** Written once, when the entity is created (an episode's video on the host). */
  createOnly?: true
  /** A new entity must have it (and not null). */
  required?: true
  /** The table a link names by id. */
  target?: CatalogueTable
  /** The link to the entity's container, whose answer lists it: a subcategory's category, and so on. */
  parent?: true
  /** Added after the first release: an older database gains it, empty, when opened. */
  addedLater?: true
  /** Never set: carries `Value` for the type checker. */
  readonly value?: Value
}

const LIST_SQL = "TEXT NOT NULL DEFAULT '[]'"

/** A column the API serves (`Serve`) as a `Value`. */
type Typed<Value, Serve extends Column["serve"] = "asStored"> = Column<Value> & { serve: Serve }

const column = <Value, Serve extends Column["serve"] = "asStored">(spec: Omit<Column, "value"> & { serve: Serve }) => spec as Typed<Value, Serve>

const id = () => column<number>({ sql: "INTEGER PRIMARY KEY", serve: "asStored" })
const text = () => column<string | null>({ sql: "TEXT", serve: "asStored", field: "text" })
const images = () => column<{ path: string }[], "images">({ sql: LIST_SQL, serve: "images", field: "stringList" })
const seo = () => column<ApiSeo, "seo">({ sql: "TEXT", serve: "seo", field: "seo", addedLater: true })
const updatedAt = () => column<string>({ sql: "TEXT NOT NULL", serve: "asStored" })
/** The order among its siblings, kept by the server and not served. */
const position = () => column<number, "hidden">({ sql: "INTEGER NOT NULL DEFAULT 0", serve: "hidden" })
const link = (target: CatalogueTable) => column<number>({ sql: `INTEGER NOT NULL REFERENCES ${target}(id)`, serve: "asStored", field: "link", target })
const parentLink = (target: CatalogueTable) => column<number>({ ...link(target), parent: true, required: true })

/**
 * The catalogue's tables. Text columns that hold lists (images, tags) or
 * objects (an entity's `seo`) are JSON, because the API hands them out whole
 * and nothing queries inside them. A NULL `seo` is an entity without
 * marketing metadata.
 */
export const COLUMNS = {
  categories: {
    id: id(),
    title: text(),
    short_desc: text(),
    page_title: text(),
    page_sub_title: text(),
    description: text(),
    images: images(),
    position: position(),
    seo: seo(),
    updated_at: updatedAt(),
  },
  sub_categories: {
    id: id(),
    title: text(),
    short_desc: text(),
    description: text(),
    category_id: parentLink("categories"),
    images: images(),
    position: position(),
    seo: seo(),
    updated_at: updatedAt(),
  },
  series: {
    id: id(),
    // The API lists a series under its subcategory rather than naming it.
    sub_category_id: column<number, "hidden">({ ...parentLink("sub_categories"), serve: "hidden" }),
    title: text(),
    description: text(),
    tags: column<{ title: string }[], "tags">({ sql: LIST_SQL, serve: "tags", field: "stringList" }),
    images: images(),
    position: position(),
    seo: seo(),
    updated_at: updatedAt(),
  },
  episodes: {
    id: id(),
    title: text(),
    /** The video's id on the video host: one episode per video. */
    path: column<string>({ sql: "TEXT NOT NULL UNIQUE", serve: "asStored", field: "text", createOnly: true, required: true }),
    description: text(),
    series_id: parentLink("series"),
    episode: column<number>({ sql: "INTEGER NOT NULL", serve: "asStored", field: "integer" }),
    video_id: column<number>({ sql: "INTEGER NOT NULL", serve: "asStored", field: "integer", createOnly: true }),
    images: images(),
    // Usually its series' subcategory; an editor may file it under another.
    sub_category_id: link("sub_categories"),
    seo: seo(),
    updated_at: updatedAt(),
  },
  featured_items: {
    id: id(),
    title: text(),
    description: text(),
    /** Set by editors, unlike the other tables' order. */
    position: column<number>({ sql: "INTEGER NOT NULL DEFAULT 0", serve: "asStored", field: "integer" }),
    // Served as `category`: a list of the one category shown, or none.
    category_id: column<{ id: number; title: string | null }[], "category">({
      sql: "INTEGER REFERENCES categories(id)",
      serve: "category",
      field: "optionalLink",
      target: "categories",
    }),
    images: images(),
    seo: seo(),
    updated_at: updatedAt(),
  },
} satisfies Record<CatalogueTable, Record<string, Column>>

type ValueOf<C> = C extends Column<infer Value> ? Exclude<Value, undefined> : never

/**
 * A row of `Table` as the API serves it, typed from its columns: every field
 * but the hidden ones, a featured item's link as `category`, `seo` only when
 * the entity has some.
 */
export type ServedRow<Table extends CatalogueTable, Columns = (typeof COLUMNS)[Table]> = {
  [K in keyof Columns as Columns[K] extends { serve: "hidden" | "seo" } ? never : Columns[K] extends { serve: "category" } ? "category" : K]: ValueOf<Columns[K]>
} & { [K in keyof Columns as Columns[K] extends { serve: "seo" } ? K : never]?: ValueOf<Columns[K]> }

const TABLES = Object.keys(COLUMNS) as CatalogueTable[]

const columnsOf = (table: CatalogueTable): [string, Column][] => Object.entries(COLUMNS[table])

/** A link between two tables: the linking column and the table on the other end. */
export interface Link {
  column: string
  table: CatalogueTable
}

/**
 * An entity's container, whose answer lists it (a category its subcategories,
 * a subcategory its series, a series its episodes): bumped when the entity
 * arrives, leaves or moves, since the site learns membership and order from it.
 * Featured items and categories have none.
 */
export const PARENT: Partial<Record<CatalogueTable, Link>> = Object.fromEntries(
  TABLES.flatMap((table) =>
    columnsOf(table)
      .filter(([, spec]) => spec.parent)
      .map(([name, spec]) => [table, { column: name, table: spec.target! }]),
  ),
)

/** The containers' own children, the other way round: what deleting one deletes. */
export const CHILD: Partial<Record<CatalogueTable, Link>> = Object.fromEntries(
  TABLES.flatMap((table) => {
    const parent = PARENT[table]
    return parent ? [[parent.table, { column: parent.column, table }]] : []
  }),
)

/** A column an editor writes. */
export type WritableColumn = Column & { field: FieldKind }

/**
 * The fields an editor may send, in the order messages list them: the
 * entity's own fields, then its links, then (on create) the create-only ones.
 */
function writableFields(table: CatalogueTable, onCreate: boolean): Record<string, WritableColumn> {
  const writable = columnsOf(table).filter((entry): entry is [string, WritableColumn] => entry[1].field !== undefined && (onCreate || !entry[1].createOnly))
  const rank = ([, column]: [string, Column]) => (column.createOnly ? 2 : column.target ? 1 : 0)
  return Object.fromEntries(writable.sort((a, b) => rank(a) - rank(b)))
}

/** Per table: what an editor may change, and the kind of each field. */
export const EDITABLE_FIELDS = Object.fromEntries(TABLES.map((table) => [table, writableFields(table, false)])) as Record<CatalogueTable, Record<string, WritableColumn>>

/** Per table: what an editor may give a new entity (the editable fields and the create-only ones). */
export const CREATE_FIELDS = Object.fromEntries(TABLES.map((table) => [table, writableFields(table, true)])) as Record<CatalogueTable, Record<string, WritableColumn>>

/** A value as its column stores it: lists as JSON, `seo` as JSON (NULL when absent), the rest as they are. */
export function storedValue(column: Column, value: unknown): unknown {
  if (column.field === "stringList") return JSON.stringify(value)
  if (column.field === "seo") return value == null ? null : JSON.stringify(value)
  return value
}
