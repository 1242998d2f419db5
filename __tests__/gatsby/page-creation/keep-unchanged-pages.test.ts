import type { NodePluginArgs } from "gatsby"
import { pagesToCreate } from "../../../gatsby/page-creation/keep-unchanged-pages"

// Gatsby's own store and its sweep after createPages (gatsby/dist/utils/changed-pages.js), loaded by
// their paths (no type declarations): what decides which pages a build keeps.
type GatsbyPage = { path: string; component: string; componentPath: string; componentChunkName: string; context: Record<string, unknown>; updatedAt: number }
type GatsbyStore = { dispatch(action: object): void; getState(): { pages: Map<string, GatsbyPage> } }
// eslint-disable-next-line @typescript-eslint/no-require-imports -- Gatsby's private module, by its path
const { store } = require("gatsby/dist/redux") as { store: GatsbyStore }
// eslint-disable-next-line @typescript-eslint/no-require-imports -- Gatsby's private module, by its path
const { deleteUntouchedPages, findChangedPages } = require("gatsby/dist/utils/changed-pages") as {
  deleteUntouchedPages(pages: Map<string, GatsbyPage>, timestamp: number, statefully: boolean): string[]
  findChangedPages(before: Map<string, GatsbyPage>, after: Map<string, GatsbyPage>): { changedPages: string[] }
}

const EPISODE = "/site/src/templates/episode.tsx"
const SERIES = "/site/src/templates/series.tsx"

/** A page as the last build's createPage left it in Gatsby's store: its path with the trailing slash, its context. */
function storedPage(path: string, component: string, context: Record<string, unknown>, updatedAt: number): GatsbyPage {
  return { path, component, componentPath: component, componentChunkName: `component---${component}`, context, updatedAt }
}

function lastBuildsPages(): void {
  for (const page of [...store.getState().pages.values()]) store.dispatch({ type: "DELETE_PAGE", payload: page })
  const earlier = Date.now() - 60_000
  for (const page of [
    storedPage("/detail/1001/", EPISODE, { id: "e1", seriesId: "s1", subcategoryId: "c1" }, earlier),
    storedPage("/detail/1002/", EPISODE, { id: "e2", seriesId: "s1", subcategoryId: "c1" }, earlier),
    storedPage("/detail/1003/", EPISODE, { id: "e3", seriesId: "s1", subcategoryId: "c1" }, earlier),
    storedPage("/series/11/", SERIES, { id: "s1" }, earlier),
  ])
    store.dispatch({ type: "CREATE_PAGE", plugin: { name: "default-site-plugin" }, payload: page })
}

const asArg = store as unknown as NodePluginArgs["store"]

describe("pagesToCreate", () => {
  beforeEach(lastBuildsPages)

  it("keeps a page Gatsby holds as planned without createPage, and Gatsby's sweep after createPages keeps it unchanged", () => {
    const before = new Map([...store.getState().pages].map(([path, page]) => [path, { ...page }]))
    const createPagesStarted = Date.now()
    const needsCreating = pagesToCreate(asArg)
    expect(needsCreating({ path: "/detail/1001", component: EPISODE, context: { id: "e1", seriesId: "s1", subcategoryId: "c1" } })).toBe(false)
    expect(needsCreating({ path: "/series/11", component: SERIES, context: { id: "s1" } })).toBe(false)
    expect(needsCreating({ path: "/detail/1002", component: EPISODE, context: { id: "e2", seriesId: "s1", subcategoryId: "c1" } })).toBe(false)
    expect(needsCreating({ path: "/detail/1003", component: EPISODE, context: { id: "e3", seriesId: "s1", subcategoryId: "c1" } })).toBe(false)

    expect(deleteUntouchedPages(store.getState().pages, createPagesStarted, true)).toEqual([])
    expect([...store.getState().pages.keys()].sort()).toEqual(["/detail/1001/", "/detail/1002/", "/detail/1003/", "/series/11/"])
    expect(findChangedPages(before, store.getState().pages).changedPages).toEqual([])
  })

  it("asks for createPage for a new page, a changed context and a changed template; a page no longer planned is deleted by Gatsby's sweep", () => {
    const createPagesStarted = Date.now()
    const needsCreating = pagesToCreate(asArg)
    // Episode 1002 moved to another series; 1003 is gone from the catalogue and is not planned.
    expect(needsCreating({ path: "/detail/1001", component: EPISODE, context: { id: "e1", seriesId: "s1", subcategoryId: "c1" } })).toBe(false)
    expect(needsCreating({ path: "/detail/1002", component: EPISODE, context: { id: "e2", seriesId: "s2", subcategoryId: "c1" } })).toBe(true)
    expect(needsCreating({ path: "/series/11", component: EPISODE, context: { id: "s1" } })).toBe(true)
    expect(needsCreating({ path: "/detail/1004", component: EPISODE, context: { id: "e4", seriesId: "s1", subcategoryId: "c1" } })).toBe(true)

    // Gatsby's sweep deletes every page createPage was not called for: the gone episode, and the two changed pages this test does not create.
    expect(
      deleteUntouchedPages(store.getState().pages, createPagesStarted, true)
        .filter((path) => !path.startsWith("/page-data"))
        .sort(),
    ).toEqual(["/detail/1002/", "/detail/1003/", "/series/11/"])
    expect([...store.getState().pages.keys()]).toEqual(["/detail/1001/"])
  })

  it("asks for createPage for every page when Gatsby gives no store", () => {
    expect(pagesToCreate(undefined)({ path: "/detail/1001", component: EPISODE, context: { id: "e1", seriesId: "s1", subcategoryId: "c1" } })).toBe(true)
  })
})
