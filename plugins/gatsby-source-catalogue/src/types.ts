import type { ApiCategory, ApiCategoryStatistic, ApiEpisode, ApiFeaturedItem, ApiSeries, ApiSiteSettings, ApiSubcategory } from "../../../contract/schemas"
import type { CataloguePaths } from "./constants"
import type { ImageSlotOptions } from "./images/slots"
import type { ImageService } from "./images/probe"

/** The options as the schema (plugin-options-schema.ts) leaves them, defaults filled in. */
export interface CataloguePluginOptions extends ImageSlotOptions {
  apiUrl: string
  videoApiUrl: string
  /** Unset: VIDEO_API_TOKEN, read when the plugin runs (videos/look-up.ts), so it is never in Gatsby's persisted state. */
  videoApiToken?: string
  concurrency: number
  retries: number
  retryBaseDelayMs: number
  requestTimeoutMs: number
  paths: CataloguePaths
  /** Null: every picture is resized at build time. */
  imageService: ImageService | null
  imageConcurrency: number
  /** The image store's folder (images/store.ts); null: the default. */
  imageStore?: string | null
  /** Origins of pictures beside the catalogue API's, the video host's and the image service's (a CDN). */
  imageOrigins: string[]
  /** The largest JSON answer read, in bytes. */
  maxJsonBytes: number
  /** The largest picture downloaded, in bytes. */
  maxImageBytes: number
  /** The largest text track (WebVTT) read, in bytes; unset: DEFAULT_MAX_TEXT_TRACK_BYTES. */
  maxTextTrackBytes?: number
}

/**
 * The catalogue's answers as read, before anything is placed: what a full
 * read keeps and a delta read patches. `assembleSnapshot` alone decides from
 * them which category holds a subcategory, which subcategory a series, and
 * the order of each.
 */
export interface CatalogueAnswers {
  /** GET categories: their order, and what a category whose detail answered 404 keeps. */
  categoryList: ApiCategory[]
  /** GET categories/{id}, of each that answered. */
  categories: ApiCategory[]
  /** GET sub-categories/{id}, of each that answered: they list their series, with the series' data. */
  subcategories: ApiSubcategory[]
  /** GET series/{id}/episodes, of each series read. */
  episodeLists: { seriesId: string; episodes: ApiEpisode[] }[]
  featuredItems: ApiFeaturedItem[]
  statistics: ApiCategoryStatistic[]
  /** Null when the backend has none (404): the site then uses its built-in defaults. */
  siteSettings: ApiSiteSettings | null
}

/** The catalogue placed: every entity with its container and position, in API order (`assembleSnapshot`). */
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
