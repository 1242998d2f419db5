import { routes, withTrailingSlash } from "../../../src/routes"
import type { EntitySeoFields, PageSeoInput } from "../../../gatsby/seo/resolve-page-seo"
import type { SourcedSiteSettings } from "../../../gatsby/seo/site-seo"
// A small catalogue as gatsby-node's createPages query answers it
// (Queries.CreatePagesQuery): one category, subcategory, series and episode.
// Shared by the SEO unit tests; not a test file itself.

type Data = Queries.CreatePagesQuery
type Episode = Data["allCatalogueEpisode"]["nodes"][number]
type SourcedSeo = NonNullable<Episode["seo"]>
type Settings = NonNullable<Data["catalogueSiteSettings"]>

export const SITE_URL = "https://moveflix.example"

/**
 * A catalogue page's SEO input: what every one has (its own path, its label,
 * no SEO fields of its own, listed), the rest from `fields`.
 */
export const entityPageInput = (kind: "category" | "subcategory" | "series" | "episode", id: string, title: string, fields: Partial<PageSeoInput>): PageSeoInput => ({
  path: withTrailingSlash(routes[kind](id)),
  kind,
  entity: `${kind} ${id} (${title})`,
  title,
  description: null,
  seo: null,
  image: null,
  breadcrumbs: [],
  updatedAt: null,
  listable: true,
  ...fields,
})

/** What the image pipeline answers for a 1200×630 resize: a path on the site. */
export const resized = (src: string) => ({ resize: { src, width: 1200, height: 630 } })

/** Every field of an entity's `seo`, empty unless given. */
export const sourcedSeo = (over: Partial<SourcedSeo> = {}): SourcedSeo => ({
  title: null,
  description: null,
  imageAlt: null,
  imageRequested: null,
  canonicalUrl: null,
  noindex: false,
  image: null,
  ...over,
})

/** The site settings of a CMS that has them. */
export const cmsSiteSettings = (over: Partial<Settings> = {}): Settings => ({
  found: true,
  siteName: "MoveFlix TV",
  titleTemplate: "%s — MoveFlix TV",
  defaultDescription: "Fitness, dance and entertainment videos to stream at home, whenever you like, with new classes every week.",
  defaultImageAlt: "The MoveFlix studio",
  twitterSite: "@moveflix",
  organizationName: "MoveFlix Ltd",
  organizationSameAs: ["https://www.instagram.com/moveflix"],
  allowIndexing: true,
  previewLane: false,
  defaultImage: resized("/static/cms-default.jpg"),
  organizationLogo: { resize: { src: "/static/logo.png", width: 512, height: 512 } },
  ...over,
})

export const CATEGORY_DESCRIPTION = "Workouts for every level: strength, cardio, yoga and stretching, led by coaches who show every move."
export const SUBCATEGORY_DESCRIPTION = "Build strength at home with short, focused sessions that need little more than a mat and some space."
export const SERIES_DESCRIPTION = "Twelve short sessions that build a strong, steady core, with a coach who explains every single move."
export const EPISODE_DESCRIPTION = "Learn to hold a plank with good form: where to put your hands, how to breathe and when to rest."

export interface CatalogueOptions {
  siteUrl?: string | null
  settings?: Settings | null
  categorySeo?: SourcedSeo | null
  seriesSeo?: SourcedSeo | null
  episodeSeo?: SourcedSeo | null
  episode?: Partial<Episode>
}

/** Category 1 (Fitness) › subcategory 11 (Strength) › series 101 (Core Strength) › episode 1001 (Plank Basics). */
export function catalogueData(options: CatalogueOptions = {}): Data {
  return {
    site: {
      siteMetadata: {
        siteUrl: options.siteUrl === undefined ? SITE_URL : options.siteUrl,
        title: "MoveFlix",
        description: "Fitness, dance and entertainment videos: browse, search and watch.",
      },
    },
    catalogueSiteSettings: options.settings === undefined ? cmsSiteSettings() : options.settings,
    builtInImage: { childImageSharp: resized("/static/home-hero.jpg") },
    allCatalogueCategory: {
      nodes: [
        {
          id: "node-category-1",
          _id: "1",
          title: "Fitness",
          pageSubTitle: CATEGORY_DESCRIPTION,
          shortDesc: "Fitness",
          subcategoryIds: ["11"],
          updatedAt: "2024-01-10T00:00:00.000Z",
          descriptionText: null,
          subcategories: [{ updatedAt: "2024-02-10T00:00:00.000Z" }],
          images: [resized("/static/category-1.jpg")],
          seo: options.categorySeo ?? null,
        },
      ],
    },
    allCatalogueSubcategory: {
      nodes: [
        {
          id: "node-subcategory-11",
          _id: "11",
          title: "Strength",
          shortDesc: SUBCATEGORY_DESCRIPTION,
          categoryId: "1",
          updatedAt: "2024-02-10T00:00:00.000Z",
          descriptionText: null,
          series: [{ updatedAt: "2024-03-10T00:00:00.000Z" }],
          images: [resized("/static/subcategory-11.jpg")],
          seo: null,
        },
      ],
    },
    allCatalogueSeries: {
      nodes: [
        {
          id: "node-series-101",
          _id: "101",
          title: "Core Strength",
          subcategoryId: "11",
          updatedAt: "2024-03-10T00:00:00.000Z",
          descriptionText: SERIES_DESCRIPTION,
          episodes: [{ updatedAt: "2024-04-10T00:00:00.000Z" }],
          images: [resized("/static/series-101.jpg")],
          seo: options.seriesSeo ?? null,
        },
      ],
    },
    allCatalogueEpisode: {
      nodes: [
        {
          id: "node-episode-1001",
          _id: "1001",
          title: "Plank Basics",
          seriesId: "101",
          playerEmbedUrl: "https://player.video.example/video/555",
          videoDurationSeconds: 754,
          videoReleaseTime: "2024-03-01T10:00:00.000Z",
          videoPictureUrl: "https://i.video.example/555_1280.jpg",
          chapters: [],
          transcripts: [],
          updatedAt: "2024-04-10T00:00:00.000Z",
          descriptionText: EPISODE_DESCRIPTION,
          series: { id: "node-series-101" },
          subcategory: { id: "node-subcategory-11" },
          images: [resized("/static/episode-1001.jpg")],
          seo: options.episodeSeo ?? null,
          ...options.episode,
        },
      ],
    },
  }
}

/** A backend without GET /site-settings, as the site sees it. */
export const NO_SETTINGS: SourcedSiteSettings = {
  found: false,
  siteName: null,
  titleTemplate: null,
  defaultDescription: null,
  defaultImage: null,
  twitterSite: null,
  organizationName: null,
  organizationLogoUrl: null,
  organizationSameAs: [],
  allowIndexing: true,
}

/** An entity's SEO fields, none set but those given. */
export const seoFields = (over: Partial<EntitySeoFields> = {}): EntitySeoFields => ({
  title: null,
  description: null,
  image: null,
  imageRequested: null,
  canonicalUrl: null,
  noindex: false,
  ...over,
})
