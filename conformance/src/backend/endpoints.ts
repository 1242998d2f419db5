import type { z } from "zod/mini"
import { ANSWERS, type ApiId } from "../../../contract/schemas"

// The Endpoints table of docs/reference/catalogue-api.md, as the kit reads it:
// each endpoint's path, its contract schema (contract/schemas.ts ANSWERS), and
// where in its answer the entities sit that must carry `updated_at` (and, in
// the draft view, `draft`).

/** The catalogue's reads, by the names of ANSWERS. */
export type Endpoint =
  "categories" | "category" | "categoryStatistics" | "featuredCollections" | "subcategory" | "series" | "seriesEpisodes" | "episode" | "search" | "siteSettings"

const segment = (id: ApiId) => encodeURIComponent(String(id))

/** Each endpoint's path relative to the API base, and the row name the table shows for it. */
export const ENDPOINTS: Record<Endpoint, { name: string; shape: string; schema: z.ZodMiniType; path: (id?: ApiId) => string }> = {
  categories: { name: "GET /categories", shape: "{ data: Category[] }", schema: ANSWERS.categories, path: () => "/categories" },
  category: {
    name: "GET /categories/{id}",
    shape: "{ data: Category } with sub_categories",
    schema: ANSWERS.category,
    path: (id) => `/categories/${segment(id!)}`,
  },
  categoryStatistics: {
    name: "GET /categories-states",
    shape: "a bare array of { title, total_videos }, not wrapped in { data }",
    schema: ANSWERS.categoryStatistics,
    path: () => "/categories-states",
  },
  featuredCollections: {
    name: "GET /featured-collections",
    shape: "{ data: FeaturedItem[] }",
    schema: ANSWERS.featuredCollections,
    path: () => "/featured-collections",
  },
  subcategory: {
    name: "GET /sub-categories/{id}",
    shape: "{ data: Subcategory } with series",
    schema: ANSWERS.subcategory,
    path: (id) => `/sub-categories/${segment(id!)}`,
  },
  series: { name: "GET /series/{id}", shape: "{ data: Series }", schema: ANSWERS.series, path: (id) => `/series/${segment(id!)}` },
  seriesEpisodes: {
    name: "GET /series/{id}/episodes",
    shape: "{ data: Episode[] }",
    schema: ANSWERS.seriesEpisodes,
    path: (id) => `/series/${segment(id!)}/episodes`,
  },
  episode: { name: "GET /episodes/{id}", shape: "{ data: Episode }", schema: ANSWERS.episode, path: (id) => `/episodes/${segment(id!)}` },
  search: { name: "GET /search?q=", shape: "{ data: SearchGroup[] }", schema: ANSWERS.search, path: () => "/search" },
  siteSettings: {
    name: "GET /site-settings",
    shape: "{ data: SiteSettings }, or 404 when the backend has none",
    schema: ANSWERS.siteSettings,
    path: () => "/site-settings",
  },
}

/** The detail endpoints, whose unknown id must answer 404 `{ message }`. */
export const DETAIL_ENDPOINTS = ["category", "subcategory", "series", "seriesEpisodes", "episode"] as const satisfies readonly Endpoint[]

/** An entity of an answer and where it sits (`data.sub_categories[2]`). */
export interface Placed {
  field: string
  entity: Record<string, unknown>
}

type Json = Record<string, unknown>
const list = (value: unknown, field: string): Placed[] =>
  Array.isArray(value) ? value.flatMap((entity, index) => (isObject(entity) ? [{ field: `${field}[${index}]`, entity }] : [])) : []
const one = (value: unknown, field: string): Placed[] => (isObject(value) ? [{ field, entity: value }] : [])
const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value)
const dataOf = (answer: unknown): unknown => (isObject(answer) ? answer.data : undefined)

/**
 * The Categories, Subcategories, Series, Episodes and FeaturedItems of an
 * answer: what catalogue-api.md says carries `updated_at` and may carry
 * `draft`. Search's series, featured items' `category` entries and the
 * statistics are not entities and carry neither.
 */
export function entitiesOf(endpoint: Endpoint, answer: unknown): Placed[] {
  const data = dataOf(answer)
  switch (endpoint) {
    case "categories":
    case "featuredCollections":
    case "seriesEpisodes":
      return list(data, "data")
    case "category":
      return [...one(data, "data"), ...list(isObject(data) ? data.sub_categories : undefined, "data.sub_categories")]
    case "subcategory":
      return [...one(data, "data"), ...list(isObject(data) ? data.series : undefined, "data.series")]
    case "series":
    case "episode":
      return one(data, "data")
    default:
      return []
  }
}
