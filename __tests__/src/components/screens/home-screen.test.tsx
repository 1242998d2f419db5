import React from "react"
import { render, screen, within } from "@testing-library/react"
import { useStaticQuery } from "gatsby"
import { HomeScreen, type HomeScreenProps } from "../../../../src/components/screens/home-screen"
import { homeTileSizes } from "../../../../src/styles/tile-sizes"

// jsdom has neither; the carousels ask both.
beforeAll(() => {
  window.matchMedia = ((query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
  })) as unknown as typeof window.matchMedia
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver
})

beforeEach(() => {
  ;(useStaticQuery as jest.Mock).mockReturnValue({
    site: { buildYear: "2026", siteMetadata: { publicApiUrl: "http://127.0.0.1:4000/api" } },
    allCatalogueCategory: { nodes: [{ _id: "1", title: "Fitness" }] },
    // The site's own pictures (SiteImage): none in a unit test.
    allFile: { nodes: [] },
  })
})

const sub = (id: number) => ({ _id: String(id), title: `Program ${id}`, shortDesc: `About ${id}`, images: [] })

function feature(role: string, overrides: Partial<Queries.HomeFeatureFragment> = {}): Queries.HomeFeatureFragment {
  return {
    _id: role === "fitness" ? "1" : "2",
    title: role === "fitness" ? "Find Your Fitness Groove" : "Stay Entertained",
    description: "<p>Move <strong>more</strong></p>",
    role,
    category: null,
    images: [],
    ...overrides,
  } as Queries.HomeFeatureFragment
}

const props = (overrides: Partial<HomeScreenProps>): HomeScreenProps => ({
  statistics: [],
  features: [],
  fitnessCategory: null,
  categories: [],
  tileSizes: homeTileSizes(),
  ...overrides,
})

describe("HomeScreen", () => {
  it("shows neither featured section without featured collections", () => {
    render(<HomeScreen {...props({ fitnessCategory: { _id: "1", subcategories: [sub(11)] } })} />)
    expect(screen.queryByText("Get Moving. Get Fit")).not.toBeInTheDocument()
    expect(screen.queryByText("Step Up, Shine")).not.toBeInTheDocument()
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Stay Fit, Stay Entertained")
  })

  it("shows 'View all fitness programs' as plain text when there is no category id", () => {
    render(<HomeScreen {...props({ features: [feature("fitness")] })} />)
    const section = screen.getByRole("region", { name: "Find Your Fitness Groove" })
    expect(within(section).getByText("View all fitness programs").closest("a")).toBeNull()
    expect(within(section).getByText("more").tagName).toBe("STRONG")
  })

  it("shows the fitness section only when the fitness feature has an id", () => {
    render(<HomeScreen {...props({ features: [feature("fitness", { _id: "" })] })} />)
    expect(screen.queryByText("Get Moving. Get Fit")).not.toBeInTheDocument()
  })

  it("shows at most 5 programs and entertainment tiles, and links both sections to their categories", () => {
    const many = Array.from({ length: 7 }, (_, i) => sub(20 + i))
    render(
      <HomeScreen
        {...props({
          features: [feature("fitness"), feature("entertainment", { category: { _id: "3", subcategories: many } })],
          fitnessCategory: { _id: "1", subcategories: many },
        })}
      />,
    )
    const fitness = screen.getByRole("region", { name: "Find Your Fitness Groove" })
    const programs = within(fitness).getByRole("region", { name: "Fitness programs" })
    expect(
      within(programs)
        .getAllByRole("heading", { level: 3, hidden: true })
        .map((h) => h.textContent),
    ).toEqual(many.slice(0, 5).map((s) => s.title))
    expect(within(fitness).getByRole("link", { name: "View all fitness programs" })).toHaveAttribute("href", "/category/1")
    const entertainment = screen.getByRole("region", { name: "Stay Entertained" })
    expect(within(entertainment).getAllByRole("heading", { level: 3 })).toHaveLength(5)
    expect(within(entertainment).getByRole("link", { name: "View all entertainments" })).toHaveAttribute("href", "/category/3")
  })
})
