import type { ApiSubcategory } from "../../../../../contract/schemas"
import { NODE_TYPES } from "../../constants"
import { descriptionFields, linkTo, nodeBuilder, pageEntityFields, text, type GatsbyApi, type NodeLinks } from "../node-builder"

export interface SubcategoryEntry {
  subcategory: ApiSubcategory
  categoryId: string
  /** Its place among its category's subcategories. */
  position: number
  /** The series it holds, in API order (a series two subcategories list belongs to the first). */
  seriesIds: string[]
}

/** The CatalogueSubcategory node of one subcategory. */
export function createSubcategoryNode(gatsbyApi: GatsbyApi, { subcategory, categoryId, position, seriesIds }: SubcategoryEntry, links: NodeLinks): string {
  const category = linkTo(links, NODE_TYPES.Category, categoryId)
  return nodeBuilder(gatsbyApi, NODE_TYPES.Subcategory, String(subcategory.id), {
    title: text(subcategory.title),
    shortDesc: text(subcategory.short_desc),
    ...descriptionFields(subcategory.description),
    categoryId: category.id,
    categoryNode: category.node,
    images: links.imageNodes(subcategory.images),
    seriesIds,
    seriesNodes: seriesIds.map((id) => links.nodeId(NODE_TYPES.Series, id)),
    position,
    ...pageEntityFields(subcategory, links),
  })
}
