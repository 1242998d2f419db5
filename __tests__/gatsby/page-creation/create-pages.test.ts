import { categoryPages, episodePages, seriesPages, subcategoryPages, type PlannedPage } from "../../../gatsby/page-creation/create-pages"
import { pageItems, pageOfIndex, paginate, pagePath } from "../../../src/components/pagination/pages"

/** Stands in for the SEO module: says which entity, path and page number it was asked about. */
const headFor = jest.fn((id: string, path: string, pageNumber: number) => ({ asked: `${id} ${path} ${pageNumber}` }) as never)
const planned = (pages: PlannedPage[]) => pages.map(({ page, head }) => ({ path: page.path, template: page.component.split("/").pop(), context: page.context, head }))

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

describe("the pagination model", () => {
  it("slices one page of items, the last page short", () => {
    const items = Array.from({ length: 11 }, (_, index) => index + 1)
    expect(pageItems(items, paginate("/x", items.length)[0]!.context)).toEqual([1, 2, 3, 4, 5, 6, 7, 8])
    expect(pageItems(items, paginate("/x", items.length)[1]!.context)).toEqual([9, 10, 11])
  })

  it("finds the page that holds an item, page 1 for an item that is not there", () => {
    expect([0, 7, 8, 15, 16].map((index) => pageOfIndex(index))).toEqual([1, 1, 2, 2, 3])
    expect(pageOfIndex(-1)).toBe(1)
  })
})

describe("page creation", () => {
  it("plans a category page per 8 subcategories, the node id and numbers in the context, the head beside it", () => {
    const pages = categoryPages(
      [
        { id: "node-1", _id: "1", subcategoryIds: Array.from({ length: 11 }, (_, i) => String(i)) },
        { id: "node-2", _id: "2", subcategoryIds: [] },
      ],
      headFor,
    )
    expect(planned(pages)).toEqual([
      { path: "/category/1", template: "category.tsx", context: { id: "node-1", limit: 8, skip: 0, numPages: 2, currentPage: 1 }, head: { asked: "1 /category/1/ 1" } },
      { path: "/category/1/2", template: "category.tsx", context: { id: "node-1", limit: 8, skip: 8, numPages: 2, currentPage: 2 }, head: { asked: "1 /category/1/2/ 2" } },
      { path: "/category/2", template: "category.tsx", context: { id: "node-2", limit: 8, skip: 0, numPages: 1, currentPage: 1 }, head: { asked: "2 /category/2/ 1" } },
    ])
  })

  it("plans the subcategory, series and episode pages at the spec's routes", () => {
    const pages = [
      ...subcategoryPages([{ id: "node-11", _id: "11" }], headFor),
      ...seriesPages([{ id: "node-101", _id: "101" }], headFor),
      ...episodePages(
        [
          { id: "node-1001", _id: "1001", series: { id: "node-101" }, subcategory: { id: "node-11" } },
          { id: "node-x", _id: "a b", series: null, subcategory: null },
        ],
        headFor,
      ),
    ]
    expect(planned(pages)).toEqual([
      { path: "/subcategory/11", template: "subcategory.tsx", context: { id: "node-11" }, head: { asked: "11 /subcategory/11/ 1" } },
      { path: "/series/101", template: "series.tsx", context: { id: "node-101" }, head: { asked: "101 /series/101/ 1" } },
      { path: "/detail/1001", template: "episode.tsx", context: { id: "node-1001", seriesId: "node-101", subcategoryId: "node-11" }, head: { asked: "1001 /detail/1001/ 1" } },
      { path: "/detail/a%20b", template: "episode.tsx", context: { id: "node-x", seriesId: "", subcategoryId: "" }, head: { asked: "a b /detail/a%20b/ 1" } },
    ])
  })
})
