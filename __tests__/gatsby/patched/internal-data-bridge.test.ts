import path from "node:path"

// patches/gatsby+5.16.1.patch: Gatsby's internal data bridge (the owner of the SitePage, SitePlugin,
// SiteFunction, Site and SiteBuildMetadata nodes) is a stateful source. Gatsby's stale-node sweep then
// passes its nodes by, so the site need not touch every SitePage node to keep it; what the sweep did
// for the others, the bridge now does itself: a plugin or function no longer there loses its node.

// Its config watcher would keep the test running; a build has no use for it either.
jest.mock("chokidar", () => ({ watch: () => ({ on: () => undefined }) }))

type Node = { id: string; internal: { type: string } }
type SourceNodes = (args: object) => void

// eslint-disable-next-line @typescript-eslint/no-require-imports -- Gatsby's patched file, loaded by its path (no type declarations)
const { sourceNodes } = require("gatsby/dist/internal-plugins/internal-data-bridge/gatsby-node") as { sourceNodes: SourceNodes }

function lastBuildsNodes(): Node[] {
  return [
    { id: "plugin-kept", internal: { type: "SitePlugin" } },
    { id: "plugin-removed", internal: { type: "SitePlugin" } },
    { id: "gatsby-function-/site/.cache/functions/gone.js", internal: { type: "SiteFunction" } },
    { id: "SitePage /detail/1001/", internal: { type: "SitePage" } },
  ]
}

function build(nodes: Node[]) {
  const actions = { createNode: jest.fn(), deleteNode: jest.fn(), enableStatefulSourceNodes: jest.fn() }
  const plugin = { id: "plugin-kept", name: "gatsby-plugin-image", resolve: path.dirname(require.resolve("gatsby-plugin-image/package.json")) }
  const state = { program: { directory: "/site" }, flattenedPlugins: [plugin], config: { siteMetadata: {} }, functions: [] }
  sourceNodes({
    actions,
    createContentDigest: (value: unknown) => JSON.stringify(value),
    getNodesByType: (type: string) => nodes.filter((node) => node.internal.type === type),
    store: { getState: () => state },
  })
  return actions
}

describe("Gatsby's internal data bridge, patched", () => {
  it("is a stateful source, so the stale-node sweep keeps its SitePage nodes untouched", () => {
    const actions = build(lastBuildsNodes())
    expect(actions.enableStatefulSourceNodes).toHaveBeenCalledTimes(1)
    expect(actions.deleteNode.mock.calls.map(([node]) => (node as Node).id)).not.toContain("SitePage /detail/1001/")
  })

  it("deletes the nodes of a plugin and a function that are gone, and writes those of the plugins there", () => {
    const actions = build(lastBuildsNodes())
    expect(actions.deleteNode.mock.calls.map(([node]) => (node as Node).id).sort()).toEqual(["gatsby-function-/site/.cache/functions/gone.js", "plugin-removed"])
    const written = actions.createNode.mock.calls.map(([node]) => `${(node as Node).internal.type} ${(node as Node).id}`)
    expect(written).toEqual(["SitePlugin plugin-kept", "Site Site", "SiteBuildMetadata SiteBuildMetadata"])
  })
})
