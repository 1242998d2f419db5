import { paginationItems } from "../../../../src/components/pagination/pagination-items"

const render = (current: number, total: number) =>
  paginationItems(current, total)
    .map((item) => (item.kind === "gap" ? "…" : String(item.page)))
    .join(" ")

describe("paginationItems", () => {
  it("shows every page when there are few", () => {
    expect(render(1, 1)).toBe("1")
    expect(render(2, 5)).toBe("1 2 3 4 5")
  })

  it("keeps 2 pages at each end and 3 around the current one, with gaps between", () => {
    expect(render(1, 20)).toBe("1 2 3 … 19 20")
    expect(render(10, 20)).toBe("1 2 … 9 10 11 … 19 20")
    expect(render(20, 20)).toBe("1 2 … 18 19 20")
  })

  it("shows a lone hidden page instead of a gap that would hide only it", () => {
    expect(render(5, 20)).toBe("1 2 3 4 5 6 … 19 20")
    expect(render(6, 10)).toBe("1 2 … 5 6 7 8 9 10")
  })
})
