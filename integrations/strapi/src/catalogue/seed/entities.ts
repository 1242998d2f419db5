import { htmlToMarkdown } from "./markdown"
import type { PictureIds } from "./pictures"
import type { Category, Episode, FeaturedItem, Picture, Series, Seo, SiteSettings, Subcategory } from "./reference-catalogue"

/** What the document service's create takes for one entity: its fields, relations by documentId, media by file id. */
export type DocumentData = Record<string, unknown>

/** The content types the seed fills. */
export const UID = {
  category: "api::category.category",
  subcategory: "api::sub-category.sub-category",
  series: "api::series.series",
  episode: "api::episode.episode",
  featured: "api::featured-item.featured-item",
  settings: "api::site-setting.site-setting",
} as const

/** The contract's id is the documentId: the site's addresses (/detail/1002/) stay the same from either CMS. */
const documentId = (id: string | number) => String(id)

/**
 * A relation to the document `id`, long hand: Strapi reads a short-hand
 * relation that parses as a number ("1002") as a row id, not a documentId.
 */
const relationTo = (id: string | number) => ({ documentId: documentId(id) })

/** Maps the contract's pictures to the media library's file ids. */
export class Pictures {
  constructor(private readonly ids: PictureIds) {}

  one(picture: Picture | null | undefined): number | null {
    if (!picture?.path) return null
    const id = this.ids.get(picture.path)
    if (id === undefined) throw new Error(`The picture ${picture.path} was not uploaded`)
    return id
  }

  list(pictures: Picture[] | null | undefined): number[] {
    return (pictures ?? []).flatMap((picture) => this.one(picture) ?? [])
  }

  /** The catalogue.seo component; undefined when the entity has none. */
  seo(seo: Seo | null | undefined): DocumentData | undefined {
    if (!seo) return undefined
    return {
      title: seo.title ?? null,
      description: seo.description ?? null,
      image: this.one(seo.image),
      image_alt: seo.image?.alt ?? null,
      canonical_url: seo.canonical_url ?? null,
      noindex: seo.noindex ?? false,
    }
  }
}

export function categoryData(category: Category, position: number, pictures: Pictures): DocumentData {
  return {
    documentId: documentId(category.id),
    title: category.title,
    short_desc: category.short_desc ?? null,
    page_title: category.page_title ?? null,
    page_sub_title: category.page_sub_title ?? null,
    description: htmlToMarkdown(category.description),
    images: pictures.list(category.images),
    position,
    seo: pictures.seo(category.seo),
  }
}

export function subcategoryData(subcategory: Subcategory, position: number, pictures: Pictures): DocumentData {
  return {
    documentId: documentId(subcategory.id),
    title: subcategory.title,
    short_desc: subcategory.short_desc ?? null,
    description: htmlToMarkdown(subcategory.description),
    images: pictures.list(subcategory.images),
    position,
    category: relationTo(subcategory.category_id),
    seo: pictures.seo(subcategory.seo),
  }
}

export function seriesData(series: Series, position: number, pictures: Pictures): DocumentData {
  return {
    documentId: documentId(series.id),
    title: series.title,
    description: htmlToMarkdown(series.description),
    tags: (series.tags ?? []).map(({ title }) => ({ title })),
    images: pictures.list(series.images),
    position,
    sub_category: relationTo(series.sub_category_id),
    seo: pictures.seo(series.seo),
  }
}

export function episodeData(episode: Episode, pictures: Pictures): DocumentData {
  return {
    documentId: documentId(episode.id),
    title: episode.title,
    episode: episode.episode,
    video_path: episode.path,
    video_id: episode.video_id === null || episode.video_id === undefined ? null : String(episode.video_id),
    description: htmlToMarkdown(episode.description),
    images: pictures.list(episode.images),
    series: relationTo(episode.series_id),
    seo: pictures.seo(episode.seo),
  }
}

/** A featured item's position is the contract's own field; where one lacks it, its place in the list. */
export function featuredData(item: FeaturedItem, index: number, pictures: Pictures): DocumentData {
  return {
    documentId: documentId(item.id),
    title: item.title,
    description: htmlToMarkdown(item.description),
    position: item.position ?? index,
    categories: (item.category ?? []).map(({ id }) => relationTo(id)),
    images: pictures.list(item.images),
  }
}

export function settingsData(settings: SiteSettings, pictures: Pictures): DocumentData {
  return {
    site_name: settings.site_name ?? null,
    title_template: settings.title_template ?? null,
    default_description: settings.default_description ?? null,
    default_image: pictures.one(settings.default_image),
    default_image_alt: settings.default_image?.alt ?? null,
    twitter_site: settings.twitter_site ?? null,
    organization_name: settings.organization?.name ?? null,
    organization_logo: pictures.one(settings.organization?.logo),
    organization_same_as: settings.organization?.same_as ?? null,
    allow_indexing: settings.allow_indexing ?? true,
  }
}
