import type { ApiCategory } from "../../../../../contract/schemas"
import { NODE_TYPES } from "../../constants"
import { descriptionFields, nodeBuilder, pageEntityFields, text, type GatsbyApi, type NodeLinks } from "../node-builder"

export interface CategoryEntry {
  category: ApiCategory
  /** Its subcategories in API order, as its detail listed them. */
  subcategoryIds: string[]
  /** Its place in the category list. */
  position: number
}

/** The CatalogueCategory node of one category; only subcategories the catalogue has are linked. */
export function createCategoryNode(gatsbyApi: GatsbyApi, { category, subcategoryIds, position }: CategoryEntry, links: NodeLinks): string {
  const kept = subcategoryIds.filter((id) => links.has(NODE_TYPES.Subcategory, id))
  return nodeBuilder(gatsbyApi, NODE_TYPES.Category, category.id, {
    title: text(category.title),
    shortDesc: text(category.short_desc),
    pageTitle: text(category.page_title),
    pageSubTitle: text(category.page_sub_title),
    ...descriptionFields(category.description),
    images: links.imageNodes(category.images),
    subcategoryIds: kept,
    subcategoryNodes: kept.map((id) => links.nodeId(NODE_TYPES.Subcategory, id)),
    position,
    ...pageEntityFields(category, links),
  })
}
