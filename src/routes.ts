/** URL paths of the page families, as docs/reference/spec.md fixes them. Ids are opaque strings. */
export const routes = {
  category: (id: string) => `/category/${encodeURIComponent(id)}`,
  subcategory: (id: string) => `/subcategory/${encodeURIComponent(id)}`,
  series: (id: string) => `/series/${encodeURIComponent(id)}`,
  episode: (id: string) => `/detail/${encodeURIComponent(id)}`,
  searchResults: (query: string) => `/search-results?q=${encodeURIComponent(query)}`,
  /** The visitor's saved series (a page of ours; docs/reference/spec.md has none). */
  myList: "/my-list/",
} as const

/** The path Gatsby gives a page under `trailingSlash: "always"` (gatsby-config.ts): canonical URLs, breadcrumbs and sitemaps name it so. */
export const withTrailingSlash = (path: string) => (path.endsWith("/") ? path : `${path}/`)
