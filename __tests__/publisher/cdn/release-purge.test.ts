import { MOST_KEYS, mergePurges, purgeRequestFor } from "../../../publisher/src/cdn/release-purge"

describe("what a release purges", () => {
  it("names the URL of each page, page-data and other revalidated file it changed, and nothing content-hashed or build-only", () => {
    const request = purgeRequestFor({
      changedFiles: [
        "series/1/index.html",
        "page-data/series/1/page-data.json",
        "sitemap-0.xml",
        "index.html",
        "component---src-templates-series-tsx-0123456789abcdef0123.js",
        "static/0123456789abcdef/picture.webp",
        "security-headers.json",
        "app-0123456789abcdef0123.js.map",
      ],
    })
    expect(request).toEqual({
      all: false,
      keys: ["/", "/page-data/series/1/page-data.json", "/series/1/", "/sitemap-0.xml"],
      paths: ["/", "/page-data/series/1/page-data.json", "/series/1/", "/sitemap-0.xml"],
    })
  })

  it("purges everything on a code deploy (app-data.json changed), a first release, or a change past MOST_KEYS", () => {
    expect(purgeRequestFor({ changedFiles: ["page-data/app-data.json", "index.html"] }).all).toBe(true)
    expect(purgeRequestFor({ changedFiles: null }).all).toBe(true)
    const many = Array.from({ length: MOST_KEYS + 1 }, (_, index) => `series/${index}/index.html`)
    expect(purgeRequestFor({ changedFiles: many })).toEqual({ keys: [], paths: [], all: true })
    expect(purgeRequestFor({ changedFiles: many.slice(1) }).all).toBe(false)
  })

  it("adds what a later release owes to what an earlier one still owes", () => {
    const first = purgeRequestFor({ changedFiles: ["series/1/index.html"] })
    const second = purgeRequestFor({ changedFiles: ["series/2/index.html", "series/1/index.html"] })
    expect(mergePurges(first, second)).toEqual({ all: false, keys: ["/series/1/", "/series/2/"], paths: ["/series/1/", "/series/2/"] })
    expect(mergePurges(first, { keys: [], paths: [], all: true }).all).toBe(true)
  })
})
