import type { Node, SourceNodesArgs } from "gatsby"
import { keepPageNodes } from "../../../gatsby/page-creation/keep-page-nodes"

const node = (type: string, id: string) => ({ id, internal: { type } }) as unknown as Node

describe("keepPageNodes", () => {
  it("touches every SitePage node of the last build, so Gatsby's stale-node sweep keeps them for createPage to find unchanged", async () => {
    const pages = [node("SitePage", "SitePage /"), node("SitePage", "SitePage /detail/1001/")]
    const touchNode = jest.fn()
    const getNodesByType = jest.fn((type: string) => (type === "SitePage" ? pages : [node(type, `${type} 1`)]))
    await keepPageNodes!({ getNodesByType, actions: { touchNode } } as unknown as SourceNodesArgs, {} as never, () => undefined)
    expect(getNodesByType).toHaveBeenCalledWith("SitePage")
    expect(touchNode.mock.calls.map(([touched]) => touched.id)).toEqual(["SitePage /", "SitePage /detail/1001/"])
  })
})
