import { generateCatalogue } from "../../../cms/src/generate/generate"

describe("generateCatalogue", () => {
  it("makes exactly the episodes asked for, each in an existing series", () => {
    const content = generateCatalogue({ episodes: 1234 })
    expect(content.episodes).toHaveLength(1234)
    const seriesIds = new Set(content.series.map((s) => s.id))
    expect(content.episodes.every((e) => seriesIds.has(e.series_id))).toBe(true)
    const subIds = new Set(content.subCategories.map((s) => s.id))
    expect(content.series.every((s) => subIds.has(s.sub_category_id))).toBe(true)
    expect(new Set(content.episodes.map((e) => e.path)).size).toBe(1234)
  })

  it("is deterministic for a seed, and differs between seeds", () => {
    expect(generateCatalogue({ episodes: 300 })).toEqual(generateCatalogue({ episodes: 300 }))
    expect(generateCatalogue({ episodes: 300, seed: 1 })).not.toEqual(generateCatalogue({ episodes: 300, seed: 2 }))
  })

  it("keeps the features and categories the home page looks for", () => {
    const content = generateCatalogue({ episodes: 50 })
    expect(content.featuredItems.some((f) => /fitness/i.test(f.title))).toBe(true)
    expect(content.featuredItems.some((f) => /entertained/i.test(f.title))).toBe(true)
    expect(content.categories.map((c) => c.title)).toEqual(expect.arrayContaining(["Fitness", "Entertainment"]))
  })
})

describe("generateCatalogue with an image pool", () => {
  it("draws subcategory, series and episode pictures from that many images", () => {
    const content = generateCatalogue({ episodes: 500, imagePool: 7 })
    const distinct = new Set(content.episodes.flatMap((e) => e.images))
    expect(distinct.size).toBe(7)
    expect(new Set(content.series.flatMap((s) => s.images)).size).toBeLessThanOrEqual(7)
  })
})
