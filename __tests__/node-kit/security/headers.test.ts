import { commonSecurityHeaders, contentSecurityPolicy, ownPageSecurityHeaders, originsOf, pageSecurityHeaders, STRICT_TRANSPORT_SECURITY } from "../../../node-kit/security/headers"
import { EMPTY_STYLE_HASH, hashSource, pageInlineCode } from "../../../node-kit/security/inline-code"
import { directive, PAGE, SOURCES } from "./gatsby-page"

describe("contentSecurityPolicy", () => {
  const policy = contentSecurityPolicy(pageInlineCode(PAGE).hashes, SOURCES)

  it("allows the page's own inline scripts by hash, with no unsafe-inline or unsafe-eval anywhere", () => {
    expect(directive(policy, "script-src")).toEqual(["'self'", ...pageInlineCode(PAGE).hashes.scripts])
    expect(policy).not.toContain("unsafe-inline")
    expect(policy).not.toContain("unsafe-eval")
  })

  it("allows styles by hash: the server-rendered sheet, the empty sheet styled-components fills, the style attributes", () => {
    const styles = directive(policy, "style-src")
    expect(styles.slice(0, 3)).toEqual(["'self'", "'unsafe-hashes'", EMPTY_STYLE_HASH])
    const { hashes } = pageInlineCode(PAGE)
    expect(styles).toEqual(expect.arrayContaining([...hashes.styles, ...hashes.styleAttributes]))
  })

  it("names the public API for connections, the picture origins for images, the player for frames, and locks down the rest", () => {
    expect(directive(policy, "connect-src")).toEqual(["'self'", "https://api.example.com"])
    expect(directive(policy, "frame-src")).toEqual(["https://player.vimeo.com"])
    expect(directive(policy, "default-src")).toEqual(["'self'"])
    expect(directive(policy, "img-src")).toEqual(["'self'", "https://api.example.com", "https://cdn.example.com"])
    expect(directive(policy, "worker-src")).toEqual(["'self'"])
    expect(directive(policy, "object-src")).toEqual(["'none'"])
    expect(directive(policy, "base-uri")).toEqual(["'none'"])
    // The search form; without JavaScript, the Subscribe form (to the catalogue) and the site search at DuckDuckGo.
    expect(directive(policy, "form-action")).toEqual(["'self'", "https://api.example.com", "https://duckduckgo.com"])
    expect(directive(policy, "frame-ancestors")).toEqual(["'none'"])
    expect(policy).not.toMatch(/;\s*$/)
  })

  it("frames nothing when the catalogue has no player, and leaves 'unsafe-hashes' out when no attribute needs it", () => {
    const bare = contentSecurityPolicy({ scripts: [], styles: [], styleAttributes: [] }, { api: [], player: [], images: [] })
    expect(directive(bare, "frame-src")).toEqual(["'none'"])
    expect(directive(bare, "connect-src")).toEqual(["'self'"])
    expect(directive(bare, "img-src")).toEqual(["'self'"])
    expect(directive(bare, "style-src")).toEqual(["'self'", EMPTY_STYLE_HASH])
  })
})

describe("pageSecurityHeaders", () => {
  it("sends the CSP with the referrer, permissions, nosniff and frame headers", () => {
    const headers = pageSecurityHeaders(pageInlineCode(PAGE).hashes, SOURCES)
    expect(headers).toMatchObject({
      "Referrer-Policy": "strict-origin-when-cross-origin",
      "X-Content-Type-Options": "nosniff",
      "X-Frame-Options": "DENY",
    })
    expect(headers["Content-Security-Policy"]).toBe(contentSecurityPolicy(pageInlineCode(PAGE).hashes, SOURCES))
    expect(headers["Permissions-Policy"]).toContain("camera=()")
    // The player's iframe asks for these; the header must delegate them to its origin.
    expect(headers["Permissions-Policy"]).toContain('fullscreen=(self "https://player.vimeo.com")')
    expect(headers["Permissions-Policy"]).toContain('autoplay=(self "https://player.vimeo.com")')
  })
})

describe("Strict-Transport-Security", () => {
  it("is sent for a site on https, for a year, without subdomains or preload", () => {
    expect(commonSecurityHeaders({ ...SOURCES, site: "https://moveflix.example" })["Strict-Transport-Security"]).toBe("max-age=31536000")
    expect(STRICT_TRANSPORT_SECURITY).not.toMatch(/includeSubDomains|preload/)
  })

  it("is never sent for a site on http (development on localhost) or of unknown address", () => {
    expect(commonSecurityHeaders({ ...SOURCES, site: "http://localhost:9000" })).not.toHaveProperty("Strict-Transport-Security")
    expect(commonSecurityHeaders(SOURCES)).not.toHaveProperty("Strict-Transport-Security")
  })
})

describe("ownPageSecurityHeaders", () => {
  it("allows every inline script of a page the server wrote itself", () => {
    const html = "<html><head><style>p{}</style></head><body><script>document.title='Status'</script></body></html>"
    const policy = ownPageSecurityHeaders(html)["Content-Security-Policy"]!
    expect(directive(policy, "script-src")).toEqual(["'self'", hashSource("document.title='Status'")])
    expect(policy).toContain(hashSource("p{}"))
  })
})

describe("originsOf", () => {
  it("gives each http(s) origin once and drops what is not a web address", () => {
    expect(originsOf(["https://player.vimeo.com/video/1", "https://player.vimeo.com/video/2", "http://127.0.0.1:4000/api", null, "not a url", "javascript:alert(1)"])).toEqual([
      "https://player.vimeo.com",
      "http://127.0.0.1:4000",
    ])
  })
})
