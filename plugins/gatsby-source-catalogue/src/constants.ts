/** GraphQL type names of the nodes this plugin creates. */
export const NODE_TYPES = {
  Category: "CatalogueCategory",
  Subcategory: "CatalogueSubcategory",
  Series: "CatalogueSeries",
  Episode: "CatalogueEpisode",
  FeaturedItem: "CatalogueFeaturedItem",
  CategoryStatistic: "CatalogueCategoryStatistic",
  Image: "CatalogueImage",
  SiteSettings: "CatalogueSiteSettings",
} as const

export type NodeType = (typeof NODE_TYPES)[keyof typeof NODE_TYPES]

/** Keys in Gatsby's per-plugin cache, which outlives a build. */
export const CACHE_KEYS = {
  /** Prefix of one entry per video: what the video host said of it (`VideoFacts`). */
  videoFacts: "video-facts",
  /** Prefix of one entry per text track read: its paragraphs (transcripts/tracks.ts). */
  transcript: "video-transcript",
  /** Prefix of one entry per image URL: its size and type, once probed. */
  imageProbe: "image-probe",
  /** Prefix of one entry per downloaded picture: its ETag and Last-Modified, to revalidate the file. */
  imageDownload: "image-download",
} as const

/**
 * Error ids registered with `reporter.setErrorMap`. Gatsby prefixes them with
 * the plugin name, so they only need to be unique here.
 */
export const ERROR_CODES = {
  CatalogueUnreachable: "11001",
  CatalogueHttpError: "11002",
  CatalogueNotJson: "11003",
  CatalogueWrongShape: "11004",
  CatalogueTooLarge: "11005",
  CatalogueRefused: "11006",
} as const

export const DEFAULT_VIDEO_API_URL = "https://api.vimeo.com"

/** The largest text track read for a transcript (the maxTextTrackBytes option's default): an hour of captions is about 100 KiB. */
export const DEFAULT_MAX_TEXT_TRACK_BYTES = 2 * 2 ** 20

/** catalogue-api.md's paths; `{id}` and `{path}` are filled in per request. */
export const DEFAULT_PATHS = {
  categories: "/categories",
  category: "/categories/{id}",
  categoryStatistics: "/categories-states",
  featuredCollections: "/featured-collections",
  subcategory: "/sub-categories/{id}",
  series: "/series/{id}",
  seriesEpisodes: "/series/{id}/episodes",
  episode: "/episodes/{id}",
  /** Optional for a backend: a 404 means "always read everything". */
  changes: "/changes",
  /** Optional for a backend: a 404 means "use the site's defaults". */
  siteSettings: "/site-settings",
  video: "/videos/{path}",
} as const

export type CataloguePaths = { [K in keyof typeof DEFAULT_PATHS]: string }

/** Feature-item roles the home page looks for, by what their title contains. */
export const FEATURE_ROLES = {
  fitness: /fitness/i,
  entertainment: /entertained/i,
} as const
