import { ANSWERS } from "../../../contract/schemas"
import { groupByCategory, type FoundSeries } from "../../../integrations/strapi/src/catalogue/search/groups"
import { bestMatches, matchScore } from "../../../integrations/strapi/src/catalogue/search/rank"
import { MAX_WORDS, queryWords } from "../../../integrations/strapi/src/catalogue/search/words"

// Search in the Strapi integration finds what the reference server's SQLite
// full-text search finds (cms/src/catalogue/search.ts): every word of the
// query, case and diacritics aside, at the start of a word of the series'
// title or description; titles first; grouped by category.

describe("the query's words", () => {
  it("are letters and digits, without case or diacritics", () => {
    expect(queryWords("  Crème BRÛLÉE, 30-day!  ")).toEqual(["creme", "brulee", "30", "day"])
  })

  it("are none for a query of punctuation, and at most MAX_WORDS", () => {
    expect(queryWords(" -- !! ")).toEqual([])
    expect(queryWords(Array.from({ length: 40 }, (_, index) => `w${index}`).join(" "))).toHaveLength(MAX_WORDS)
  })
})

describe("a match", () => {
  const series = { title: "Sunrise Yoga", description: "Gentle **flows** to open the [day](https://example.com/yoga-night). Café stretches." }

  it("needs every word, each at the start of a word of the title or the description", () => {
    expect(matchScore(series, ["yoga", "flow"])).toBeDefined()
    expect(matchScore(series, ["sun", "cafe"])).toBeDefined()
    expect(matchScore(series, ["yoga", "pilates"])).toBeUndefined()
    expect(matchScore(series, ["oga"])).toBeUndefined()
  })

  it("does not find a word in a link's address, which a visitor never reads", () => {
    expect(matchScore(series, ["night"])).toBeUndefined()
  })

  it("ranks a series whose title holds the words above one whose description does, equals in their order", () => {
    const catalogue = [
      { title: "Evening Stretch", description: "Slow yoga before bed." },
      { title: "Power Yoga", description: "Strong." },
      { title: "Desk Breaks", description: "A little yoga at work." },
    ]
    expect(bestMatches(catalogue, ["yoga"], 50).map((found) => found.title)).toEqual(["Power Yoga", "Evening Stretch", "Desk Breaks"])
    expect(bestMatches(catalogue, ["yoga"], 2)).toHaveLength(2)
  })
})

describe("the answer's groups", () => {
  const categories = [
    { documentId: "c-fit", title: "Fitness" },
    { documentId: "c-dance", title: "Dance" },
  ]
  const found: FoundSeries[] = [
    {
      documentId: "s2",
      title: "Power Yoga",
      description: "Strong *flows*.",
      images: [{ url: "/uploads/p.jpg" }],
      sub_category: { documentId: "sc-yoga", category: { documentId: "c-fit" } },
    },
  ]

  it("are every category, in order, when anything matched, each with the series found under it", () => {
    const groups = groupByCategory(categories, found)
    expect(groups).toEqual([
      { id: "c-fit", title: "Fitness", series: [{ id: "s2", title: "Power Yoga", description: "<p>Strong <em>flows</em>.</p>", images: [{ path: "/uploads/p.jpg" }] }] },
      { id: "c-dance", title: "Dance", series: [] },
    ])
    expect(ANSWERS.search.safeParse({ data: groups }).success).toBe(true)
  })

  it("are none when nothing matched", () => {
    expect(groupByCategory(categories, [])).toEqual([])
  })
})
