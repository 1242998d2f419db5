import {
  createCategoryPages,
  createEpisodePages,
  createSeriesPages,
  createSubcategoryPages,
} from "../../../src/page-creation/create-pages"
import { paginate, pagePath } from "../../../src/page-creation/paginate"

const createPage = () => jest.fn()
const calls = (fn: jest.Mock) => fn.mock.calls.map(([page]) => ({ path: page.path, template: page.component.split("/").pop(), context: page.context }))

describe("paginate", () => {
  it("puts page 1 at the base path and numbers the rest", () => {
    expect(paginate("/category/2", 17, 8)).toEqual([
      { path: "/category/2", context: { limit: 8, skip: 0, numPages: 3, currentPage: 1 } },
      { path: "/category/2/2", context: { limit: 8, skip: 8, numPages: 3, currentPage: 2 } },
      { path: "/category/2/3", context: { limit: 8, skip: 16, numPages: 3, currentPage: 3 } },
    ])
    expect(paginate("/category/9", 0, 8)).toHaveLength(1)
    expect(pagePath("/category/2", 1)).toBe("/category/2")
  })
})

describe("page creation", () => {
  it("creates a category page per 8 subcategories, with ids and numbers in the context", () => {
    const fn = createPage()
    createCategoryPages(fn, [
      { _id: "1", subcategoryIds: Array.from({ length: 11 }, (_, i) => String(i)) },
      { _id: "2", subcategoryIds: [] },
    ])
    expect(calls(fn)).toEqual([
      { path: "/category/1", template: "category.tsx", context: { id: "1", limit: 8, skip: 0, numPages: 2, currentPage: 1 } },
      { path: "/category/1/2", template: "category.tsx", context: { id: "1", limit: 8, skip: 8, numPages: 2, currentPage: 2 } },
      { path: "/category/2", template: "category.tsx", context: { id: "2", limit: 8, skip: 0, numPages: 1, currentPage: 1 } },
    ])
  })

  it("creates the subcategory, series and episode pages at the routes of SPEC.md", () => {
    const fn = createPage()
    createSubcategoryPages(fn, [{ _id: "11" }])
    createSeriesPages(fn, [{ _id: "101" }])
    createEpisodePages(fn, [
      { _id: "1001", seriesId: "101", subcategoryId: "11" },
      { _id: "a b", seriesId: null, subcategoryId: null },
    ])
    expect(calls(fn)).toEqual([
      { path: "/subcategory/11", template: "subcategory.tsx", context: { id: "11" } },
      { path: "/series/101", template: "series.tsx", context: { id: "101" } },
      { path: "/detail/1001", template: "episode.tsx", context: { id: "1001", seriesId: "101", subcategoryId: "11" } },
      { path: "/detail/a%20b", template: "episode.tsx", context: { id: "a b", seriesId: "", subcategoryId: "" } },
    ])
  })
})
