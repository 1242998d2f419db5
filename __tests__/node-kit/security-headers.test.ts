import crypto from "node:crypto"
import { CONTINUE_WATCHING_HINT_SCRIPT } from "../../contract/inline-scripts"
import {
  commonSecurityHeaders,
  contentSecurityPolicy,
  EMPTY_STYLE_HASH,
  hashSource,
  isGatsbyDataScript,
  ownPageSecurityHeaders,
  pageInlineCode,
  originsOf,
  pageSecurityHeaders,
  STRICT_TRANSPORT_SECURITY,
  type SiteSources,
} from "../../node-kit/security-headers"

const SOURCES: SiteSources = { api: ["https://api.example.com"], player: ["https://player.vimeo.com"], images: ["https://api.example.com", "https://cdn.example.com"] }

/** Gatsby 5's inline scripts as a page carries them: static-entry.js's page path, then the `_gatsby-scripts` slice's chunk map and compilation hash. */
const PAGE_PATH_SCRIPT = '/*<![CDATA[*/window.pagePath="/detail/1002/";/*]]>*/'
const CHUNK_MAPPING_SCRIPT = '\n            window.___chunkMapping="{\\"app\\":[\\"/app-75dbd0706fb177c579a7.js\\"]}";\n          '
const COMPILATION_HASH_SCRIPT = 'window.___webpackCompilationHash="56090eb33d61d1761347";'

/** A page shaped like Gatsby's output: its inline scripts, JSON-LD, a styled-components sheet, a script file, style attributes. */
const PAGE = [
  "<!DOCTYPE html><html><head>",
  '<style data-styled="" data-styled-version="6.6.0">body{color:red;}/*!sc*/\n</style>',
  '<script type="application/ld+json">{"@type":"VideoObject"}</script>',
  "</head><body>",
  '<div id="___gatsby"><div style="background-color:#285868">a</div><img style="object-fit:cover" alt=""><p style="object-fit:cover">b</p>',
  '<div style="content:&quot;x&quot;">c</div></div>',
  '<noscript><style>.x{display:none}</style></noscript>',
  `<script id="gatsby-script-loader">${PAGE_PATH_SCRIPT}</script>`,
  `<!-- slice-start id="_gatsby-scripts-1" --><script\n            id="gatsby-chunk-mapping"\n          >${CHUNK_MAPPING_SCRIPT}</script>`,
  `<script>${COMPILATION_HASH_SCRIPT}</script>`,
  '<script src="/app-75dbd0706fb177c579a7.js" async></script><!-- slice-end id="_gatsby-scripts-1" -->',
  "</body></html>",
].join("")

/** The same page with scripts that CMS HTML smuggled into an episode's description. */
const INJECTED = PAGE.replace(
  '<div style="content:&quot;x&quot;">c</div>',
  '<div style="content:&quot;x&quot;">c<script>alert(1)</script><script id="gatsby-script-loader">window.pagePath="/";fetch("//evil.example")</script>' +
    '<script id="gatsby-chunk-mapping">window.___chunkMapping={"app":["/app.js"]};</script></div>',
)

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

describe("pageInlineCode", () => {
  const { hashes, refusedScripts } = pageInlineCode(PAGE)

  it("hashes Gatsby's inline scripts, as written, and not data blocks or script files", () => {
    expect(hashes.scripts).toEqual([hashSource(PAGE_PATH_SCRIPT), hashSource(CHUNK_MAPPING_SCRIPT), hashSource(COMPILATION_HASH_SCRIPT)])
    expect(refusedScripts).toEqual([])
  })

  it("leaves a script injected into the page's content out of its hashes, and names it, whatever id it copies", () => {
    const injected = pageInlineCode(INJECTED)
    expect(injected.hashes.scripts).toEqual(hashes.scripts)
    expect(injected.hashes.scripts).not.toContain(hashSource("alert(1)"))
    expect(injected.refusedScripts).toEqual(['alert(1)', 'window.pagePath="/";fetch("//evil.example")', 'window.___chunkMapping={"app":["/app.js"]};'])
    const policy = contentSecurityPolicy(injected.hashes, SOURCES)
    expect(directive(policy, "script-src")).toEqual(["'self'", ...hashes.scripts])
  })

  it("hashes the site's own head script by its exact text, and refuses the same text in the body or any other head script", () => {
    const home = PAGE.replace("</head>", `<script>${CONTINUE_WATCHING_HINT_SCRIPT}</script></head>`)
    expect(pageInlineCode(home).hashes.scripts).toEqual([hashSource(CONTINUE_WATCHING_HINT_SCRIPT), ...hashes.scripts])
    expect(pageInlineCode(home).refusedScripts).toEqual([])
    const altered = PAGE.replace("</head>", `<script>${CONTINUE_WATCHING_HINT_SCRIPT};alert(1)</script></head>`)
    expect(pageInlineCode(altered).hashes.scripts).toEqual(hashes.scripts)
    const inContent = PAGE.replace('<div style="content:&quot;x&quot;">c</div>', `<div>c<script>${CONTINUE_WATCHING_HINT_SCRIPT}</script></div>`)
    expect(pageInlineCode(inContent).refusedScripts).toHaveLength(1)
  })

  it("hashes style elements raw and style attributes decoded, each once, leaving <noscript> out", () => {
    expect(hashes.styles).toEqual([hashSource("body{color:red;}/*!sc*/\n")])
    expect(hashes.styleAttributes).toEqual([hashSource("background-color:#285868"), hashSource("object-fit:cover"), hashSource('content:"x"')])
  })
})

describe("isGatsbyDataScript", () => {
  it.each([
    ["the page path", PAGE_PATH_SCRIPT],
    ["the chunk map in the slice", CHUNK_MAPPING_SCRIPT],
    ["the chunk map without slices", '/*<![CDATA[*/window.___chunkMapping={"app":["/app-1.js"],"polyfill":[]};/*]]>*/'],
    ["the compilation hash", COMPILATION_HASH_SCRIPT],
    ["the page path with the hash and inlined page data", '/*<![CDATA[*/window.pagePath="/a/";window.___webpackCompilationHash="1f";window.pageData={"path":"/a/"};/*]]>*/'],
    ["a path with quotes and semicolons", 'window.pagePath="/a\\";alert(1);//";'],
  ])("accepts %s: Gatsby's data, and only data", (_name, code) => {
    expect(isGatsbyDataScript(code)).toBe(true)
  })

  it.each([
    ["any other code", "alert(1)"],
    ["an empty script", "  "],
    ["code after Gatsby's data", 'window.pagePath="/";alert(1)'],
    ["code after a data object", 'window.pageData={"a":1};alert(1);'],
    ["a call in place of a value", 'window.pagePath=alert(1);'],
    ["another window property", 'window.location="//evil.example";'],
    ["code inside Gatsby's CDATA comment", '/*<![CDATA[*/alert(1);/*]]>*/'],
    ["an object that is not JSON", "window.___chunkMapping={get app(){return alert(1)}};"],
  ])("refuses %s", (_name, code) => {
    expect(isGatsbyDataScript(code)).toBe(false)
  })
})

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
    expect(
      originsOf(["https://player.vimeo.com/video/1", "https://player.vimeo.com/video/2", "http://127.0.0.1:4000/api", null, "not a url", "javascript:alert(1)"]),
    ).toEqual(["https://player.vimeo.com", "http://127.0.0.1:4000"])
  })
})
