import type { GatsbyNode } from "gatsby"
import { NODE_TYPES } from "./constants"

const { Category, Subcategory, Series, Episode, FeaturedItem, CategoryStatistic, Image } = NODE_TYPES

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
 * of a type, and an edit re-runs only the queries it affects. Images implement Gatsby's RemoteFile, whose
 * `gatsbyImage` resolver makes the responsive image data.
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
    }

    type ${Category} implements Node @dontInfer {
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
    }

    type ${Subcategory} implements Node @dontInfer {
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
    }

    type ${Series} implements Node @dontInfer {
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
    }

    type ${Episode} implements Node @dontInfer {
      _id: String!
      title: String
      ${DESCRIPTION_FIELDS}
      episode: Int
      videoPath: String
      videoId: String
      "The video host's player link, looked up at build time; null when the lookup failed."
      playerEmbedUrl: String
      seriesId: String
      series: ${Series} @link(from: "seriesNode")
      subcategoryId: String
      subcategory: ${Subcategory} @link(from: "subcategoryNode")
      images: [${Image}!]! @link
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
