import { recommendedSeries } from "../../src/recommended-series"

/** A subcategory's series as the episode page's query gives them, in the catalogue's order. */
const subcategory = (...ids: string[]) => ids.map((id) => ({ _id: id, title: `Series ${id}` }))
const ids = (series: readonly { _id: string }[]) => series.map((one) => one._id)

describe("recommendedSeries", () => {
  it("offers three of a subcategory's five series: the first three of the other four, in the catalogue's order", () => {
    expect(ids(recommendedSeries(subcategory("101", "102", "103", "104", "105"), "102"))).toEqual(["101", "103", "104"])
    expect(ids(recommendedSeries(subcategory("101", "102", "103", "104", "105"), "105"))).toEqual(["101", "102", "103"])
  })

  it("never recommends the episode's own series, wherever it stands", () => {
    const five = subcategory("101", "102", "103", "104", "105")
    for (const current of ids(five)) expect(ids(recommendedSeries(five, current))).not.toContain(current)
  })

  it("offers every other series when there are fewer than three", () => {
    expect(ids(recommendedSeries(subcategory("101", "102", "103"), "101"))).toEqual(["102", "103"])
    expect(ids(recommendedSeries(subcategory("101"), "101"))).toEqual([])
    expect(ids(recommendedSeries([], "101"))).toEqual([])
  })

  it("offers the first three when the episode's series is not known", () => {
    expect(ids(recommendedSeries(subcategory("101", "102", "103", "104"), undefined))).toEqual(["101", "102", "103"])
  })
})
