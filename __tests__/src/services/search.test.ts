/** @jest-environment jsdom */
import { parseSearchAnswer, searchCatalogue } from "../../../src/services/search"

const API = "http://127.0.0.1:4000/api"

// jsdom (for its DOMParser) has no fetch: a stand-in answers with what a test sets.
const fetchMock = jest.fn<Promise<Response>, Parameters<typeof fetch>>()
beforeEach(() => {
  fetchMock.mockReset()
  globalThis.fetch = fetchMock
})

function answer(status: number, body: unknown): Response {
  return { ok: status >= 200 && status < 300, status, json: async () => body } as Response
}

describe("parseSearchAnswer", () => {
  it("keeps the groups in order, with ids as strings and every series a card can show", () => {
    const groups = parseSearchAnswer(
      {
        data: [
          {
            id: 1,
            title: "Fitness",
            series: [{ id: 101, title: "Sunrise Yoga", description: "<p>Flow &amp; <em>breathe</em>.</p>", images: [{ path: "/media/yoga.jpg" }] }],
          },
          { id: 2, title: "Dance", series: [] },
        ],
      },
      API,
    )
    expect(groups).toEqual([
      {
        id: "1",
        title: "Fitness",
        series: [{ id: "101", title: "Sunrise Yoga", description: "Flow & breathe.", imageUrl: "http://127.0.0.1:4000/media/yoga.jpg" }],
      },
      { id: "2", title: "Dance", series: [] },
    ])
  })

  it("shows a description as text only: markup and scripts never reach the card", () => {
    const [group] = parseSearchAnswer(
      { data: [{ id: 1, title: "A", series: [{ id: 5, title: "X", description: '<img src=x onerror="alert(1)"><script>alert(2)</script>Plain', images: [] }] }] },
      API,
    )
    expect(group!.series[0]!.description).toBe("Plain")
  })

  it("takes missing and null fields as catalogue-api.md allows: no text, no picture", () => {
    const [group] = parseSearchAnswer({ data: [{ id: "g", series: [{ id: "s", title: null, images: null }] }] }, API)
    expect(group).toEqual({ id: "g", title: null, series: [{ id: "s", title: null, description: null, imageUrl: null }] })
  })

  it("keeps only http(s) picture URLs", () => {
    const [group] = parseSearchAnswer({ data: [{ id: 1, title: "A", series: [{ id: 2, images: [{ path: "javascript:alert(1)" }] }] }] }, API)
    expect(group!.series[0]!.imageUrl).toBeNull()
  })

  it.each([
    ["no data list", { groups: [] }],
    ["data that is not a list", { data: { id: 1 } }],
    ["nothing at all", null],
  ])("rejects an answer with %s", (_case, body) => {
    expect(() => parseSearchAnswer(body, API)).toThrow('The search answer has no "data" list')
  })

  it("leaves out what no card can link to: groups and series without an id, series that are not a list", () => {
    const groups = parseSearchAnswer(
      {
        data: [
          { title: "No id", series: [] },
          { id: 1, title: "Fitness", series: [{ title: "No id" }, { id: 7, title: "Kept" }] },
          { id: 2, series: "many" },
        ],
      },
      API,
    )
    expect(groups.map((group) => [group.id, group.series.map((series) => series.title)])).toEqual([
      ["1", ["Kept"]],
      ["2", []],
    ])
  })
})

describe("searchCatalogue", () => {
  it("asks GET /search with the text exactly as typed", async () => {
    fetchMock.mockResolvedValue(answer(200, { data: [] }))
    const signal = new AbortController().signal
    await expect(searchCatalogue(`${API}/`, `"yoga" & flow #1 100%`, signal)).resolves.toEqual([])
    const [url, init] = fetchMock.mock.calls[0]!
    expect(new URL(String(url)).pathname).toBe("/api/search")
    expect(new URL(String(url)).searchParams.get("q")).toBe(`"yoga" & flow #1 100%`)
    expect(init?.signal).toBe(signal)
  })

  it("fails on an error status, so the page logs it and shows nothing", async () => {
    fetchMock.mockResolvedValue(answer(500, { message: "down" }))
    await expect(searchCatalogue(API, "yoga", new AbortController().signal)).rejects.toThrow("Search answered 500")
  })
})
