import type { SourceNodesArgs } from "gatsby"
import { keepPageNodes } from "../../../gatsby/page-creation/keep-page-nodes"

describe("keepPageNodes", () => {
  it("makes the site's own PageHead nodes a stateful source, so Gatsby's stale-node sweep keeps them for createPages to find unchanged, and touches no node", async () => {
    const touchNode = jest.fn()
    const enableStatefulSourceNodes = jest.fn()
    await keepPageNodes!({ getNodesByType: () => [], actions: { touchNode, enableStatefulSourceNodes } } as unknown as SourceNodesArgs, {} as never, () => undefined)
    expect(enableStatefulSourceNodes).toHaveBeenCalledTimes(1)
    expect(touchNode).not.toHaveBeenCalled()
  })
})
