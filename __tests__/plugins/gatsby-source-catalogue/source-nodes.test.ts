import type { PluginOptions } from "gatsby"
import { ERROR_CODES, NODE_TYPES } from "../../../plugins/gatsby-source-catalogue/src/constants"
import { sourceNodes } from "../../../plugins/gatsby-source-catalogue/src/source-nodes"
import { categoriesAnswer } from "./fixtures/categories"
import { fakeGatsbyApi } from "./helpers/fake-gatsby-api"

const API_URL = "http://catalogue.test/api"
const options = { apiUrl: API_URL, requestTimeoutMs: 1000, plugins: [] } as unknown as PluginOptions

function answerWith(body: unknown) {
  return jest.spyOn(global, "fetch").mockResolvedValue(new Response(JSON.stringify(body)))
}

afterEach(() => {
  jest.restoreAllMocks()
})

async function source() {
  const gatsby = fakeGatsbyApi()
  await sourceNodes!(gatsby.args, options, () => undefined)
  return gatsby
}

describe("sourceNodes", () => {
  it("creates one category node per category, with stable ids and nulls kept", async () => {
    const fetchSpy = answerWith(categoriesAnswer)
    const { nodes, activity } = await source()
    expect(fetchSpy).toHaveBeenCalledWith(`${API_URL}/categories`, expect.anything())
    expect(nodes).toHaveLength(2)
    expect(nodes[0]).toMatchObject({
      id: `node-id-of-${NODE_TYPES.Category}-1`,
      _id: "1",
      title: "Fitness",
      shortDesc: "Sweat and stretch.",
      pageTitle: "Train Anywhere",
      images: [{ path: "/media/category-1.jpg" }],
      internal: { type: NODE_TYPES.Category },
    })
    expect(nodes[1]).toMatchObject({ _id: "2", shortDesc: null, pageSubTitle: null, images: [] })
    expect(activity.panicOnBuild).not.toHaveBeenCalled()
  })

  it("gives the same node the same digest on the next build, and a new one after an edit", async () => {
    answerWith(categoriesAnswer)
    const first = (await source()).nodes[0]!
    answerWith(categoriesAnswer)
    const again = (await source()).nodes[0]!
    answerWith({ data: [{ ...categoriesAnswer.data[0], title: "Fitness+" }] })
    const edited = (await source()).nodes[0]!
    expect(again.internal.contentDigest).toBe(first.internal.contentDigest)
    expect(edited.internal.contentDigest).not.toBe(first.internal.contentDigest)
    expect(edited.id).toBe(first.id)
  })

  it.each([
    ["a bare array", [{ id: 1 }], 'did not answer { "data": [...] }'],
    ["data that is not a list", { data: { id: 1 } }, 'did not answer { "data": [...] }'],
    ["an item without an id", { data: [{ id: 1 }, { title: "x" }] }, 'item 1 of "data" has no id'],
  ])("stops the build with a message naming the URL for %s", async (_, body, reason) => {
    answerWith(body)
    const { activity, nodes } = await source()
    expect(nodes).toEqual([])
    expect(activity.panicOnBuild).toHaveBeenCalledWith({
      id: ERROR_CODES.CatalogueWrongShape,
      context: { sourceMessage: expect.stringContaining(`${API_URL}/categories: ${reason}`) },
    })
  })

  it("stops the build when the catalogue cannot be reached", async () => {
    jest.spyOn(global, "fetch").mockRejectedValue(new TypeError("fetch failed", { cause: new Error("connect ECONNREFUSED") }))
    const { activity } = await source()
    expect(activity.panicOnBuild).toHaveBeenCalledWith({
      id: ERROR_CODES.CatalogueUnreachable,
      context: { sourceMessage: `${API_URL}/categories: could not be reached (connect ECONNREFUSED)` },
    })
  })
})
