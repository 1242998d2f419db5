import type { ApiCategory, ApiEpisode, ApiFeaturedItem, ApiSeries, ApiSubcategory } from "../../../contract/schemas"
import type { Served } from "../../../contract/served"

/**
 * An entity as the seeder writes it: the contract's fields, filled, with
 * images as bare paths. `seo` is the contract's own optional field: only a
 * few sample entities carry marketing metadata, and the generator none.
 */
type Seeded<T, Fields extends keyof Served<T>> = Pick<Served<T>, Fields | ("seo" & keyof Served<T>)> & { images: string[] }

/** A whole catalogue as the seeder and the generator write it. */
export interface CatalogueContent {
  categories: Seeded<ApiCategory, "id" | "title" | "short_desc" | "page_title" | "page_sub_title" | "description">[]
  subCategories: Seeded<ApiSubcategory, "id" | "category_id" | "title" | "short_desc" | "description">[]
  /** Tags as bare titles; a series belongs to one subcategory (the API lists it under that subcategory). */
  series: (Seeded<ApiSeries, "id" | "title" | "description"> & { sub_category_id: number; tags: string[] })[]
  episodes: Seeded<ApiEpisode, "id" | "series_id" | "title" | "path" | "description" | "episode" | "video_id">[]
  /** The first of the API's `category` list, by id. */
  featuredItems: (Seeded<ApiFeaturedItem, "id" | "title" | "description" | "position"> & { category_id: number | null })[]
}
