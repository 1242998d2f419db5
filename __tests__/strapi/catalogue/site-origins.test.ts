import { corsOrigins, LOCAL_SITE_ORIGINS, siteOrigins } from "../../../integrations/strapi/src/catalogue/http/site-origins"

// Which pages may call the Strapi integration's /search and /subscribe from
// a visitor's browser (config/middlewares.ts gives these to strapi::cors).

describe("the site's origins", () => {
  it("are the local sites', SITE_URL's (a comma-separated list) and the preview lane's, as origins alone", () => {
    expect(siteOrigins("https://www.example.com/, https://example.com/videos , not a url, ftp://example.com", "https://preview.example.com/path")).toEqual([
      ...LOCAL_SITE_ORIGINS,
      "https://www.example.com",
      "https://example.com",
      "https://preview.example.com",
    ])
  })

  it("are the local sites' alone when neither is set", () => {
    expect(siteOrigins("", "")).toEqual(LOCAL_SITE_ORIGINS)
  })
})

describe("CORS", () => {
  const allowed = corsOrigins(["https://www.example.com"])

  it("answers the site's origins on /api/search and /api/subscribe", () => {
    expect(allowed({ path: "/api/search" })).toEqual(["https://www.example.com"])
    expect(allowed({ path: "/api/subscribe" })).toEqual(["https://www.example.com"])
  })

  it("answers no other origin anywhere else: the build reads the rest, and the admin panel is same-origin", () => {
    for (const path of ["/api/categories", "/api/changes", "/admin/login", "/content-manager/collection-types/api::series.series", "/uploads/x.jpg"]) {
      expect(allowed({ path })).toEqual([])
    }
  })
})
