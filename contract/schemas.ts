import { z } from "zod/mini"

// The catalogue contract of docs/reference/catalogue-api.md, declared once. Each schema says
// what ANY backend may send, so it is as lenient as catalogue-api.md allows: "any text
// field may be null or missing", ids are numbers or strings, and lists may be
// null or missing. The reference server answers with stricter values (every
// field present, numeric ids), which still satisfy these types; its contract
// tests parse every answer with them. zod/mini, and no Node imports, so that
// any side may import it; the browser takes only its types (`import type`
// ships nothing), since zod in the search page's chunk cost more than the
// check was worth there.

/** Text per catalogue-api.md: a string, null or missing. */
const text = z.nullish(z.string())

/** Ids are opaque: numbers in the reference server, strings elsewhere; never empty. */
export const Id = z.union([z.number(), z.string().check(z.minLength(1))])
export type ApiId = z.infer<typeof Id>

/** A list that a backend may also send as null or leave out. */
const list = <T extends z.ZodMiniType>(item: T) => z.nullish(z.array(item))

/** `{ "path" }`: an absolute URL, or a path relative to the API's origin. */
export const Image = z.object({ path: text })
export type ApiImage = z.infer<typeof Image>

/** The social sharing image of `seo` and of the site settings. */
export const SeoImage = z.extend(Image, { alt: text })
export type ApiSeoImage = z.infer<typeof SeoImage>

/** Marketing metadata a backend may add to an entity (catalogue-api.md, "Marketing metadata"). */
export const Seo = z.object({
  title: text,
  /** Plain text, not HTML. */
  description: text,
  image: z.nullish(SeoImage),
  canonical_url: text,
  noindex: z.nullish(z.boolean()),
})
export type ApiSeo = z.infer<typeof Seo>

/** What every Category, Subcategory, Series, Episode and FeaturedItem carries. */
const entity = {
  id: Id,
  title: text,
  /** HTML written by editors: sanitise before rendering. */
  description: text,
  images: list(Image),
  /** ISO 8601, UTC. */
  updated_at: text,
  seo: z.nullish(Seo),
  /** In the draft view only (catalogue-api.md, "Drafts and preview"): what it shows differs from its published version, or it has none. */
  draft: z.nullish(z.boolean()),
}

export const Series = z.object({
  ...entity,
  tags: list(z.nullable(z.object({ title: text }))),
})
export type ApiSeries = z.infer<typeof Series>

/** `series` comes only with `GET /sub-categories/{id}`. */
export const Subcategory = z.object({
  ...entity,
  short_desc: text,
  category_id: z.nullish(Id),
  series: list(Series),
})
export type ApiSubcategory = z.infer<typeof Subcategory>

/** `sub_categories` (without their series) comes only with `GET /categories/{id}`. */
export const Category = z.object({
  ...entity,
  short_desc: text,
  page_title: text,
  page_sub_title: text,
  sub_categories: list(Subcategory),
})
export type ApiCategory = z.infer<typeof Category>

export const Episode = z.object({
  ...entity,
  /** The video's id on the video host. */
  path: text,
  series_id: z.nullish(Id),
  /** Its number in the series: episodes are shown in ascending order. */
  episode: z.nullish(z.number()),
  video_id: z.nullish(Id),
  sub_category_id: z.nullish(Id),
})
export type ApiEpisode = z.infer<typeof Episode>

export const FeaturedItem = z.object({
  ...entity,
  position: z.nullish(z.number()),
  /** The first element's id is the one used. */
  category: list(z.nullable(z.object({ id: z.nullish(Id), title: text }))),
})
export type ApiFeaturedItem = z.infer<typeof FeaturedItem>

/** One entry of `GET /categories-states`: no id. */
export const CategoryStatistic = z.object({
  /** The category's title. */
  title: text,
  total_videos: z.nullish(z.number()),
})
export type ApiCategoryStatistic = z.infer<typeof CategoryStatistic>

/** A series as search answers it: a few fields of Series only. */
export const SearchSeries = z.pick(Series, { id: true, title: true, description: true, images: true })
export type ApiSearchSeries = z.infer<typeof SearchSeries>

/** One category's matches; `series` may be empty. */
export const SearchGroup = z.object({ id: Id, title: text, series: list(SearchSeries) })
export type ApiSearchGroup = z.infer<typeof SearchGroup>

