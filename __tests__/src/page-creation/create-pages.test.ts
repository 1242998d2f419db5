import {
  createCategoryPages,
  createEpisodePages,
  createSeriesPages,
  createSubcategoryPages,
} from "../../../src/page-creation/create-pages"
import { pageItems, pageOfIndex, paginate, pagePath } from "../../../src/pagination"

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
  it("creates a category page per 8 subcategories, with the node id and numbers in the context", () => {
    const fn = createPage()
    createCategoryPages(fn, [
      { id: "node-1", _id: "1", subcategoryIds: Array.from({ length: 11 }, (_, i) => String(i)) },
      { id: "node-2", _id: "2", subcategoryIds: [] },
    ])
    expect(calls(fn)).toEqual([
      { path: "/category/1", template: "category.tsx", context: { id: "node-1", limit: 8, skip: 0, numPages: 2, currentPage: 1 } },
      { path: "/category/1/2", template: "category.tsx", context: { id: "node-1", limit: 8, skip: 8, numPages: 2, currentPage: 2 } },
      { path: "/category/2", template: "category.tsx", context: { id: "node-2", limit: 8, skip: 0, numPages: 1, currentPage: 1 } },
    ])
  })

  it("creates the subcategory, series and episode pages at the routes of SPEC.md", () => {
    const fn = createPage()
    createSubcategoryPages(fn, [{ id: "node-11", _id: "11" }])
    createSeriesPages(fn, [{ id: "node-101", _id: "101" }])
    createEpisodePages(fn, [
      { id: "node-1001", _id: "1001", series: { id: "node-101" }, subcategory: { id: "node-11" } },
      { id: "node-x", _id: "a b", series: null, subcategory: null },
    ])
    expect(calls(fn)).toEqual([
      { path: "/subcategory/11", template: "subcategory.tsx", context: { id: "node-11" } },
      { path: "/series/101", template: "series.tsx", context: { id: "node-101" } },
      { path: "/detail/1001", template: "episode.tsx", context: { id: "node-1001", seriesId: "node-101", subcategoryId: "node-11" } },
      { path: "/detail/a%20b", template: "episode.tsx", context: { id: "node-x", seriesId: "", subcategoryId: "" } },
    ])
  })
})
