// What the catalogue's reads get back from Strapi's Document Service, as far
// as the serialisers look at it: plain objects, so the serialisers run (and
// are tested) without a Strapi. Field names are those of the content types
// (src/api/*/content-types/*/schema.json); a field not asked for is missing.

/** A timestamp as the Document Service hands it out: an ISO string, or a Date before it is serialised. */
export type Stamp = string | Date | null | undefined

/** An upload of the media library, as populated on a media field. */
export interface UploadFile {
  url?: string | null
  alternativeText?: string | null
}

/** The catalogue.seo component (src/components/catalogue/seo.json). */
export interface SeoComponent {
  title?: string | null
  description?: string | null
  image?: UploadFile | null
  image_alt?: string | null
  canonical_url?: string | null
  noindex?: boolean | null
}

/** What every version of every document carries. */
export interface StrapiDocument {
  documentId: string
  updatedAt?: Stamp
  publishedAt?: Stamp
}

/** A relation populated for its id (and title, where the answer shows one). */
export interface LinkedDocument extends StrapiDocument {
  title?: string | null
}

export interface CategoryDocument extends StrapiDocument {
  title?: string | null
  short_desc?: string | null
  page_title?: string | null
  page_sub_title?: string | null
  description?: string | null
  images?: UploadFile[] | null
  seo?: SeoComponent | null
  sub_categories?: SubcategoryDocument[] | null
}

export interface SubcategoryDocument extends StrapiDocument {
  title?: string | null
  short_desc?: string | null
  description?: string | null
  images?: UploadFile[] | null
  seo?: SeoComponent | null
  category?: LinkedDocument | null
  series?: SeriesDocument[] | null
}

export interface SeriesDocument extends StrapiDocument {
  title?: string | null
  description?: string | null
  tags?: ({ title?: string | null } | null)[] | null
  images?: UploadFile[] | null
  seo?: SeoComponent | null
  sub_category?: LinkedDocument | null
  episodes?: EpisodeDocument[] | null
}

export interface EpisodeDocument extends StrapiDocument {
  title?: string | null
  episode?: number | null
  video_path?: string | null
  video_id?: string | null
  description?: string | null
  images?: UploadFile[] | null
  seo?: SeoComponent | null
  series?: (LinkedDocument & { sub_category?: LinkedDocument | null }) | null
}

export interface FeaturedItemDocument extends StrapiDocument {
  title?: string | null
  description?: string | null
  position?: number | null
  categories?: LinkedDocument[] | null
  images?: UploadFile[] | null
}

export interface SiteSettingDocument extends StrapiDocument {
  site_name?: string | null
  title_template?: string | null
  default_description?: string | null
  default_image?: UploadFile | null
  default_image_alt?: string | null
  twitter_site?: string | null
  organization_name?: string | null
  organization_logo?: UploadFile | null
  organization_same_as?: unknown
  allow_indexing?: boolean | null
}
