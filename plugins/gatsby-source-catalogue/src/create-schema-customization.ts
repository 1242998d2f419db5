import type { GatsbyNode } from "gatsby"
import { NODE_TYPES } from "./constants"

/**
 * Explicit types, so a field the catalogue omits or sends as null never
 * changes the schema or breaks a page query.
 */
export const createSchemaCustomization: GatsbyNode["createSchemaCustomization"] = ({ actions }) => {
  actions.createTypes(`
    type CatalogueImage {
      path: String!
    }

    type ${NODE_TYPES.Category} implements Node @dontInfer {
      _id: String!
      title: String
      shortDesc: String
      pageTitle: String
      pageSubTitle: String
      description: String
      images: [CatalogueImage!]!
    }
  `)
}
