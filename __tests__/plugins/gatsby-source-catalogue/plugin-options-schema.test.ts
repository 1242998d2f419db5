import { testPluginOptionsSchema } from "gatsby-plugin-utils"
import { pluginOptionsSchema } from "../../../plugins/gatsby-source-catalogue/src/plugin-options-schema"

describe("pluginOptionsSchema", () => {
  it("accepts an http(s) API URL and a timeout", async () => {
    const result = await testPluginOptionsSchema(pluginOptionsSchema!, {
      apiUrl: "https://cms.example.com/api",
      requestTimeoutMs: 5000,
    })
    expect(result).toMatchObject({ isValid: true, errors: [] })
  })

  it("explains what is wrong with a bad URL or timeout", async () => {
    const result = await testPluginOptionsSchema(pluginOptionsSchema!, {
      apiUrl: "ftp://cms.example.com",
      requestTimeoutMs: 5,
    })
    expect(result.isValid).toBe(false)
    expect(result.errors).toEqual([
      expect.stringContaining('"apiUrl" must be a valid uri'),
      expect.stringContaining('"requestTimeoutMs" must be greater than or equal to 100'),
    ])
  })
})
