import fs from "node:fs"
import path from "node:path"
import type { SiteSources } from "../../../node-kit/security/headers"

/** The origins the header map's tests give the site's policy. */
export const SOURCES: SiteSources = { api: ["https://api.example.com"], player: ["https://player.vimeo.com"], images: ["https://api.example.com", "https://cdn.example.com"] }
export const pageHtml = (pagePath: string) => `<html><head></head><body><script>window.pagePath="${pagePath}";</script></body></html>`
/** A page as Gatsby writes it whose content (an episode's description from the CMS) carries a script. */
export const injectedPageHtml = (pagePath: string) =>
  `<html><head></head><body><div id="___gatsby"><p>Stretch.</p><script>alert(1)</script></div><script id="gatsby-script-loader">/*<![CDATA[*/window.pagePath="${pagePath}";/*]]>*/</script></body></html>`

/** Writes one built page under `build`, making its folders. */
export function writePage(build: string, file: string, html: string): void {
  fs.mkdirSync(path.dirname(path.join(build, file)), { recursive: true })
  fs.writeFileSync(path.join(build, file), html)
}
