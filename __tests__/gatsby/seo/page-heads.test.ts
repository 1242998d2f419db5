import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { keepHeadDigests, takeHeadDigests } from "../../../gatsby/seo/head-digests-file"
import { PAGE_HEAD_TYPE, writePageHeads, type HeadDigests } from "../../../gatsby/seo/page-heads"
import type { PageHead } from "../../../src/seo/page-head"

interface HeadNode {
  id: string
  path: string
  head: PageHead
  internal: { type: string; contentDigest: string }
}

const head = (title: string) => ({ title, description: `${title}, a class` }) as unknown as PageHead

/** Gatsby's node store as writePageHeads uses it, counting the nodes read back. */
function nodeStore() {
  const nodes = new Map<string, HeadNode>()
  const read: string[] = []
  const args = {
    getNode: (id: string) => {
      read.push(id)
      return nodes.get(id)
    },
    getNodesByType: (type: string) => {
      const found = [...nodes.values()].filter((node) => node.internal.type === type)
      read.push(...found.map((node) => node.id))
      return found
    },
    actions: {
      createNode: jest.fn((node: HeadNode) => void nodes.set(node.id, node)),
      deleteNode: jest.fn((node: HeadNode) => void nodes.delete(node.id)),
    },
  }
  return { nodes, read, args: args as unknown as Parameters<typeof writePageHeads>[0], actions: args.actions }
}

const written = (store: ReturnType<typeof nodeStore>) => store.actions.createNode.mock.calls.map(([node]) => node.path)
const deleted = (store: ReturnType<typeof nodeStore>) => store.actions.deleteNode.mock.calls.map(([node]) => node.path)

describe("writing the pages' heads", () => {
  const first = new Map([
    ["/", head("Home")],
    ["/detail/1/", head("Stretch")],
    ["/detail/2/", head("Salsa")],
  ])
  const next = new Map([
    ["/", head("Home")],
    ["/detail/1/", head("Stretch, longer")],
    ["/detail/3/", head("Tap")],
  ])

  it("with the last build's digests, reads back no head that did not change, and writes the changed, the new and deletes the gone", () => {
    const store = nodeStore()
    const digests = writePageHeads(store.args, first)
    store.read.length = 0
    store.actions.createNode.mockClear()

    writePageHeads(store.args, next, digests)
    expect(written(store)).toEqual(["/detail/1/", "/detail/3/"])
    expect(deleted(store)).toEqual(["/detail/2/"])
    expect(store.read).not.toContain("/")
    expect([...store.nodes.values()].map((node) => [node.path, node.head.title])).toEqual([
      ["/", "Home"],
      ["/detail/1/", "Stretch, longer"],
      ["/detail/3/", "Tap"],
    ])
  })

  it("without them (a first build, or one after a build that did not end), compares every node and leaves the same nodes", () => {
    const store = nodeStore()
    writePageHeads(store.args, first)
    store.actions.createNode.mockClear()
    writePageHeads(store.args, next)
    expect(written(store)).toEqual(["/detail/1/", "/detail/3/"])
    expect(deleted(store)).toEqual(["/detail/2/"])
    expect(store.read).toContain("/")
  })

  it("names each head node by its page's path, which every page query is given as $path", () => {
    const store = nodeStore()
    writePageHeads(store.args, first)
    expect([...store.nodes.values()].map((node) => [node.id, node.path])).toEqual([
      ["/", "/"],
      ["/detail/1/", "/detail/1/"],
      ["/detail/2/", "/detail/2/"],
    ])
  })

  it("without digests, removes the head nodes an earlier build named another way, though their pages stay", () => {
    const store = nodeStore()
    const earlier = { id: "3f1c-uuid", path: "/detail/1/", head: head("Stretch"), internal: { type: PAGE_HEAD_TYPE, contentDigest: "d" } }
    store.nodes.set(earlier.id, earlier)
    writePageHeads(store.args, first)
    expect(store.nodes.has("3f1c-uuid")).toBe(false)
    expect(store.nodes.get("/detail/1/")?.head.title).toBe("Stretch")
  })
})

describe("the head digests kept for the next build", () => {
  let cacheDirectory: string
  beforeEach(() => {
    cacheDirectory = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "head-digests-")), "not-made-yet")
  })
  afterEach(() => fs.rmSync(path.dirname(cacheDirectory), { recursive: true, force: true }))

  const digests: HeadDigests = { "/": "a1", "/detail/1/": "b2" }

  it("are taken once: a build stopped after taking them leaves the next build none, so it compares every node", () => {
    keepHeadDigests(cacheDirectory, digests)
    expect(takeHeadDigests(cacheDirectory)).toEqual(digests)
    expect(takeHeadDigests(cacheDirectory)).toBeUndefined()
  })

  it("are none when the file was written for head nodes named another way", () => {
    fs.mkdirSync(cacheDirectory, { recursive: true })
    fs.writeFileSync(path.join(cacheDirectory, "page-head-digests.json"), JSON.stringify(digests))
    expect(takeHeadDigests(cacheDirectory)).toBeUndefined()
  })

  it("are none when a file was torn", () => {
    fs.mkdirSync(cacheDirectory, { recursive: true })
    fs.writeFileSync(path.join(cacheDirectory, "page-head-digests.json"), '{"/": "a')
    expect(takeHeadDigests(cacheDirectory)).toBeUndefined()
  })
})
