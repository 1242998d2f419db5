import { allowedOrigins, createOriginGuard } from "../../../../plugins/gatsby-source-catalogue/src/http/fetch-limits"

describe("allowedOrigins", () => {
  it("are the catalogue API's, the video host's, the imageOrigins option's and the image service's, as origins", () => {
    const origins = allowedOrigins({
      apiUrl: "http://127.0.0.1:4000/api",
      videoApiUrl: "https://api.vimeo.com",
      imageOrigins: ["https://cdn.example.com/pictures/"],
      imageService: { origins: ["http://127.0.0.1:4000"], urlTemplate: "https://img.example:8443/{url}?w={width}&f={format}" },
    })
    expect([...origins].sort()).toEqual(["http://127.0.0.1:4000", "https://api.vimeo.com", "https://cdn.example.com", "https://img.example:8443"])
  })

  it("take nothing from a template relative to the picture's own URL", () => {
    const origins = allowedOrigins({
      apiUrl: "https://cms.example/api",
      videoApiUrl: "https://api.vimeo.com",
      imageOrigins: [],
      imageService: { origins: ["https://cms.example"], urlTemplate: "{url}?w={width}" },
    })
    expect([...origins].sort()).toEqual(["https://api.vimeo.com", "https://cms.example"])
  })
})

describe("createOriginGuard", () => {
  it("allows the configured origins only: loopback on another port, link-local and other schemes are refused, each host warned about once", () => {
    const warnings: string[] = []
    const guard = createOriginGuard(new Set(["http://127.0.0.1:4000"]), (message) => warnings.push(message))
    expect(guard.allows("http://127.0.0.1:4000/media/a.jpg")).toBe(true)
    expect(guard.allows("http://127.0.0.1:9000/admin")).toBe(false)
    expect(guard.allows("http://127.0.0.1:9000/other")).toBe(false)
    expect(guard.allows("http://[fe80::1]/a.jpg")).toBe(false)
    expect(guard.allows("http://169.254.169.254/latest/meta-data/")).toBe(false)
    expect(guard.allows("https://127.0.0.1:4000/a.jpg")).toBe(false)
    expect(guard.allows("file:///etc/passwd")).toBe(false)
    expect(guard.allows("not a url")).toBe(false)
    expect(warnings.map((message) => /^Not fetching from (\S*):/.exec(message)?.[1])).toEqual([
      "127.0.0.1:9000",
      "[fe80::1]",
      "169.254.169.254",
      "127.0.0.1:4000",
      "file:///etc/passwd",
    ])
    expect(warnings[0]).toBe(
      "Not fetching from 127.0.0.1:9000: the build only fetches from http://127.0.0.1:4000 (CATALOGUE_API_URL, VIDEO_API_URL, the image service and the imageOrigins option). Skipped, first: http://127.0.0.1:9000/admin",
    )
  })
})
