/** The catalogue API's answers as this plugin reads them (shared/API.md). */
export interface ApiImage {
  path: string
}

export interface ApiCategory {
  id: number | string
  title?: string | null
  short_desc?: string | null
  page_title?: string | null
  page_sub_title?: string | null
  description?: string | null
  images?: ApiImage[] | null
}

export interface CataloguePluginOptions {
  apiUrl: string
  requestTimeoutMs: number
}
