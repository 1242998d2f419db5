import { describeIssues } from "../../contract/describe-issues"
import { ANSWERS } from "../../contract/schemas"

function reason(schema: (typeof ANSWERS)[keyof typeof ANSWERS], body: unknown): string {
  const result = schema.safeParse(body)
  if (result.success) throw new Error("it parsed")
  return describeIssues(result.error.issues, body)
}

describe("describeIssues", () => {
  it("names the field, what it should be and what it was", () => {
    expect(reason(ANSWERS.category, { data: { id: 1, title: 5 } })).toBe('"data.title" should be text, but it is the number 5')
    expect(reason(ANSWERS.categories, { data: [{ id: 1 }, { title: "x" }] })).toBe('"data[1].id" should be a number or text, but it is missing')
    expect(reason(ANSWERS.changes, { data: { now: "x", changed: [{ type: "page", id: 1 }], deleted: [] } })).toBe(
      '"data.changed[0].type" should be one of "category", "subcategory", "series", "episode", "featured", "site-settings", but it is the text "page"',
    )
  })

  it("speaks of the whole answer when it is not the right kind of thing", () => {
    expect(reason(ANSWERS.categoryStatistics, { data: [] })).toBe("the answer should be a list, but it is an object")
    expect(reason(ANSWERS.categories, "<html>")).toBe('the answer should be an object, but it is the text "<html>"')
  })

  it("names three wrong fields and counts the rest", () => {
    const body = { data: [1, 2, 3, 4, 5].map(() => ({ title: true })) }
    expect(reason(ANSWERS.categories, body)).toMatch(/^("data\[\d\]\.(id|title)" should be [^;]+; ){3}and 7 more$/)
  })

  it("shortens long text", () => {
    expect(reason(ANSWERS.category, { data: { id: 1, title: ["x".repeat(100)] } })).toBe('"data.title" should be text, but it is a list')
    expect(reason(ANSWERS.category, { data: { id: 1, episode: 1, images: "x".repeat(100) } })).toBe(`"data.images" should be a list, but it is the text "${"x".repeat(40)}…"`)
  })
})
