import { ERROR_CODES } from "../../../plugins/gatsby-source-catalogue/src/constants"
import { onPluginInit } from "../../../plugins/gatsby-source-catalogue/src/on-plugin-init"
import { fakeGatsbyApi } from "./helpers/fake-gatsby-api"

describe("onPluginInit", () => {
  it("registers a readable message for every error code", () => {
    const { api } = fakeGatsbyApi()
    onPluginInit!(api as never, { plugins: [] }, () => undefined)
    const map = api.reporter.setErrorMap.mock.calls[0]![0] as Record<string, { text: (c: object) => string }>
    expect(Object.keys(map).sort()).toEqual(Object.values(ERROR_CODES).sort())
    const text = map[ERROR_CODES.CatalogueUnreachable]!.text({ sourceMessage: "http://x/api/categories: could not be reached" })
    expect(text).toContain("CATALOGUE_API_URL")
    expect(text).toContain("http://x/api/categories: could not be reached")
  })
})
