import { cspMetaTag, headerOnlyPolicy, metaPolicy, withCspMeta } from "../../../node-kit/security/csp-meta"
import { contentSecurityPolicy, type SiteSources } from "../../../node-kit/security/headers"
import { pageInlineCode } from "../../../node-kit/security/inline-code"

const SOURCES: SiteSources = { api: ["https://api.example.com"], player: ["https://player.vimeo.com"], images: [] }
const CSP = "default-src 'self'; script-src 'self' 'sha256-abc='; frame-ancestors 'none'"
const META = `<meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self' 'sha256-abc='"/>`

describe("metaPolicy and headerOnlyPolicy", () => {
  it("leave to the header the directives a meta cannot carry, and keep the rest in order", () => {
    const csp = "default-src 'self'; report-uri /csp; Sandbox allow-forms; frame-ancestors 'none'; report-to csp; img-src 'self'"
    expect(metaPolicy(csp)).toBe("default-src 'self'; img-src 'self'")
  })

  it("split the site's policy in two: a page's meta carries all of it but frame-ancestors, the same for every page", () => {
    const csp = contentSecurityPolicy({ scripts: ["'sha256-abc='"], styles: [], styleAttributes: [] }, SOURCES)
    expect(headerOnlyPolicy(SOURCES)).toBe("frame-ancestors 'none'")
    expect(`${metaPolicy(csp)}; ${headerOnlyPolicy(SOURCES)}`).toBe(csp)
  })
})

describe("withCspMeta", () => {
  it("puts the meta first in the head, before any inline style or script", () => {
    expect(withCspMeta(`<!DOCTYPE html><html lang="en"><head><style>p{}</style><title>T</title></head><body></body></html>`, CSP)).toBe(
      `<!DOCTYPE html><html lang="en"><head>${META}<style>p{}</style><title>T</title></head><body></body></html>`,
    )
  })

  it("keeps the charset declaration that opens the head first: it must be in the first 1024 bytes, and a page's policy can be longer", () => {
    const html = `<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><meta name="viewport" content="width=device-width"/></head><body></body></html>`
    expect(withCspMeta(html, CSP)).toBe(
      `<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>${META}<meta name="viewport" content="width=device-width"/></head><body></body></html>`,
    )
  })

  it("replaces the meta an earlier build wrote, and returns the very same string when the meta is already right", () => {
    const html = `<html><head><meta charset="utf-8">${cspMetaTag("default-src 'none'")}<script>1</script></head></html>`
    const updated = withCspMeta(html, CSP)
    expect(updated).toBe(`<html><head><meta charset="utf-8">${META}<script>1</script></head></html>`)
    expect(withCspMeta(updated, CSP)).toBe(updated)
  })

  it("changes no inline code, so the page's hashes are those of the page without the meta", () => {
    const html = `<html><head><style>p{color:red}</style></head><body><p style="margin:0">x</p><script>window.pagePath="/";</script></body></html>`
    expect(pageInlineCode(withCspMeta(html, CSP))).toEqual(pageInlineCode(html))
  })

  it("without a head tag (it is optional), goes after <html>, where the parser still makes it the head's", () => {
    expect(withCspMeta(`<!doctype html><html><body><p>x</p></body></html>`, CSP)).toBe(`<!doctype html><html>${META}<body><p>x</p></body></html>`)
    expect(withCspMeta(`<p>x</p>`, CSP)).toBe(`${META}<p>x</p>`)
  })

  it("escapes the policy as an attribute value", () => {
    expect(cspMetaTag(`img-src "a"&b`)).toBe(`<meta http-equiv="Content-Security-Policy" content="img-src &quot;a&quot;&amp;b"/>`)
  })
})
