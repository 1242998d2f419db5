import { harness } from "./harness-env"

/** Reads the reference server's catalogue API of this test run: what the site was built from. */
export async function api<T>(path: string): Promise<T> {
  const response = await fetch(`${harness().apiUrl}${path}`)
  if (!response.ok) throw new Error(`GET ${path}: ${response.status}`)
  const body = (await response.json()) as { data: T } | T
  return path === "/categories-states" ? (body as T) : (body as { data: T }).data
}

export interface ApiImage {
  path: string
}
export interface ApiCategory {
  id: number
  title: string
  page_title: string
  page_sub_title: string
  sub_categories: ApiSubcategory[]
}
export interface ApiSubcategory {
  id: number
  title: string
  short_desc: string
  series: ApiSeries[]
}
export interface ApiSeries {
  id: number
  title: string
  tags: { title: string }[]
}
export interface ApiEpisode {
  id: number
  title: string
  episode: number
}

export const PHONE = 375
export const DESKTOP = 1280

/** Gatsby writes links with the trailing slash of its prebuilt pages; compare paths without it. */
export const withoutTrailingSlash = (href: string | null) => href?.replace(/(.)\/$/, "$1") ?? null
