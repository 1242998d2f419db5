import type { GatsbyNode } from "gatsby"
import { CATALOGUE_TYPES } from "./schema/catalogue-types"
import { pictureTypes } from "./schema/picture-types"
import { SEO_TYPES } from "./schema/seo-types"
import type { CataloguePluginOptions } from "./types"

/**
 * Explicit types, so a field the catalogue omits or sends as null never
 * changes the schema or breaks a page query. `!` marks only what the node
 * builder guarantees. Links follow Gatsby node ids (kept beside the
 * upstream ids), so a page depends on the nodes it reads, not on every node
 * of a type, and an edit re-runs only the queries it affects. One module per
 * type family under schema/: pictures, SEO, the catalogue's pages.
 */
export const createSchemaCustomization: GatsbyNode["createSchemaCustomization"] = ({ actions }, pluginOptions) => {
  const options = pluginOptions as unknown as CataloguePluginOptions
  actions.createTypes(pictureTypes(Object.keys(options.imageSlots)) + SEO_TYPES + CATALOGUE_TYPES)
}
