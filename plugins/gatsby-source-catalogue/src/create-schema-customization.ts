import type { GatsbyNode } from "gatsby"
import { NODE_TYPES } from "./constants"

const { Category, Subcategory, Series, Episode, FeaturedItem, CategoryStatistic, Image, SiteSettings } = NODE_TYPES

/** Marketing metadata (API.md, "Marketing metadata") on every type that has a page. */
const PAGE_ENTITY_FIELDS = `
      "The entity's own SEO overrides; null when it has none."
      seo: CatalogueSeo
      "ISO 8601, UTC: when the content last changed (the sitemap's lastmod)."
      updatedAt: String`

/** The two readings of an editor's `description`, on every type that has one. */
const DESCRIPTION_FIELDS = `
      "Sanitised HTML."
      description: String
      "Plain text of the sanitised description, for teasers and meta descriptions; null when it has none."
      descriptionText: String`

/**
 * Explicit types, so a field the catalogue omits or sends as null never
 * changes the schema or breaks a page query. `!` marks only what the node
 * builder guarantees. Links follow Gatsby node ids (kept beside the
 * upstream ids), so a page depends on the nodes it reads, not on every node
 * of a type, and an edit re-runs only the queries it affects. Images implement Gatsby's RemoteFile (its
 * `resize` serves the one-off logo); the pages' pictures come from `picture(slot)` and `social` (create-resolvers.ts).
 */
export const createSchemaCustomization: GatsbyNode["createSchemaCustomization"] = ({ actions }) => {
  actions.createTypes(`
    type ${Image} implements Node & RemoteFile @dontInfer {
      url: String!
      filename: String!
      mimeType: String!
      width: Int!
      height: Int!
      filesize: Int
      "Dominant colour (#rrggbb), shown in the picture's box until it loads."
      placeholderColor: String
    }

    "Where the site shows a catalogue picture; each slot names the widths made for it (the plugin's image-slots.ts)."
    enum CatalogueImageSlot {
      CARD
      POSTER
      HERO
    }

    "A picture at one size, such as the social image."
    type CatalogueImageFile {
      src: String!
      width: Int!
      height: Int!
    }

    "As sent by the CMS: the site's SEO checks judge and report these values."
    type CatalogueSeo {
      title: String
      description: String
      "The social image, when it could be used."
      image: ${Image} @link
      imageAlt: String
      "The image path the CMS named, kept to report a broken one."
      imageRequested: String
      canonicalUrl: String
      noindex: Boolean!
    }

    "What every type with a page has: its text, pictures and what search engines are told of it."
    interface CatalogueEntity implements Node @nodeInterface {
      id: ID!
      _id: String!
      title: String
      descriptionText: String
      images: [${Image}!]!
      seo: CatalogueSeo
      updatedAt: String
    }

    type ${SiteSettings} implements Node @dontInfer {
      "false when the backend has no site settings: every field is then empty."
      found: Boolean!
      siteName: String
      titleTemplate: String
      defaultDescription: String
      defaultImage: ${Image} @link
      defaultImageAlt: String
      twitterSite: String
      organizationName: String
      organizationLogo: ${Image} @link
      organizationSameAs: [String!]!
      "false on staging: every page noindex, robots.txt disallows all."
      allowIndexing: Boolean!
    }

    type ${Category} implements Node & CatalogueEntity @dontInfer {
      _id: String!
      title: String
      shortDesc: String
      pageTitle: String
      pageSubTitle: String
      ${DESCRIPTION_FIELDS}
      images: [${Image}!]! @link
      subcategoryIds: [String!]!
      subcategories: [${Subcategory}!]! @link(from: "subcategoryNodes")
      position: Int!
      ${PAGE_ENTITY_FIELDS}
    }

    type ${Subcategory} implements Node & CatalogueEntity @dontInfer {
      _id: String!
      title: String
      shortDesc: String
      ${DESCRIPTION_FIELDS}
      categoryId: String
      category: ${Category} @link(from: "categoryNode")
      images: [${Image}!]! @link
      seriesIds: [String!]!
      series: [${Series}!]! @link(from: "seriesNodes")
      position: Int!
      ${PAGE_ENTITY_FIELDS}
    }

    type ${Series} implements Node & CatalogueEntity @dontInfer {
      _id: String!
      title: String
      ${DESCRIPTION_FIELDS}
      tags: [String!]!
      images: [${Image}!]! @link
      subcategoryId: String!
      subcategory: ${Subcategory} @link(from: "subcategoryNode")
      "Episode ids in ascending episode order."
      episodeIds: [String!]!
      episodes: [${Episode}!]! @link(from: "episodeNodes")
      position: Int!
      ${PAGE_ENTITY_FIELDS}
    }

    type ${Episode} implements Node & CatalogueEntity @dontInfer {
      _id: String!
      title: String
      ${DESCRIPTION_FIELDS}
      episode: Int
      videoPath: String
      videoId: String
      "The video host's player link, looked up at build time; null when the lookup failed."
      playerEmbedUrl: String
      "From the video host, for video search: seconds, ISO 8601, and its own still."
      videoDurationSeconds: Int
      videoReleaseTime: String
      videoPictureUrl: String
      seriesId: String
      series: ${Series} @link(from: "seriesNode")
      subcategoryId: String
      subcategory: ${Subcategory} @link(from: "subcategoryNode")
      images: [${Image}!]! @link
      ${PAGE_ENTITY_FIELDS}
    }

    type ${FeaturedItem} implements Node @dontInfer {
      _id: String!
      title: String
      ${DESCRIPTION_FIELDS}
      position: Int!
      "fitness, entertainment, or null: what the home page uses it for."
      role: String
      categoryId: String
      category: ${Category} @link(from: "categoryNode")
      images: [${Image}!]! @link
    }

    type ${CategoryStatistic} implements Node @dontInfer {
      _id: String!
      title: String
      totalVideos: Int!
      position: Int!
    }
  `)
}
