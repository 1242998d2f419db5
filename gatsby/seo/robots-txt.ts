/**
 * robots.txt: everything open and the sitemap index named, or, when the
 * site settings switch indexing off (a staging site), everything closed.
 */
export function robotsTxt(siteUrl: string, allowIndexing: boolean, why = "Indexing is switched off in the site settings (allow_indexing: false)."): string {
  if (!allowIndexing) return [`# ${why}`, "User-agent: *", "Disallow: /", ""].join("\n")
  return ["User-agent: *", "Allow: /", "", `Sitemap: ${siteUrl}/sitemap-index.xml`, ""].join("\n")
}
