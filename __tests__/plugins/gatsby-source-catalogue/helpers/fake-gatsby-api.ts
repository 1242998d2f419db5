import { createHash } from "node:crypto"
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

/**
 * A Gatsby that keeps its nodes between builds of one cache folder, as
 * `enableStatefulSourceNodes` asks: `args` for sourceNodes, and what it
 * logged (info, `WARN …` and `PANIC …` lines) and set as plugin status.
 */
export function statefulGatsby(cacheDirectory: string) {
  const nodes = new Map<string, NodeInput>()
  const log: string[] = []
  const status: Record<string, unknown>[] = []
  const bar = { start: jest.fn(), tick: jest.fn(), end: jest.fn(), total: 0, panicOnBuild: jest.fn((error: unknown) => log.push(`PANIC ${JSON.stringify(error)}`)) }
  const args = {
    actions: {
      createNode: jest.fn((node: NodeInput) => void nodes.set(node.id, node)),
      deleteNode: jest.fn((node: NodeInput) => void nodes.delete(node.id)),
      enableStatefulSourceNodes: jest.fn(),
      setPluginStatus: jest.fn((value: Record<string, unknown>) => void status.push(value)),
    },
    createNodeId: (seed: string) => `id-${seed}`,
    createContentDigest: (content: unknown) => createHash("sha256").update(JSON.stringify(content)).digest("hex"),
    getNodesByType: (type: string) => [...nodes.values()].filter((node) => node.internal.type === type),
    getNode: jest.fn((id: string) => nodes.get(id)),
    cache: { directory: cacheDirectory, get: async () => undefined, set: async () => undefined },
    reporter: {
      info: (message: string) => log.push(message),
      warn: jest.fn((message: string) => log.push(`WARN ${message}`)),
      verbose: jest.fn(),
      createProgress: () => bar,
    },
  }
  return { nodes, log, status, args }
}
