import type { ApiFeaturedItem } from "../../../../../contract/schemas"
import { FEATURE_ROLES, NODE_TYPES } from "../../constants"
import { descriptionFields, linkTo, nodeBuilder, text, type GatsbyApi, type NodeLinks } from "../node-builder"

export interface FeaturedItemEntry {
  item: ApiFeaturedItem
  /** Its place in the API's list: its position when it has none of its own. */
  index: number
}

/** The role a featured item plays on the home page, from its title. */
export function featureRole(item: Pick<ApiFeaturedItem, "title">): string | null {
  const title = item.title ?? ""
  for (const [role, pattern] of Object.entries(FEATURE_ROLES)) if (pattern.test(title)) return role
  return null
}

/** The CatalogueFeaturedItem node of one featured item, linked to its first category. */
export function createFeaturedItemNode(gatsbyApi: GatsbyApi, { item, index }: FeaturedItemEntry, links: NodeLinks): string {
  const firstCategory = item.category?.[0]?.id
  const category = linkTo(links, NODE_TYPES.Category, firstCategory != null ? String(firstCategory) : null)
  return nodeBuilder(gatsbyApi, NODE_TYPES.FeaturedItem, item.id, {
    title: text(item.title),
    ...descriptionFields(item.description),
    position: typeof item.position === "number" ? item.position : index,
    role: featureRole(item),
    categoryId: category.id,
    categoryNode: category.node,
    images: links.imageNodes(item.images),
  })
}
