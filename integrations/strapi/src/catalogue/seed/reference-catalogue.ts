/**
 * The catalogue as the contract serves it (docs/reference/catalogue-api.md),
 * read from any backend that speaks it: the reference server with its
 * sample catalogue, for the seed. Only the fields the seed copies.
 */
export type Id = string | number

export interface Picture {
  path: string
  alt?: string | null
}

export interface Seo {
  title?: string | null
  description?: string | null
  image?: Picture | null
  canonical_url?: string | null
  noindex?: boolean | null
}

interface Entity {
  id: Id
  title: string
  description?: string | null
  images?: Picture[] | null
  seo?: Seo | null
}

export interface Category extends Entity {
  short_desc?: string | null
  page_title?: string | null
  page_sub_title?: string | null
}

export interface Subcategory extends Entity {
  short_desc?: string | null
  category_id: Id
}

export interface Series extends Entity {
  tags?: { title: string }[] | null
  sub_category_id: Id
}

export interface Episode extends Entity {
  path: string
  episode: number
  video_id?: string | number | null
  series_id: Id
}

export interface FeaturedItem extends Entity {
  position?: number | null
  category?: { id: Id }[] | null
}

export interface SiteSettings {
  site_name?: string | null
  title_template?: string | null
  default_description?: string | null
  default_image?: Picture | null
  twitter_site?: string | null
  organization?: { name?: string | null; logo?: Picture | null; same_as?: string[] | null } | null
  allow_indexing?: boolean | null
}

/** Every entity, each list in the order the contract serves it (a parent's children in its own order). */
export interface ReferenceCatalogue {
  categories: Category[]
  subcategories: Subcategory[]
  series: Series[]
  episodes: Episode[]
  featured: FeaturedItem[]
  settings: SiteSettings | null
}

async function read<T>(apiUrl: string, path: string, missing?: "null"): Promise<T> {
  const url = `${apiUrl.replace(/\/$/, "")}${path}`
  const response = await fetch(url)
  if (missing && response.status === 404) return null as T
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}: ${(await response.text()).slice(0, 200)}`)
  return ((await response.json()) as { data: T }).data
}

/**
 * The published catalogue at `apiUrl`, walked as a build walks it: the
 * categories, each category's subcategories, each subcategory's series and
 * each series' episodes, then the featured items and the site settings.
 */
export async function readReferenceCatalogue(apiUrl: string): Promise<ReferenceCatalogue> {
  const catalogue: ReferenceCatalogue = { categories: [], subcategories: [], series: [], episodes: [], featured: [], settings: null }
  for (const { id } of await read<Category[]>(apiUrl, "/categories")) {
    const category = await read<Category & { sub_categories: Subcategory[] }>(apiUrl, `/categories/${id}`)
    const { sub_categories, ...own } = category
    catalogue.categories.push(own)
    for (const { id: subcategoryId } of sub_categories) {
      const { series, ...subcategory } = await read<Subcategory & { series: Series[] }>(apiUrl, `/sub-categories/${subcategoryId}`)
      catalogue.subcategories.push(subcategory)
      for (const { id: seriesId } of series) {
        catalogue.series.push({ ...(await read<Series>(apiUrl, `/series/${seriesId}`)), sub_category_id: subcategory.id })
        const episodes = await read<Episode[]>(apiUrl, `/series/${seriesId}/episodes`)
        catalogue.episodes.push(...episodes.sort((a, b) => a.episode - b.episode))
      }
    }
  }
  catalogue.featured = await read<FeaturedItem[]>(apiUrl, "/featured-collections")
  catalogue.settings = await read<SiteSettings | null>(apiUrl, "/site-settings", "null")
  return catalogue
}

/** Every picture the catalogue names, once each, in the order first named. */
export function picturesOf(catalogue: ReferenceCatalogue): string[] {
  const paths = new Set<string>()
  const add = (picture: Picture | null | undefined) => picture?.path && paths.add(picture.path)
  const entities = [...catalogue.categories, ...catalogue.subcategories, ...catalogue.series, ...catalogue.episodes, ...catalogue.featured]
  for (const entity of entities) {
    entity.images?.forEach(add)
    add(entity.seo?.image)
  }
  add(catalogue.settings?.default_image)
  add(catalogue.settings?.organization?.logo)
  return [...paths]
}
