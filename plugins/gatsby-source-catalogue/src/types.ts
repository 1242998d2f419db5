import type {
  ApiCategory,
  ApiCategoryStatistic,
  ApiEpisode,
  ApiFeaturedItem,
  ApiSeries,
  ApiSiteSettings,
  ApiSubcategory,
} from "../../../contract/schemas"
import type { CataloguePaths } from "./constants"
import type { ImageService } from "./images"

export interface CataloguePluginOptions {
  apiUrl: string
  videoApiUrl: string
  videoApiToken?: string
  concurrency: number
  retries: number
  retryBaseDelayMs: number
  requestTimeoutMs: number
  paths: CataloguePaths
  /** Null: every picture is resized at build time. */
  imageService: ImageService | null
  imageConcurrency: number
}

/** Everything one crawl of the catalogue found, in API order. */
export interface CatalogueSnapshot {
  categories: { category: ApiCategory; subcategoryIds: string[] }[]
  subcategories: { subcategory: ApiSubcategory; categoryId: string; position: number }[]
  series: { series: ApiSeries; subcategoryId: string; position: number }[]
  episodes: { episode: ApiEpisode; seriesId: string; subcategoryId: string }[]
  featuredItems: ApiFeaturedItem[]
  statistics: ApiCategoryStatistic[]
  /** Null when the backend has none (404): the site then uses its built-in defaults. */
  siteSettings: ApiSiteSettings | null
}
