/** Shapes the catalogue API answers with (see shared/API.md). */
export interface ApiImage {
  path: string
}

export interface ApiCategory {
  id: number
  title: string | null
  short_desc: string | null
  page_title: string | null
  page_sub_title: string | null
  description: string | null
  images: ApiImage[]
  updated_at: string
  sub_categories?: ApiSubcategory[]
}

export interface ApiSubcategory {
  id: number
  title: string | null
  short_desc: string | null
  description: string | null
  category_id: number
  images: ApiImage[]
  updated_at: string
  series?: ApiSeries[]
}

export interface ApiSeries {
  id: number
  title: string | null
  description: string | null
  tags: { title: string }[]
  images: ApiImage[]
  updated_at: string
}

export interface ApiEpisode {
  id: number
  title: string | null
  path: string
  description: string | null
  series_id: number
  episode: number
  video_id: number
  images: ApiImage[]
  sub_category_id: number
  updated_at: string
}

export interface ApiFeaturedItem {
  id: number
  title: string | null
  description: string | null
  position: number
  category: { id: number; title: string | null }[]
  images: ApiImage[]
  updated_at: string
}

export interface ApiCategoryStatistic {
  title: string | null
  total_videos: number
}

export interface ApiSearchGroup {
  id: number
  title: string | null
  series: Pick<ApiSeries, "id" | "title" | "description" | "images">[]
}

/** A whole catalogue as the seeder and the generator write it. */
export interface CatalogueContent {
  categories: {
    id: number
    title: string
    short_desc: string
    page_title: string
    page_sub_title: string
    description: string
    images: string[]
  }[]
  subCategories: {
    id: number
    category_id: number
    title: string
    short_desc: string
    description: string
    images: string[]
  }[]
  series: {
    id: number
    sub_category_id: number
    title: string
    description: string
    tags: string[]
    images: string[]
  }[]
  episodes: {
    id: number
    series_id: number
    title: string
    path: string
    description: string
    episode: number
    video_id: number
    images: string[]
  }[]
  featuredItems: {
    id: number
    title: string
    description: string
    position: number
    category_id: number | null
    images: string[]
  }[]
}
