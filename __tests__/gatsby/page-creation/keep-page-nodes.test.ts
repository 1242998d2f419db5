import type { Node, SourceNodesArgs } from "gatsby"
import { keepPageNodes } from "../../../gatsby/page-creation/keep-page-nodes"

const node = (type: string, id: string) => ({ id, internal: { type } }) as unknown as Node

describe("keepPageNodes", () => {
  it("touches every SitePage and PageHead node of the last build, so Gatsby's stale-node sweep keeps them for createPages to find unchanged", async () => {
    const stored: Record<string, Node[]> = {
      SitePage: [node("SitePage", "SitePage /"), node("SitePage", "SitePage /detail/1001/")],
      PageHead: [node("PageHead", "PageHead /detail/1001/")],
      CatalogueEpisode: [node("CatalogueEpisode", "episode 1001")],
    }
    const touchNode = jest.fn()
    const getNodesByType = jest.fn((type: string) => stored[type] ?? [])
    await keepPageNodes!({ getNodesByType, actions: { touchNode } } as unknown as SourceNodesArgs, {} as never, () => undefined)
    // The catalogue's own nodes are the source plugin's to keep or sweep.
    expect(touchNode.mock.calls.map(([touched]) => touched.id)).toEqual(["SitePage /", "SitePage /detail/1001/", "PageHead /detail/1001/"])
  })
})
