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
