import crypto from "node:crypto"
import { CONTINUE_WATCHING_HINT_SCRIPT } from "../../../contract/inline-scripts"
import { contentSecurityPolicy } from "../../../node-kit/security/headers"
import { EMPTY_STYLE_HASH, hashSource, isGatsbyDataScript, pageInlineCode } from "../../../node-kit/security/inline-code"
import { CHUNK_MAPPING_SCRIPT, COMPILATION_HASH_SCRIPT, directive, INJECTED, PAGE, PAGE_PATH_SCRIPT, SOURCES } from "./gatsby-page"

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
    expect(injected.refusedScripts).toEqual(["alert(1)", 'window.pagePath="/";fetch("//evil.example")', 'window.___chunkMapping={"app":["/app.js"]};'])
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
    ["a call in place of a value", "window.pagePath=alert(1);"],
    ["another window property", 'window.location="//evil.example";'],
    ["code inside Gatsby's CDATA comment", "/*<![CDATA[*/alert(1);/*]]>*/"],
    ["an object that is not JSON", "window.___chunkMapping={get app(){return alert(1)}};"],
  ])("refuses %s", (_name, code) => {
    expect(isGatsbyDataScript(code)).toBe(false)
  })
})
