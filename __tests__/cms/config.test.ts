import { LOCAL_SITE_ORIGINS, readConfig } from "../../cms/src/config"
import { DEFAULT_SUBSCRIBE_RATE_LIMIT } from "../../cms/src/http-hooks/rate-limit"

// The hardening settings (docs/reference/configuration.md): the admin token, the Host check's names,
// the subscribe limit and the trusted proxies. The webhook's settings are
// tested with the webhook (webhook.test.ts).
describe("readConfig: the admin API and the public limits", () => {
  it("leaves the admin API off without CMS_ADMIN_TOKEN, and takes one of at least 16 characters", () => {
    expect(readConfig({}).adminToken).toBeNull()
    expect(readConfig({ CMS_ADMIN_TOKEN: "  a-token-of-sixteen+  " }).adminToken).toBe("a-token-of-sixteen+")
    expect(() => readConfig({ CMS_ADMIN_TOKEN: "short" })).toThrow(/CMS_ADMIN_TOKEN must be at least 16 characters/)
  })

  it("allows the names in CMS_ALLOWED_HOSTS and a CMS_HOST that is a name, never an address", () => {
    expect(readConfig({}).allowedHosts).toEqual([])
    expect(readConfig({ CMS_ALLOWED_HOSTS: "cms.example.com, .example.org" }).allowedHosts).toEqual(["cms.example.com", ".example.org"])
    expect(readConfig({ CMS_HOST: "catalogue.internal" }).allowedHosts).toEqual(["catalogue.internal"])
    expect(readConfig({ CMS_HOST: "0.0.0.0" }).allowedHosts).toEqual([])
    expect(() => readConfig({ CMS_ALLOWED_HOSTS: "good.example, http://bad.example/, two words" })).toThrow(
      /CMS_ALLOWED_HOSTS must be a comma-separated list of host names.*"http:\/\/bad\.example\/", "two words"/,
    )
  })

  it("limits sign-ups to 10 in 10 minutes unless CMS_SUBSCRIBE_RATE_LIMIT says otherwise or off", () => {
    expect(readConfig({}).subscribeRateLimit).toEqual(DEFAULT_SUBSCRIBE_RATE_LIMIT)
    expect(DEFAULT_SUBSCRIBE_RATE_LIMIT).toEqual({ limit: 10, windowSeconds: 600 })
    expect(readConfig({ CMS_SUBSCRIBE_RATE_LIMIT: "5/60" }).subscribeRateLimit).toEqual({ limit: 5, windowSeconds: 60 })
    expect(readConfig({ CMS_SUBSCRIBE_RATE_LIMIT: "off" }).subscribeRateLimit).toBeNull()
    expect(() => readConfig({ CMS_SUBSCRIBE_RATE_LIMIT: "lots" })).toThrow(/CMS_SUBSCRIBE_RATE_LIMIT must look like 10\/600/)
  })

  it("believes X-Forwarded-For only from the proxies in CMS_TRUST_PROXY", () => {
    expect(readConfig({}).trustProxy).toBeUndefined()
    expect(readConfig({ CMS_TRUST_PROXY: "127.0.0.1, 10.0.0.0/8, ::1" }).trustProxy).toBe("127.0.0.1,10.0.0.0/8,::1")
    expect(() => readConfig({ CMS_TRUST_PROXY: "yes" })).toThrow(/CMS_TRUST_PROXY must be a comma-separated list of proxy addresses/)
  })

  it("names every wrong setting at once", () => {
    expect(() => readConfig({ CMS_ADMIN_TOKEN: "x", CMS_ALLOWED_HOSTS: "a b", CMS_SUBSCRIBE_RATE_LIMIT: "?" })).toThrow(
      /CMS_ALLOWED_HOSTS[\s\S]*CMS_ADMIN_TOKEN[\s\S]*CMS_SUBSCRIBE_RATE_LIMIT/,
    )
  })
})

describe("readConfig: who may subscribe, and the pictures kept", () => {
  it("takes sign-ups from the local site and SITE_URL's origin by default, and from CMS_SUBSCRIBE_ORIGINS alone when set", () => {
    expect(readConfig({}).subscribeOrigins).toEqual(LOCAL_SITE_ORIGINS)
    expect(LOCAL_SITE_ORIGINS).toContain("http://localhost:9000")
    expect(readConfig({ SITE_URL: "https://www.example.com/films/" }).subscribeOrigins).toEqual([...LOCAL_SITE_ORIGINS, "https://www.example.com"])
    expect(readConfig({ CMS_SUBSCRIBE_ORIGINS: "https://www.example.com, http://Example.org:8080/" }).subscribeOrigins).toEqual([
      "https://www.example.com",
      "http://example.org:8080",
    ])
    expect(() => readConfig({ CMS_SUBSCRIBE_ORIGINS: "https://ok.example, www.example.com, https://x.example/path, *" })).toThrow(
      /CMS_SUBSCRIBE_ORIGINS must be a comma-separated list of origins alone.*"www\.example\.com", "https:\/\/x\.example\/path", "\*"/,
    )
  })

  it("keeps 10 000 resized pictures unless CMS_MEDIA_KEPT_VARIANTS says otherwise", () => {
    expect(readConfig({}).keptMediaVariants).toBe(10_000)
    expect(readConfig({ CMS_MEDIA_KEPT_VARIANTS: "500" }).keptMediaVariants).toBe(500)
    expect(() => readConfig({ CMS_MEDIA_KEPT_VARIANTS: "0" })).toThrow(/CMS_MEDIA_KEPT_VARIANTS must be a whole number from 1/)
  })

  it("keeps drawn pictures in the data folder unless CMS_DRAWINGS_DIR names a folder to share", () => {
    expect(readConfig({}).drawingsDir).toBeNull()
    expect(readConfig({ CMS_DRAWINGS_DIR: "/var/cache/drawings" }).drawingsDir).toBe("/var/cache/drawings")
  })
})

describe("readConfig: the player's origin", () => {
  it("takes VIDEO_PLAYER_ORIGIN as an http(s) origin alone, and is null without it", () => {
    expect(readConfig({}).videoPlayerOrigin).toBeNull()
    expect(readConfig({ VIDEO_PLAYER_ORIGIN: "https://player.vimeo.com" }).videoPlayerOrigin).toBe("https://player.vimeo.com")
    expect(readConfig({ VIDEO_PLAYER_ORIGIN: " http://Player.Example:8443/ " }).videoPlayerOrigin).toBe("http://player.example:8443")
    for (const wrong of ["player.vimeo.com", "ftp://player.vimeo.com", "https://player.vimeo.com/video", "https://player.vimeo.com/?a=1"]) {
      expect(() => readConfig({ VIDEO_PLAYER_ORIGIN: wrong })).toThrow(/VIDEO_PLAYER_ORIGIN must be an (http\(s\) URL|origin alone)/)
    }
  })
})
