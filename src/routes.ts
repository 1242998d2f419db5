/** URL paths of the page families, as SPEC.md fixes them. Ids are opaque strings. */
export const routes = {
  category: (id: string) => `/category/${encodeURIComponent(id)}`,
  subcategory: (id: string) => `/subcategory/${encodeURIComponent(id)}`,
  series: (id: string) => `/series/${encodeURIComponent(id)}`,
  episode: (id: string) => `/detail/${encodeURIComponent(id)}`,
  searchResults: (query: string) => `/search-results?q=${encodeURIComponent(query)}`,
} as const
