import { Joi, testPluginOptionsSchema, validateOptionsSchema } from "gatsby-plugin-utils"
import { imageOriginsFromEnv, pluginOptionsSchema } from "../../../plugins/gatsby-source-catalogue/src/plugin-options-schema"
import { IMAGE_SLOTS, IMAGE_SLOT_OWNERS } from "../../../src/styles/image-slots"

/** The site's image slots, as gatsby-config.ts gives them. */
const SITE_SLOTS = { imageSlots: IMAGE_SLOTS, imageSlotOwners: IMAGE_SLOT_OWNERS }

describe("pluginOptionsSchema", () => {
  it("accepts an http(s) API URL and a timeout", async () => {
    const result = await testPluginOptionsSchema(pluginOptionsSchema!, {
      apiUrl: "https://cms.example.com/api",
      requestTimeoutMs: 5000,
      ...SITE_SLOTS,
    })
    expect(result).toMatchObject({ isValid: true, errors: [] })
  })

  it("explains what is wrong with a bad URL or timeout", async () => {
    const result = await testPluginOptionsSchema(pluginOptionsSchema!, {
      apiUrl: "ftp://cms.example.com",
      requestTimeoutMs: 5,
      ...SITE_SLOTS,
    })
    expect(result.isValid).toBe(false)
    expect(result.errors).toEqual([expect.stringContaining('"apiUrl" must be a valid uri'), expect.stringContaining('"requestTimeoutMs" must be greater than or equal to 100')])
  })

  it("takes the site's image slots, and explains a slot it cannot use or an owner naming a slot that is not there", async () => {
    expect((await testPluginOptionsSchema(pluginOptionsSchema!, SITE_SLOTS)).isValid).toBe(true)
    const missing = await testPluginOptionsSchema(pluginOptionsSchema!, {})
    expect(missing.errors).toEqual([expect.stringContaining('"imageSlots" is required'), expect.stringContaining('"imageSlotOwners" is required')])
    const broken = await testPluginOptionsSchema(pluginOptionsSchema!, {
      imageSlots: { ...IMAGE_SLOTS, CARD: { ...IMAGE_SLOTS.CARD, width: undefined, sizes: "100vw" } },
      imageSlotOwners: IMAGE_SLOT_OWNERS,
    })
    expect(broken.errors).toEqual([expect.stringContaining('"imageSlots.CARD.width" is required'), expect.stringContaining('"imageSlots.CARD.sizes" must be of type function')])
    const unknown = await testPluginOptionsSchema(pluginOptionsSchema!, { ...SITE_SLOTS, imageSlotOwners: { episode: ["CARD", "THUMB"] } })
    expect(unknown.errors).toEqual([expect.stringContaining("imageSlotOwners names slots that imageSlots does not define (episode: THUMB)")])
  })

  it("takes extra image origins and the answer caps, and explains one it cannot use", async () => {
    const good = await testPluginOptionsSchema(pluginOptionsSchema!, {
      ...SITE_SLOTS,
      imageOrigins: ["https://cdn.example.com"],
      maxJsonBytes: 2 ** 20,
      maxImageBytes: 5 * 2 ** 20,
    })
    expect(good).toMatchObject({ isValid: true, errors: [] })
    const bad = await testPluginOptionsSchema(pluginOptionsSchema!, { ...SITE_SLOTS, imageOrigins: ["cdn.example.com"], maxImageBytes: 0 })
    expect(bad.errors).toEqual([expect.stringContaining('"imageOrigins[0]" must be a valid uri'), expect.stringContaining('"maxImageBytes" must be greater than or equal to 1024')])
  })

  it("takes the image store's folder, and explains one that is not a path", async () => {
    expect(await testPluginOptionsSchema(pluginOptionsSchema!, { ...SITE_SLOTS, imageStore: "/var/lib/publisher/image-store" })).toMatchObject({ isValid: true, errors: [] })
    expect((await testPluginOptionsSchema(pluginOptionsSchema!, { ...SITE_SLOTS, imageStore: 42 })).errors).toEqual([expect.stringContaining('"imageStore" must be a string')])
  })

  it("reads extra image origins from CATALOGUE_IMAGE_ORIGINS, separated by commas or spaces", () => {
    expect(imageOriginsFromEnv({ CATALOGUE_IMAGE_ORIGINS: "https://cdn.example.com, https://img.example.net  http://10.0.0.5:8080" })).toEqual([
      "https://cdn.example.com",
      "https://img.example.net",
      "http://10.0.0.5:8080",
    ])
    expect(imageOriginsFromEnv({})).toEqual([])
  })

  // Gatsby persists the validated options in its redux cache (.cache/redux*, the workers' slices):
  // the token must not be among them, as a default or through gatsby-config.ts.
  describe("keep VIDEO_API_TOKEN out of Gatsby's persisted state", () => {
    const TOKEN = "video-token-that-must-not-be-persisted"
    const saved = process.env.VIDEO_API_TOKEN
    beforeEach(() => {
      process.env.VIDEO_API_TOKEN = TOKEN
    })
    afterEach(() => {
      if (saved === undefined) delete process.env.VIDEO_API_TOKEN
      else process.env.VIDEO_API_TOKEN = saved
    })

    it("the schema gives no default from the environment", async () => {
      const { value } = await validateOptionsSchema(pluginOptionsSchema!({ Joi } as never) as never, { ...SITE_SLOTS })
      expect(value).not.toHaveProperty("videoApiToken")
      expect(JSON.stringify(value)).not.toContain(TOKEN)
    })

    it("gatsby-config.ts gives the plugin no token", () => {
      jest.isolateModules(() => {
        // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded afresh inside jest.isolateModules
        const config = (require("../../../gatsby-config") as { default: { plugins: unknown[] } }).default
        const entry = config.plugins.find((plugin) => (plugin as { resolve?: string }).resolve === "gatsby-source-catalogue")
        expect(entry).toBeDefined()
        expect(JSON.stringify(config)).not.toContain(TOKEN)
      })
    })
  })
})
