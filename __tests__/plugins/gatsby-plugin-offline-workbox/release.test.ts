import { htmlReducer } from "gatsby/dist/redux/reducers/html"
import { webpackCompilationHashReducer } from "gatsby/dist/redux/reducers/webpack-compilation-hash"
import { builtReleaseOf, releaseId } from "../../../plugins/gatsby-plugin-offline-workbox/src/release"

type Action = { type: string; payload: unknown }

/**
 * Gatsby's state after a build that wrote the given page data and static
 * query results, made by Gatsby's own reducers from the actions its build
 * dispatches (utils/page-data.js, query/query-runner.js, the webpack step).
 */
function gatsbyStateAfter(build: { pages: Record<string, string>; staticQueries: Record<string, string>; compilationHash: string; deleted?: string[] }) {
  const actions: Action[] = []
  for (const [pagePath, digest] of Object.entries(build.pages)) {
    actions.push({ type: "CREATE_PAGE", payload: { path: pagePath } })
    actions.push({ type: "ADD_PAGE_DATA_STATS", payload: { pagePath, filePath: `public/page-data${pagePath}page-data.json`, size: 1, pageDataHash: digest } })
  }
  for (const [queryHash, resultHash] of Object.entries(build.staticQueries)) {
    actions.push({ type: "PAGE_QUERY_RUN", payload: { path: `sq--${queryHash}`, queryHash, queryType: "static", resultHash } })
  }
  for (const pagePath of build.deleted ?? []) actions.push({ type: "DELETE_PAGE", payload: { path: pagePath } })
  actions.push({ type: "SET_WEBPACK_COMPILATION_HASH", payload: build.compilationHash })
  const html = actions.reduce((state, action) => htmlReducer(state, action as never), htmlReducer(undefined, { type: "INIT" } as never))
  const webpackCompilationHash = actions.reduce((state, action) => webpackCompilationHashReducer(state, action as never), "")
  return { html, webpackCompilationHash }
}

const BASE = {
  pages: { "/": "home-1", "/series/1/": "series-1" },
  staticQueries: { "123": "footer-categories-1" },
  compilationHash: "aaa",
}
const idOf = (build: Parameters<typeof gatsbyStateAfter>[0]) => releaseId(builtReleaseOf(gatsbyStateAfter(build)))

describe("releaseId", () => {
  it("is the same for the same build, whatever order Gatsby wrote its files in", () => {
    const reordered = { ...BASE, pages: { "/series/1/": "series-1", "/": "home-1" } }
    expect(idOf(BASE)).toMatch(/^[0-9a-f]{20}$/)
    expect(idOf(reordered)).toBe(idOf(BASE))
  })

  it.each([
    ["a page's data", { ...BASE, pages: { ...BASE.pages, "/": "home-2" } }],
    ["a static query's result (the footer's categories)", { ...BASE, staticQueries: { "123": "footer-categories-2" } }],
    ["the compilation hash (a code change)", { ...BASE, compilationHash: "bbb" }],
    ["a new page", { ...BASE, pages: { ...BASE.pages, "/series/2/": "series-2" } }],
    ["a deleted page", { ...BASE, deleted: ["/series/1/"] }],
  ])("changes with %s", (_name, changed) => {
    expect(idOf(changed)).not.toBe(idOf(BASE))
  })

  it("does not count a deleted page, so a release without it has the id of one that never had it", () => {
    expect(idOf({ ...BASE, deleted: ["/series/1/"] })).toBe(idOf({ ...BASE, pages: { "/": "home-1" } }))
  })

  it("stops with a message naming what is missing when Gatsby's state has no such records", () => {
    expect(() => builtReleaseOf({ webpackCompilationHash: "aaa" })).toThrow(/html\.trackedHtmlFiles.*Gatsby 5/)
  })
})
