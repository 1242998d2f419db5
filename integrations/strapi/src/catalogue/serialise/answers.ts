// The shapes of docs/reference/catalogue-api.md's answers, as this
// integration serves them. The integration is its own package and cannot
// import the root's contract/schemas.ts; the root's tests parse these
// answers with it, so the two cannot drift apart unnoticed.

export interface ApiImage {
  path: string
}

export interface ApiSeo {
  title?: string
  description?: string
  image?: { path: string; alt?: string }
  canonical_url?: string
  noindex?: boolean
}

/** What every Category, Subcategory, Series, Episode and FeaturedItem carries. */
export interface ApiEntity {
  id: string
  title: string | null
  description: string | null
  images: ApiImage[]
  seo?: ApiSeo
  updated_at: string | null
  /** The draft view alone: what it shows differs from its published version, or it has none. */
  draft?: boolean
}

export interface ApiCategory extends ApiEntity {
  short_desc: string | null
  page_title: string | null
  page_sub_title: string | null
  sub_categories?: ApiSubcategory[]
}

export interface ApiSubcategory extends ApiEntity {
  short_desc: string | null
  category_id: string | null
  series?: ApiSeries[]
}

export interface ApiSeries extends ApiEntity {
  tags: { title: string | null }[]
}

export interface ApiEpisode extends ApiEntity {
  path: string | null
  series_id: string | null
  episode: number | null
  video_id: string | null
  sub_category_id: string | null
}

export interface ApiFeaturedItem extends ApiEntity {
  position: number | null
  category: { id: string; title: string | null }[]
}

export interface ApiCategoryStatistic {
  title: string | null
  total_videos: number
}

export interface ApiSearchSeries {
  id: string
  title: string | null
  description: string | null
  images: ApiImage[]
}

export interface ApiSearchGroup {
  id: string
  title: string | null
  series: ApiSearchSeries[]
}

export interface ApiSiteSettings {
  site_name: string | null
  title_template: string | null
  default_description: string | null
  default_image: { path: string; alt: string | null } | null
  twitter_site: string | null
  organization: { name: string | null; logo: ApiImage | null; same_as: string[] } | null
  allow_indexing: boolean | null
  draft?: boolean
}
