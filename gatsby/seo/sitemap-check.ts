import { DomUtils, parseDocument } from "htmlparser2"

/** Every <loc> of a sitemap or sitemap index. */
export function sitemapLocations(xml: string): string[] {
  const document = parseDocument(xml, { xmlMode: true })
  return DomUtils.getElementsByTagName("loc", document.children, true).map((element) => DomUtils.textContent(element).trim())
}

/**
 * The build's last word on robots: a page that asks not to be indexed must
 * not be in the sitemap. Returns one message per offending page.
 */
export function noindexPagesListed(listedUrls: readonly string[], noindexPages: readonly { path: string; url: string; entity: string | null }[]): string[] {
  const listed = new Set(listedUrls)
  return noindexPages.filter((page) => listed.has(page.url)).map((page) => `${page.path}${page.entity ? ` (${page.entity})` : ""} is noindex but listed in the sitemap`)
}
