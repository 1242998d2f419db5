import { NODE_TYPES } from "../constants"

const { Category, Subcategory, Series, Episode, FeaturedItem, CategoryStatistic, Image } = NODE_TYPES

/** The two readings of an editor's `description`, on every type that has one. */
const DESCRIPTION_FIELDS = `
      "Sanitised HTML."
      description: String
      "Plain text of the sanitised description, for teasers and meta descriptions; null when it has none."
      descriptionText: String`

/** What every catalogue entity with text and pictures has: its upstream id, title, description and pictures. */
const TEXT_AND_PICTURES = `
      _id: String!
      title: String
      ${DESCRIPTION_FIELDS}
      images: [${Image}!]! @link`

/** A type with a page of its own: a CatalogueEntity, with marketing metadata (catalogue-api.md, "Marketing metadata") beside `fields`. */
const pageType = (name: string, fields: string) => `
    type ${name} implements Node & CatalogueEntity @dontInfer {
      ${TEXT_AND_PICTURES}
      ${fields}
      "The entity's own SEO overrides; null when it has none."
      seo: CatalogueSeo
      "ISO 8601, UTC: when the content last changed (the sitemap's lastmod)."
      updatedAt: String
      "In a preview: what it shows differs from its published version, or it has none."
      draft: Boolean!
    }
`

/** The catalogue's page types, linked through Gatsby node ids, and the home page's featured items and statistics. */
export const CATALOGUE_TYPES = [
  pageType(
    Category,
    `shortDesc: String
      pageTitle: String
      pageSubTitle: String
      subcategoryIds: [String!]!
      subcategories: [${Subcategory}!]! @link(from: "subcategoryNodes")
      position: Int!`,
  ),
  pageType(
    Subcategory,
    `shortDesc: String
      categoryId: String
      category: ${Category} @link(from: "categoryNode")
      seriesIds: [String!]!
      series: [${Series}!]! @link(from: "seriesNodes")
      position: Int!`,
  ),
  pageType(
    Series,
    `tags: [String!]!
      subcategoryId: String!
      subcategory: ${Subcategory} @link(from: "subcategoryNode")
      "Episode ids in ascending episode order."
      episodeIds: [String!]!
      episodes: [${Episode}!]! @link(from: "episodeNodes")
      position: Int!`,
  ),
  pageType(
    Episode,
    `episode: Int
      videoPath: String
      videoId: String
      "The video host's player link, looked up at build time; null when the lookup failed."
      playerEmbedUrl: String
      "From the video host, for video search: seconds, ISO 8601, and its own still."
      videoDurationSeconds: Int
      videoReleaseTime: String
      videoPictureUrl: String
      "The video host's chapters, in order; empty when it gives none."
      chapters: [CatalogueChapter!]!
      "The video's captions and subtitles as plain-text paragraphs, read at build time; empty when it has none or none could be read."
      transcripts: [CatalogueTranscript!]!
      seriesId: String
      series: ${Series} @link(from: "seriesNode")
      subcategoryId: String
      subcategory: ${Subcategory} @link(from: "subcategoryNode")`,
  ),
  `
    type ${FeaturedItem} implements Node @dontInfer {
      ${TEXT_AND_PICTURES}
      position: Int!
      "fitness, entertainment, or null: what the home page uses it for."
      role: String
      categoryId: String
      category: ${Category} @link(from: "categoryNode")
    }

    "One chapter of an episode's video, in whole seconds: it ends where the next begins, the last at the video's end."
    type CatalogueChapter {
      start: Int!
      end: Int!
      "Plain text."
      title: String!
    }

    "One captions or subtitles track of an episode's video, as plain text."
    type CatalogueTranscript {
      "BCP 47, for the lang attribute."
      language: String!
      "The video host's name for the track, e.g. English (CC)."
      label: String!
      "captions or subtitles."
      kind: String!
      paragraphs: [CatalogueTranscriptParagraph!]!
    }

    "A run of cues read as one paragraph: when it starts (seconds) and its plain text."
    type CatalogueTranscriptParagraph {
      start: Float!
      text: String!
    }

    type ${CategoryStatistic} implements Node @dontInfer {
      _id: String!
      title: String
      totalVideos: Int!
      position: Int!
    }
`,
].join("")
