import { SEARCH_RESULT_LIMIT } from "../../../cms/src/catalogue/routes/search"
import { toFtsQuery } from "../../../cms/src/catalogue/search"
import { ANSWERS } from "../../../contract/schemas"
import { expectContract } from "../helpers/contract"
import { startTestServer, type TestServer } from "../helpers/test-server"

interface Group {
  id: number
  title: string
  series: { id: number; title: string; description: string; images: { path: string }[] }[]
}

let server: TestServer

beforeAll(async () => {
  server = await startTestServer()
})

afterAll(async () => {
  await server.destroy()
})

async function search(q: string): Promise<Group[]> {
  const { status, body } = await server.call(`/api/search?q=${encodeURIComponent(q)}`)
  expect(status).toBe(200)
  expectContract(ANSWERS.search, body)
  return body.data
}

const titles = (groups: Group[]) => groups.flatMap((g) => g.series.map((s) => s.title))

describe("GET /api/search", () => {
  it("finds series by title, grouped under every category, with empty groups kept", async () => {
    const groups = await search("yoga")
    const categories = (await server.call("/api/categories")).body.data as { id: number; title: string }[]
    expect(groups.map((g) => [g.id, g.title])).toEqual(categories.map((c) => [c.id, c.title]))
    const fitness = groups.find((g) => g.title === "Fitness")!
    expect(fitness.series.map((s) => s.title)).toEqual(expect.arrayContaining(["Sunrise Yoga", "Partner Yoga"]))
    expect(groups.some((g) => g.series.length === 0)).toBe(true)
    for (const series of fitness.series) {
      expect(Object.keys(series).sort()).toEqual(["description", "id", "images", "title"])
    }
  })

  it("puts each series under its own category", async () => {
    const groups = await search("groove")
    for (const group of groups) {
      for (const series of group.series) {
        const row = server.db.prepare("SELECT sc.category_id FROM series s JOIN sub_categories sc ON sc.id = s.sub_category_id WHERE s.id = ?").get(series.id) as {
          category_id: number
        }
        expect(row.category_id).toBe(group.id)
      }
    }
    expect(titles(groups)).toEqual(expect.arrayContaining(["Hip-Hop Grooves 101"]))
  })

  it("matches descriptions too, as text: HTML tag names are not words", async () => {
    expect(titles(await search("bloopers"))).toEqual(["Studio Diaries"])
    const edit = await server.edit("series/101", { description: "<p><strong>Quixotic</strong> intervals</p>" })
    expect(edit.status).toBe(200)
    expect(titles(await search("quixotic"))).toEqual(["30-Day HIIT Challenge"])
    expect(titles(await search("strong quixotic"))).toEqual([])
  })

  it("ignores case and accents, and matches word prefixes", async () => {
    const expected = titles(await search("yoga"))
    expect(titles(await search("YOGA"))).toEqual(expected)
    expect(titles(await search("yógá"))).toEqual(expected)
    expect(titles(await search("yog"))).toEqual(expected)
  })

  it("needs every word to match", async () => {
    expect(titles(await search("sunrise yoga"))).toEqual(["Sunrise Yoga"])
  })

  it("answers an empty list when nothing matches, and for a missing or empty q", async () => {
    expect(await search("xylophonequartz")).toEqual([])
    expect(await search("")).toEqual([])
    expect((await server.call("/api/search")).body).toEqual({ data: [] })
  })

  it.each([
    ['"unbalanced quote', 0],
    ['yoga" OR "x', 0],
    ["NEAR(yoga power)", 0],
    ["title:yoga", 0],
    ["yoga*", 1],
    ["^yoga", 1],
    ["-yoga", 1],
    ["AND", 0],
    ["' OR 1=1; DROP TABLE series; --", 0],
    ["💃 🕺", 0],
    ["%", 0],
    ["\u0000\u0001", 0],
    ["é".repeat(1000), 0],
    ["yoga ".repeat(200), 1],
  ])("answers any text safely: %j", async (q, minimumMatches) => {
    const groups = await search(q)
    expect(Array.isArray(groups)).toBe(true)
    if (minimumMatches) expect(titles(groups).length).toBeGreaterThanOrEqual(minimumMatches)
  })

  it("survives malformed percent-encoding and a repeated q", async () => {
    expect((await server.call("/api/search?q=%E0%A4%A")).status).toBe(200)
    const repeated = await server.call("/api/search?q=yoga&q=dance")
    expect(repeated.status).toBe(200)
    expect(titles(repeated.body.data)).toEqual(titles(await search("yoga")))
  })

  it("finds a series under its new title once an editor renames it", async () => {
    const id = (server.db.prepare("SELECT id FROM series WHERE title = 'Desk Reset'").get() as { id: number }).id
    const edit = await server.edit(`series/${id}`, { title: "Office Zenbreak" })
    expect(edit.status).toBe(200)
    expect(titles(await search("zenbreak"))).toEqual(["Office Zenbreak"])
    expect(titles(await search("desk"))).toEqual([])
  })

  it(`answers at most ${SEARCH_RESULT_LIMIT} series, the best matches, still one group per category`, async () => {
    // Title matches weigh more than description ones: the 8 titled series must be among the 50 kept.
    for (let i = 0; i < SEARCH_RESULT_LIMIT + 10; i++) {
      const fields = { sub_category_id: 11 + (i % 5), title: `Plain Workout ${i}`, description: "<p>Ubiquitous moves.</p>" }
      expect((await server.create("series", fields)).status).toBe(201)
    }
    for (let i = 0; i < 8; i++) expect((await server.create("series", { sub_category_id: 21, title: `Ubiquitous Flow ${i}` })).status).toBe(201)
    const groups = await search("ubiquitous")
    expect(titles(groups)).toHaveLength(SEARCH_RESULT_LIMIT)
    expect(titles(groups).filter((title) => title.startsWith("Ubiquitous Flow"))).toHaveLength(8)
    const categories = (await server.call("/api/categories")).body.data as { id: number }[]
    expect(groups.map((group) => group.id)).toEqual(categories.map((category) => category.id))
  })
})

describe("toFtsQuery", () => {
  it("quotes every word as a prefix term and drops everything else", () => {
    expect(toFtsQuery('he said "hi" OR bye')).toBe('"he"* "said"* "hi"* "OR"* "bye"*')
    expect(toFtsQuery("!!! ???")).toBeUndefined()
  })
})
