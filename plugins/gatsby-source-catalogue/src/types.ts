import type { CataloguePaths } from "./constants"

/** The catalogue API's answers as this plugin reads them (shared/API.md). Any field may be null or missing. */
export interface ApiImage {
  path?: string | null
}

type Id = number | string

export interface ApiCategory {
  id: Id
  title?: string | null
  short_desc?: string | null
  page_title?: string | null
  page_sub_title?: string | null
  description?: string | null
  images?: ApiImage[] | null
  sub_categories?: ApiSubcategory[] | null
}

export interface ApiSubcategory {
  id: Id
  title?: string | null
  short_desc?: string | null
  description?: string | null
  category_id?: Id | null
  images?: ApiImage[] | null
  series?: ApiSeries[] | null
}

export interface ApiSeries {
  id: Id
  title?: string | null
  description?: string | null
  tags?: ({ title?: string | null } | null)[] | null
  images?: ApiImage[] | null
}

export interface ApiEpisode {
  id: Id
  title?: string | null
  path?: string | null
  description?: string | null
  series_id?: Id | null
  episode?: number | null
  video_id?: Id | null
  images?: ApiImage[] | null
  sub_category_id?: Id | null
}

export interface ApiFeaturedItem {
  id: Id
  title?: string | null
  description?: string | null
  position?: number | null
  category?: ({ id?: Id | null; title?: string | null } | null)[] | null
  images?: ApiImage[] | null
}

export interface ApiCategoryStatistic {
  title?: string | null
  total_videos?: number | null
}

export interface CataloguePluginOptions {
  apiUrl: string
  videoApiUrl: string
  videoApiToken?: string
  concurrency: number
  retries: number
  retryBaseDelayMs: number
  requestTimeoutMs: number
  paths: CataloguePaths
}

/** Everything one crawl of the catalogue found, in API order. */
export interface CatalogueSnapshot {
  categories: { category: ApiCategory; subcategoryIds: string[] }[]
  subcategories: { subcategory: ApiSubcategory; categoryId: string; position: number }[]
  series: { series: ApiSeries; subcategoryId: string; position: number }[]
  episodes: { episode: ApiEpisode; seriesId: string; subcategoryId: string }[]
  featuredItems: ApiFeaturedItem[]
  statistics: ApiCategoryStatistic[]
}