/** `GET /site-settings`; a backend without it answers 404 and the site uses its defaults. */
export const SiteSettings = z.object({
  site_name: text,
  /** `%s` stands for the page title. */
  title_template: text,
  default_description: text,
  default_image: z.nullish(SeoImage),
  twitter_site: text,
  organization: z.nullish(z.object({ name: text, logo: z.nullish(Image), same_as: list(z.string()) })),
  /** false on staging: every page noindex, robots.txt disallows all. */
  allow_indexing: z.nullish(z.boolean()),
  /** In the draft view only: the settings differ from the published ones. */
  draft: z.nullish(z.boolean()),
})
export type ApiSiteSettings = z.infer<typeof SiteSettings>

export const REF_TYPES = ["category", "subcategory", "series", "episode", "featured", "site-settings"] as const
export type ApiRefType = (typeof REF_TYPES)[number]

/** Names one entity in the changes feed and the webhook; site-settings has a null id. */
export const Ref = z.object({ type: z.enum(REF_TYPES), id: z.nullable(Id) })
export type ApiRef = z.infer<typeof Ref>

/**
 * `GET /changes?since=`: unlike the catalogue's lists, nothing here may be
 * missing, since a feed without `now` or its lists cannot say what changed.
 */
export const Changes = z.object({ now: z.string(), changed: z.array(Ref), deleted: z.array(Ref) })
export type ApiChanges = z.infer<typeof Changes>

/** The JSON body the backend POSTs to the publisher's `/hooks/catalogue`. */
export const WebhookBody = z.object({ event: z.enum(["publish", "unpublish", "draft"]), refs: z.array(Ref) })
export type ApiWebhookBody = z.infer<typeof WebhookBody>

/** One chapter of a video: `start` in seconds from the beginning; a video's come in ascending order, the first usually at 0. */
export const VideoChapter = z.object({ start: z.number(), title: z.string() })
export type ApiVideoChapter = z.infer<typeof VideoChapter>

export const TEXT_TRACK_KINDS = ["captions", "subtitles"] as const

/**
 * A captions or subtitles file of a video: `language` a BCP 47 tag, `url` a
 * WebVTT file, absolute or relative to VIDEO_API_URL, read with the video
 * host's own bearer token.
 */
export const VideoTextTrack = z.object({ language: z.string(), label: z.string(), kind: z.enum(TEXT_TRACK_KINDS), url: z.string() })
export type ApiVideoTextTrack = z.infer<typeof VideoTextTrack>

/**
 * `GET {VIDEO_API_URL}/videos/{path}`. Vimeo sends many more fields, hence a
 * loose object; any of these may be missing, and the lists may be empty.
 */
export const Video = z.looseObject({
  player_embed_url: text,
  name: text,
  /** Seconds. */
  duration: z.nullish(z.number()),
  /** ISO 8601. */
  release_time: text,
  pictures: z.nullish(z.object({ base_link: text })),
  chapters: list(VideoChapter),
  text_tracks: list(VideoTextTrack),
})
export type ApiVideo = z.infer<typeof Video>

export const SubscribeRequest = z.object({ email: z.string() })
export type ApiSubscribeRequest = z.infer<typeof SubscribeRequest>

/** The 200 answer of `POST /subscribe`; `success: false` is a refusal with a message. */
export const SubscribeAnswer = z.object({ success: z.boolean(), message: text })
export type ApiSubscribeAnswer = z.infer<typeof SubscribeAnswer>

/** Body of a 404 and of other errors; the message may be missing on a 4xx/5xx. */
export const ErrorBody = z.object({ message: text })
export type ApiErrorBody = z.infer<typeof ErrorBody>

/** The `{ "data": ... }` wrapper of every answer but `/categories-states`. */
export const dataOf = <T extends z.ZodMiniType>(schema: T) => z.object({ data: schema })

/** The whole answer of each endpoint, by the names of the plugin's `paths` option. */
export const ANSWERS = {
  categories: dataOf(z.array(Category)),
  category: dataOf(Category),
  /** The one bare array of the contract. */
  categoryStatistics: z.array(CategoryStatistic),
  featuredCollections: dataOf(z.array(FeaturedItem)),
  subcategory: dataOf(Subcategory),
  series: dataOf(Series),
  seriesEpisodes: dataOf(z.array(Episode)),
  episode: dataOf(Episode),
  search: dataOf(z.array(SearchGroup)),
  siteSettings: dataOf(SiteSettings),
  changes: dataOf(Changes),
  subscribe: SubscribeAnswer,
  error: ErrorBody,
  video: Video,
} as const
export type ApiAnswers = { [K in keyof typeof ANSWERS]: z.infer<(typeof ANSWERS)[K]> }
