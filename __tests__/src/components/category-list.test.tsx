import React from "react"
import { screen, within } from "@testing-library/react"
import { CategoryList } from "../../../src/components/category-list"
import { renderWithTheme } from "../../helpers/render-with-theme"

describe("CategoryList", () => {
  it("shows each category's title as a heading with its short description", () => {
    renderWithTheme(
      <CategoryList
        categories={[
          { _id: "1", title: "Fitness", shortDesc: "Sweat and stretch." },
          { _id: "2", title: "Dance", shortDesc: null },
        ]}
      />,
    )
    const items = screen.getAllByRole("listitem")
    expect(items).toHaveLength(2)
    expect(within(items[0]!).getByRole("heading", { name: "Fitness" })).toBeInTheDocument()
    expect(within(items[0]!).getByText("Sweat and stretch.")).toBeInTheDocument()
    expect(within(items[1]!).getByRole("heading", { name: "Dance" })).toBeInTheDocument()
    expect(items[1]!.querySelector("p")).toBeNull()
  })
})
