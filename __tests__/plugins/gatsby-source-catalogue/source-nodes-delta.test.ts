import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import type { SourceNodesArgs } from "gatsby"
import { DEFAULT_PATHS, NODE_TYPES } from "../../../plugins/gatsby-source-catalogue/src/constants"
import { commitHeldNodeDigests } from "../../../plugins/gatsby-source-catalogue/src/nodes/node-digests"
import { sourceNodes } from "../../../plugins/gatsby-source-catalogue/src/source-nodes"
import { seriesEpisodes } from "./fixtures/episodes"
import { FAKE_API_URL, fakeCatalogueFetch } from "./helpers/fake-catalogue-api"
import { statefulGatsby } from "./helpers/fake-gatsby-api"

// Images are not what these tests are about: none is fetched.
jest.mock("../../../plugins/gatsby-source-catalogue/src/images/probe", () => ({
  ...jest.requireActual("../../../plugins/gatsby-source-catalogue/src/images/probe"),
  fetchImages: jest.fn(async () => new Map()),
}))

type Answer = { status?: number; body?: unknown }

/** A Gatsby that keeps its nodes between builds, as `enableStatefulSourceNodes` asks. */
function fakeGatsby(cacheDirectory: string) {
  const { log: info, status, args } = statefulGatsby(cacheDirectory)
  const options = {
    apiUrl: FAKE_API_URL,
    videoApiUrl: "http://video.test",
    videoApiToken: "",
    concurrency: 4,
    retries: 0,
    retryBaseDelayMs: 0,
    requestTimeoutMs: 1000,
    paths: DEFAULT_PATHS,
    imageService: null,
    imageOrigins: [],
    maxJsonBytes: 10 * 2 ** 20,
    maxImageBytes: 20 * 2 ** 20,
  }
  const build = async (changesFeed: (since: string) => Answer, override: Record<string, Answer> = {}) => {
    const fake = fakeCatalogueFetch(override)
    const asked: string[] = []
    jest.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const url = new URL(String(input))
      asked.push(url.pathname)
      if (url.pathname === "/api/changes") {
        const answer = changesFeed(url.searchParams.get("since") ?? "")
        return new Response(JSON.stringify(answer.body ?? {}), { status: answer.status ?? 200 })
      }
      return fake.fetch(input, init)
    })
    info.length = 0
    await sourceNodes!(args as unknown as SourceNodesArgs, options as never, () => undefined)
    return { asked, log: info.join("\n") }
  }
  const ids = (type: string) => args.getNodesByType(type).map((node) => (node as { _id?: string })._id)
  /** The end of a successful build: the build process exits with 0. */
  const succeed = () => commitHeldNodeDigests()
  /** `type:_id` of each node handed to createNode since the last call. */
  const written = () => {
    const calls = args.actions.createNode.mock.calls.map(([node]) => `${node.internal.type}:${(node as { _id?: string })._id}`)
    args.actions.createNode.mockClear()
    return calls
  }
  return { build, ids, status, args, succeed, written }
}

const feed =
  (now: string, changed: object[] = [], deleted: object[] = []) =>
  () => ({ body: { data: { now, changed, deleted } } })

