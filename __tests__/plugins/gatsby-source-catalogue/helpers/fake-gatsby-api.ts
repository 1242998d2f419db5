import type { NodeInput, SourceNodesArgs } from "gatsby"

/** The parts of Gatsby's API the plugin uses, as plain jest.fn()s. */
export function fakeGatsbyApi() {
  const nodes: NodeInput[] = []
  const api = {
    actions: { createNode: jest.fn((node: NodeInput) => nodes.push(node)) },
    createNodeId: jest.fn((seed: string) => `node-id-of-${seed}`),
    createContentDigest: jest.fn((content: unknown) => `digest-of-${JSON.stringify(content)}`),
    reporter: {
      setErrorMap: jest.fn(),
      warn: jest.fn(),
    },
  }
  return { api, args: api as unknown as SourceNodesArgs, nodes }
}
