/** The catalogue's content types (src/api/*), by the contract's names for them. */
export const CONTENT_TYPES = {
  category: "api::category.category",
  subcategory: "api::sub-category.sub-category",
  series: "api::series.series",
  episode: "api::episode.episode",
  featured: "api::featured-item.featured-item",
  siteSettings: "api::site-setting.site-setting",
  subscriber: "api::subscriber.subscriber",
} as const

export type CatalogueType = (typeof CONTENT_TYPES)[keyof typeof CONTENT_TYPES]

/**
 * Lists come in the editors' order (`position`), then in the order the
 * documents were made, as the reference server orders by position then id
 * (cms/src/catalogue/database/reads.ts). The row id last: documents seeded in one
 * millisecond keep their seeding order.
 */
export const EDITORS_ORDER = ["position:asc", "createdAt:asc", "id:asc"]

/** Episodes by their number in the series (catalogue-api.md lets them come in any order). */
export const EPISODE_ORDER = ["episode:asc", "createdAt:asc", "id:asc"]

const SEO = { populate: { image: true } }

/** What each kind's answer shows of it, populated. */
export const POPULATE = {
  category: { images: true, seo: SEO },
  subcategory: { images: true, seo: SEO },
  series: { images: true, seo: SEO, tags: true },
  episode: { images: true, seo: SEO },
  featured: { images: true, categories: { fields: ["title"] } },
  siteSettings: { default_image: true, organization_logo: true },
} as const

/** A relation populated for its documentId and title alone. */
export const LINK = { fields: ["title"] } as const
