import { dotLabel, MULTI_ITEM_SETTINGS, PICTURE_SETTINGS } from "../../../../src/components/carousel/carousel-settings"

// A pagination dot says which slides it shows and of how many: react-slick makes one dot per scroll
// position, so 2 of 5 per view gives 4 dots, which as "1"–"4" named neither. The browser test is
// home.test.ts (names and the current dot at 375 and 1280 px).
describe("dotLabel", () => {
  it("names the slides a dot shows when several show at once, of how many", () => {
    const phone = { ...MULTI_ITEM_SETTINGS, slidesToShow: 2 }
    expect([0, 1, 2, 3].map((index) => dotLabel(index, phone, 5))).toEqual(["Show items 1–2 of 5", "Show items 2–3 of 5", "Show items 3–4 of 5", "Show items 4–5 of 5"])
    expect(dotLabel(0, { slidesToShow: 5, slidesToScroll: 1 }, 5)).toBe("Show items 1–5 of 5")
  })

  it("counts only whole slides: 1.2 per view names one", () => {
    expect(dotLabel(1, { ...PICTURE_SETTINGS, slidesToShow: 1.2 }, 4)).toBe("Show item 2 of 4")
  })

  it("names the last slides in full for the last dot, as the carousel stops there, whatever the scroll step", () => {
    expect(dotLabel(2, { slidesToShow: 3, slidesToScroll: 3 }, 7)).toBe("Show items 5–7 of 7")
    expect(dotLabel(1, { slidesToShow: 3, slidesToScroll: 3 }, 7)).toBe("Show items 4–6 of 7")
  })
})
