import { resolveResponsive } from "../../../../src/components/carousel/use-responsive-settings"
import { MULTI_ITEM_SETTINGS } from "../../../../src/components/carousel/carousel-settings"

const perView = (width: number | null) => resolveResponsive(MULTI_ITEM_SETTINGS, width).slidesToShow

describe("resolveResponsive (the spec's multi-item carousel breakpoints)", () => {
  it("shows 2 up to 464 px, 3 up to 1024 px, 5 up to 3000 px and 8 above", () => {
    expect([320, 464, 465, 1024, 1025, 3000, 3001, 4000].map(perView)).toEqual([2, 2, 3, 3, 5, 5, 8, 8])
  })

  it("uses the base settings before the window is known, and never passes `responsive` on", () => {
    expect(perView(null)).toBe(8)
    expect(resolveResponsive(MULTI_ITEM_SETTINGS, 500)).not.toHaveProperty("responsive")
  })
})
