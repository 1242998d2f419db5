import type { ApiCategory, ApiEntity, ApiEpisode, ApiFeaturedItem, ApiSeries, ApiSubcategory } from "./answers"
import type { CategoryDocument, SeoComponent, EpisodeDocument, FeaturedItemDocument, SeriesDocument, StrapiDocument, SubcategoryDocument } from "./documents"
import { markdownToHtml } from "./markdown"
import { imagesOf } from "./media"
import { seoOf } from "./seo"
import { isoUtc } from "./stamps"

// One document version as the contract's entity, fields in the order the
// reference server serves them. Ids are documentIds: the same for a
// document's draft and published versions, so a page keeps its address when
// it is published. `draft` is given in the draft view only.

const text = (value: string | null | undefined): string | null => (value === undefined ? null : value)

/** `seo` (when filled in), `updated_at` and, in the draft view, `draft`: the fields every entity ends with. */
function tail(document: StrapiDocument & { seo?: SeoComponent | null }, draft: boolean | undefined) {
  const seo = seoOf(document.seo)
  return {
    ...(seo ? { seo } : {}),
    updated_at: isoUtc(document.updatedAt),
    ...(draft === undefined ? {} : { draft }),
  }
}

export function toCategory(document: CategoryDocument, draft?: boolean): ApiCategory {
  return {
    id: document.documentId,
    title: text(document.title),
    short_desc: text(document.short_desc),
    page_title: text(document.page_title),
    page_sub_title: text(document.page_sub_title),
    description: markdownToHtml(document.description),
    images: imagesOf(document.images),
    ...tail(document, draft),
  }
}

/** A subcategory; `categoryId` when its category is known without the relation (it is listed under it). */
export function toSubcategory(document: SubcategoryDocument, draft?: boolean, categoryId?: string): ApiSubcategory {
  return {
    id: document.documentId,
    title: text(document.title),
    short_desc: text(document.short_desc),
    description: markdownToHtml(document.description),
    category_id: categoryId ?? document.category?.documentId ?? null,
    images: imagesOf(document.images),
    ...tail(document, draft),
  }
}

export function toSeries(document: SeriesDocument, draft?: boolean): ApiSeries {
  return {
    id: document.documentId,
    title: text(document.title),
    description: markdownToHtml(document.description),
    tags: (document.tags ?? []).flatMap((tag) => (tag ? [{ title: text(tag.title) }] : [])),
    images: imagesOf(document.images),
    ...tail(document, draft),
  }
}

/** The series an episode belongs to and that series' subcategory, when known without the episode's relation. */
export interface EpisodeLinks {
  seriesId: string | null
  subCategoryId: string | null
}

/**
 * An episode: `path` is the video's id on the video host (the `video_path`
 * field, since Strapi keeps `path` for itself), and `sub_category_id` its
 * series' subcategory.
 */
export function toEpisode(document: EpisodeDocument, draft?: boolean, links?: EpisodeLinks): ApiEpisode {
  return {
    id: document.documentId,
    title: text(document.title),
    path: text(document.video_path),
    description: markdownToHtml(document.description),
    series_id: links ? links.seriesId : (document.series?.documentId ?? null),
    episode: document.episode ?? null,
    video_id: text(document.video_id),
    images: imagesOf(document.images),
    sub_category_id: links ? links.subCategoryId : (document.series?.sub_category?.documentId ?? null),
    ...tail(document, draft),
  }
}

/** A featured item; `category` lists its categories as `{ id, title }`, the first being the one the site uses. */
export function toFeaturedItem(document: FeaturedItemDocument, draft?: boolean): ApiFeaturedItem {
  return {
    id: document.documentId,
    title: text(document.title),
    description: markdownToHtml(document.description),
    position: document.position ?? null,
    category: (document.categories ?? []).map((category) => ({ id: category.documentId, title: text(category.title) })),
    images: imagesOf(document.images),
    ...tail(document, draft),
  }
}

/** The fields of an entity search answers with. */
export function toSearchSeries(series: ApiEntity) {
  return { id: series.id, title: series.title, description: series.description, images: series.images }
}
