import { NODE_TYPES } from "../../../../../plugins/gatsby-source-catalogue/src/constants"
import { createFeaturedItemNode, featureRole } from "../../../../../plugins/gatsby-source-catalogue/src/nodes/types/featured-item"
import { fakeGatsbyApi } from "../../helpers/fake-gatsby-api"
import { fakeNodeLinks } from "../../helpers/fake-node-links"

describe("featureRole", () => {
  it("matches titles case-insensitively", () => {
    expect(featureRole({ title: "FITNESS for all" })).toBe("fitness")
    expect(featureRole({ title: "Get entertained" })).toBe("entertainment")
    expect(featureRole({ title: null })).toBeNull()
  })
})

describe("createFeaturedItemNode", () => {
  it("links its first category and falls back to its place in the list for a position", () => {
    const gatsby = fakeGatsbyApi()
    const item = { id: 5, title: "Fitness at home", category: [null, { id: 2 }], position: null }
    createFeaturedItemNode(gatsby.args, { item: { ...item, category: [{ id: 2, title: "Dance" }, { id: 3 }] }, index: 4 }, fakeNodeLinks([`${NODE_TYPES.Category}-2`]))
    createFeaturedItemNode(gatsby.args, { item: { ...item, id: 6 }, index: 0 }, fakeNodeLinks([`${NODE_TYPES.Category}-2`]))
    expect(gatsby.nodes.map((node) => [node._id, node.role, node.position, node.categoryId, node.categoryNode])).toEqual([
      ["5", "fitness", 4, "2", "node-id-of-CatalogueCategory-2"],
      // Its first category is null: no link.
      ["6", "fitness", 0, null, null],
    ])
  })
})
