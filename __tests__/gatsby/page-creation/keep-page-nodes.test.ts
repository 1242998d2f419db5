import type { Node, SourceNodesArgs } from "gatsby"
import { keepPageNodes } from "../../../gatsby/page-creation/keep-page-nodes"

const node = (type: string, id: string) => ({ id, internal: { type } }) as unknown as Node

describe("keepPageNodes", () => {
  it("touches every SitePage node of the last build and makes the site's own PageHead nodes a stateful source, so Gatsby's stale-node sweep keeps both for createPages to find unchanged", async () => {
    const stored: Record<string, Node[]> = {
      SitePage: [node("SitePage", "SitePage /"), node("SitePage", "SitePage /detail/1001/")],
      PageHead: [node("PageHead", "PageHead /detail/1001/")],
      CatalogueEpisode: [node("CatalogueEpisode", "episode 1001")],
    }
    const touchNode = jest.fn()
    const enableStatefulSourceNodes = jest.fn()
    const getNodesByType = jest.fn((type: string) => stored[type] ?? [])
    await keepPageNodes!({ getNodesByType, actions: { touchNode, enableStatefulSourceNodes } } as unknown as SourceNodesArgs, {} as never, () => undefined)
    // The catalogue's own nodes are the source plugin's to keep or sweep; the heads are the site's own.
    expect(touchNode.mock.calls.map(([touched]) => touched.id)).toEqual(["SitePage /", "SitePage /detail/1001/"])
    expect(enableStatefulSourceNodes).toHaveBeenCalledTimes(1)
  })
})
