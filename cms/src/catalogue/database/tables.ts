import type { ApiRefType } from "../../../../contract/schemas"

// The catalogue's tables, the ground floor of the reference server: the column
// declarations, the database, the writes and the changes feed all name them.

/** The catalogue's tables, each with the Ref type that names its rows. */
export const REF_TYPE_OF_TABLE = {
  categories: "category",
  sub_categories: "subcategory",
  series: "series",
  episodes: "episode",
  featured_items: "featured",
} as const satisfies Record<string, ApiRefType>

export type CatalogueTable = keyof typeof REF_TYPE_OF_TABLE

export const CATALOGUE_TABLES = Object.keys(REF_TYPE_OF_TABLE) as CatalogueTable[]
