import crypto from "node:crypto"
import {
  contentSecurityPolicy,
  EMPTY_STYLE_HASH,
  hashSource,
  inlineHashes,
  originsOf,
  pageSecurityHeaders,
  type SiteSources,
} from "../../node-kit/security-headers"

const SOURCES: SiteSources = { api: ["https://api.example.com"], player: ["https://player.vimeo.com"], images: ["https://api.example.com", "https://cdn.example.com"] }

/** A page shaped like Gatsby's output: two runnable inline scripts, JSON-LD, a styled-components sheet, a script file, style attributes. */
const PAGE = [
  "<!DOCTYPE html><html><head>",
  '<style data-styled="" data-styled-version="6.6.0">body{color:red;}/*!sc*/\n</style>',
  '<script type="application/ld+json">{"@type":"VideoObject"}</script>',
  "</head><body>",
  '<div style="background-color:#285868">a</div><img style="object-fit:cover" alt=""><p style="object-fit:cover">b</p>',
  '<div style="content:&quot;x&quot;">c</div>',
  '<noscript><style>.x{display:none}</style></noscript>',
  '<script id="gatsby-script-loader">/*<![CDATA[*/window.pagePath="/detail/1002/";/*]]>*/</script>',
  '<script>window.___webpackCompilationHash="56090eb33d61d1761347";</script>',
  '<script src="/app-75dbd0706fb177c579a7.js" async></script>',
  "</body></html>",
].join("")

/** A directive's sources, read back from a policy. */
function directive(policy: string, name: string): string[] {
  const found = policy.split(";").map((part) => part.trim().split(/\s+/)).find(([first]) => first === name)
  if (!found) throw new Error(`No ${name} in ${policy}`)
  return found.slice(1)
}

describe("hashSource", () => {
  it("is the quoted base64 SHA-256 a browser compares inline code with", () => {
    const expected = crypto.createHash("sha256").update('window.pagePath="/";').digest("base64")
    expect(hashSource('window.pagePath="/";')).toBe(`'sha256-${expected}'`)
    expect(hashSource("")).toBe(EMPTY_STYLE_HASH)
  })
})

describe("inlineHashes", () => {
  const hashes = inlineHashes(PAGE)

  it("hashes the inline scripts that run, as written, and not data blocks or script files", () => {
    expect(hashes.scripts).toEqual([
      hashSource('/*<![CDATA[*/window.pagePath="/detail/1002/";/*]]>*/'),
      hashSource('window.___webpackCompilationHash="56090eb33d61d1761347";'),
    ])
  })

  it("hashes style elements raw and style attributes decoded, each once, leaving <noscript> out", () => {
    expect(hashes.styles).toEqual([hashSource("body{color:red;}/*!sc*/\n")])
    expect(hashes.styleAttributes).toEqual([hashSource("background-color:#285868"), hashSource("object-fit:cover"), hashSource('content:"x"')])
  })
})

describe("contentSecurityPolicy", () => {
  const policy = contentSecurityPolicy(inlineHashes(PAGE), SOURCES)

  it("allows the page's own inline scripts by hash, with no unsafe-inline or unsafe-eval anywhere", () => {
    expect(directive(policy, "script-src")).toEqual(["'self'", ...inlineHashes(PAGE).scripts])
    expect(policy).not.toContain("unsafe-inline")
    expect(policy).not.toContain("unsafe-eval")
  })

  it("allows styles by hash: the server-rendered sheet, the empty sheet styled-components fills, the style attributes", () => {
    const styles = directive(policy, "style-src")
    expect(styles.slice(0, 3)).toEqual(["'self'", "'unsafe-hashes'", EMPTY_STYLE_HASH])
    expect(styles).toEqual(expect.arrayContaining([...inlineHashes(PAGE).styles, ...inlineHashes(PAGE).styleAttributes]))
  })

  it("names the public API for connections, the picture origins for images, the player for frames, and locks down the rest", () => {
    expect(directive(policy, "connect-src")).toEqual(["'self'", "https://api.example.com"])
    expect(directive(policy, "frame-src")).toEqual(["https://player.vimeo.com"])
    expect(directive(policy, "default-src")).toEqual(["'self'"])
    expect(directive(policy, "img-src")).toEqual(["'self'", "https://api.example.com", "https://cdn.example.com"])
    expect(directive(policy, "worker-src")).toEqual(["'self'"])
    expect(directive(policy, "object-src")).toEqual(["'none'"])
    expect(directive(policy, "base-uri")).toEqual(["'none'"])
    expect(directive(policy, "form-action")).toEqual(["'self'"])
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
    const headers = pageSecurityHeaders(inlineHashes(PAGE), SOURCES)
    expect(headers).toMatchObject({
      "Referrer-Policy": "strict-origin-when-cross-origin",
      "X-Content-Type-Options": "nosniff",
      "X-Frame-Options": "DENY",
    })
    expect(headers["Content-Security-Policy"]).toBe(contentSecurityPolicy(inlineHashes(PAGE), SOURCES))
    expect(headers["Permissions-Policy"]).toContain("camera=()")
    // The player's iframe asks for these; the header must delegate them to its origin.
    expect(headers["Permissions-Policy"]).toContain('fullscreen=(self "https://player.vimeo.com")')
    expect(headers["Permissions-Policy"]).toContain('autoplay=(self "https://player.vimeo.com")')
  })
})

describe("originsOf", () => {
  it("gives each http(s) origin once and drops what is not a web address", () => {
    expect(
      originsOf(["https://player.vimeo.com/video/1", "https://player.vimeo.com/video/2", "http://127.0.0.1:4000/api", null, "not a url", "javascript:alert(1)"]),
    ).toEqual(["https://player.vimeo.com", "http://127.0.0.1:4000"])
  })
})