describe("sourceNodes across builds", () => {
  let cacheDirectory: string
  beforeEach(() => {
    cacheDirectory = fs.mkdtempSync(path.join(os.tmpdir(), "catalogue-state-"))
  })
  afterEach(() => {
    jest.restoreAllMocks()
    fs.rmSync(cacheDirectory, { recursive: true, force: true })
  })

  it("reads everything first, then only the changes: a deleted episode's node goes, the rest stay", async () => {
    const gatsby = fakeGatsby(cacheDirectory)
    const first = await gatsby.build(feed("2026-11-23T10:00:00.000Z"))
    expect(first.log).toMatch(/full read \(no earlier read in the cache\)/)
    expect(gatsby.ids(NODE_TYPES.Episode).sort()).toEqual(["1001", "1002", "2001"])
    expect(gatsby.status.at(-1)).toEqual({ watermark: "2026-11-23T10:00:00.000Z", lastRead: "full" })
    expect(gatsby.args.actions.enableStatefulSourceNodes).toHaveBeenCalled()

    const [, firstEpisode] = seriesEpisodes["101"]!
    let askedSince = ""
    const second = await gatsby.build(
      (since) => {
        askedSince = since
        return feed("2026-11-23T10:05:00.000Z", [{ type: "series", id: 101 }], [{ type: "episode", id: 1002 }])()
      },
      { "/series/101": { body: { data: { id: 101, title: "HIIT 30" } } }, "/series/101/episodes": { body: { data: [firstEpisode] } } },
    )
    expect(askedSince).toBe("2026-11-23T10:00:00.000Z")
    expect(second.log).toMatch(/delta read of 1 changed and 1 deleted since 2026-11-23T10:00:00.000Z, 4 requests/)
    expect(second.asked.sort()).toEqual(["/api/categories-states", "/api/changes", "/api/series/101", "/api/series/101/episodes"])
    expect(gatsby.ids(NODE_TYPES.Episode).sort()).toEqual(["1001", "2001"])
    expect(gatsby.ids(NODE_TYPES.Series).sort()).toEqual(["101", "102", "201"])
    expect(gatsby.status.at(-1)).toEqual({ watermark: "2026-11-23T10:05:00.000Z", lastRead: "delta" })
  })

  it("reads everything again when the feed answers 410, and when the cache is gone", async () => {
    const gatsby = fakeGatsby(cacheDirectory)
    await gatsby.build(feed("2026-11-23T10:00:00.000Z"))
    const expired = await gatsby.build((since) => (since === "2026-11-23T10:00:00.000Z" ? { status: 410, body: { message: "too old" } } : feed("2026-11-23T11:00:00.000Z")()))
    expect(expired.log).toMatch(/full read \(the changes feed no longer reaches back to 2026-11-23T10:00:00.000Z \(410\)\)/)
    expect(expired.asked).toContain("/api/categories")

    fs.rmSync(cacheDirectory, { recursive: true, force: true })
    const cleaned = await gatsby.build(feed("2026-11-23T12:00:00.000Z"))
    expect(cleaned.log).toMatch(/full read \(no earlier read in the cache\)/)
  })

  it("always reads everything from a backend without a changes feed, and keeps no state", async () => {
    const gatsby = fakeGatsby(cacheDirectory)
    await gatsby.build(() => ({ status: 404, body: { message: "no" } }))
    const again = await gatsby.build(() => ({ status: 404, body: { message: "no" } }))
    expect(again.log).toMatch(/full read \(no earlier read in the cache\)/)
    expect(gatsby.status).toEqual([])
  })

  it("after a successful build, creates only the nodes whose content changed and still removes a deleted entity's", async () => {
    const gatsby = fakeGatsby(cacheDirectory)
    const first = await gatsby.build(feed("2026-11-23T10:00:00.000Z"))
    await gatsby.succeed()
    const everyNode = gatsby.written()
    expect(everyNode.length).toBeGreaterThan(10)
    const descriptions = /(\d+) of (\d+) descriptions as the last build sanitised them/
    const [, firstReused, firstCount] = descriptions.exec(first.log) ?? []
    expect([Number(firstReused), Number(firstCount)]).toEqual([0, expect.any(Number)])

    const [, firstEpisode] = seriesEpisodes["101"]!
    gatsby.args.getNode.mockClear()
    const second = await gatsby.build(feed("2026-11-23T10:05:00.000Z", [{ type: "series", id: 101 }], [{ type: "episode", id: 1002 }]), {
      "/series/101": { body: { data: { id: 101, title: "HIIT 30" } } },
      "/series/101/episodes": { body: { data: [firstEpisode] } },
    })
    const written = gatsby.written()
    expect(written).toContain(`${NODE_TYPES.Series}:101`)
    expect(written).not.toContain(`${NODE_TYPES.Series}:102`)
    expect(written.some((node) => node.startsWith(`${NODE_TYPES.Category}:`))).toBe(false)
    expect(written.length).toBeLessThan(everyNode.length / 2)
    expect(second.log).toMatch(new RegExp(`Catalogue nodes: ${written.length} of \\d+ written, 1 of deleted entities removed`))
    // No description was edited: each is as the first build sanitised it (the deleted episode's gone with it).
    const [, reused, count] = descriptions.exec(second.log) ?? []
    expect(Number(reused)).toBeGreaterThan(0)
    expect(reused).toBe(count)
    expect(gatsby.ids(NODE_TYPES.Episode).sort()).toEqual(["1001", "2001"])
    expect(gatsby.args.actions.deleteNode).toHaveBeenCalledTimes(1)
    // Only the node that may be gone is read back from Gatsby's store, not every node the last build made.
    expect(gatsby.args.getNode.mock.calls).toEqual([[`id-${NODE_TYPES.Episode}-1002`]])
  })

  it("after a build that stopped once it had written nodes, writes again (deleting first) each node it changed, so Gatsby re-runs their pages' queries", async () => {
    const gatsby = fakeGatsby(cacheDirectory)
    await gatsby.build(feed("2026-11-23T10:00:00.000Z"))
    await gatsby.succeed()
    gatsby.written()
    await gatsby.build(feed("2026-11-23T10:05:00.000Z", [{ type: "series", id: 101 }]), { "/series/101": { body: { data: { id: 101, title: "HIIT 30" } } } })
    expect(gatsby.written()).toEqual([`${NODE_TYPES.Series}:101`])
    gatsby.args.actions.deleteNode.mockClear()

    // No successful exit: that build failed after sourcing. The next reads nothing new.
    const third = await gatsby.build(feed("2026-11-23T10:10:00.000Z"))
    expect(third.log).toMatch(/the last build stopped after writing nodes/)
    expect(gatsby.written()).toEqual([`${NODE_TYPES.Series}:101`])
    expect(gatsby.args.actions.deleteNode.mock.calls.map(([node]) => (node as { _id?: string })._id)).toEqual(["101"])
    await gatsby.succeed()

    const fourth = await gatsby.build(feed("2026-11-23T10:15:00.000Z"))
    expect(gatsby.written()).toEqual([])
    expect(fourth.log).toMatch(/Catalogue nodes: 0 of \d+ written, 0 of deleted entities removed/)
  })

  it("after a stopped build, writes a node whose edit was taken back since (Gatsby holds the stopped build's version)", async () => {
    const gatsby = fakeGatsby(cacheDirectory)
    await gatsby.build(feed("2026-11-23T10:00:00.000Z"))
    await gatsby.succeed()
    const original = (gatsby.args.getNode("id-CatalogueSeries-101") as { title?: string } | undefined)?.title
    expect(original).toBeTruthy()
    await gatsby.build(feed("2026-11-23T10:05:00.000Z", [{ type: "series", id: 101 }]), { "/series/101": { body: { data: { id: 101, title: "HIIT 30" } } } })
    gatsby.written()
    await gatsby.build(feed("2026-11-23T10:10:00.000Z", [{ type: "series", id: 101 }]), { "/series/101": { body: { data: { id: 101, title: original } } } })
    expect(gatsby.written()).toEqual([`${NODE_TYPES.Series}:101`])
    expect((gatsby.args.getNode("id-CatalogueSeries-101") as { title?: string }).title).toBe(original)
  })
})
