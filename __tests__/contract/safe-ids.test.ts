import { isSafeId, unsafeIds } from "../../contract/safe-ids"

describe("isSafeId", () => {
  it.each([1, 42, "1", "c-1", "abc_DEF~2", "1.5", "a..b"])("takes %p: one path segment as it is", (id) => {
    expect(isSafeId(id)).toBe(true)
  })

  // Each would change what /series/{id} or /series/{id}/episodes means, or be no file name under public/.
  it.each([".", "..", ".hidden", "a/b", "a\\b", "%2e%2e", "a%2Fb", "a?b", "a#b", "a b", "a\nb", "a\u0000b", "café", 1e21, "x".repeat(129)])("refuses %p", (id) => {
    expect(isSafeId(id)).toBe(false)
  })

  it("takes an id of 128 characters, the longest", () => {
    expect(isSafeId("x".repeat(128))).toBe(true)
  })
})

describe("unsafeIds", () => {
  it("names each unsafe id by its field and its entity's title, in nested lists and references too", () => {
    const answer = {
      data: {
        id: 11,
        title: "HIIT",
        category_id: "..",
        series: [
          { id: 101, title: "Fine" },
          { id: "..", title: "Yoga basics" },
          { id: "a/b", title: null },
        ],
      },
    }
    expect(unsafeIds(answer)).toEqual([
      '"data.category_id" is ".." (the entity titled "HIIT")',
      '"data.series[1].id" is ".." (the entity titled "Yoga basics")',
      '"data.series[2].id" is "a/b"',
    ])
  })

  it("leaves null ids (site settings' refs) and fields that are not ids alone", () => {
    expect(unsafeIds({ data: { changed: [{ type: "site-settings", id: null }], path: "..", video_id: "a/b" } })).toEqual([])
  })
})
