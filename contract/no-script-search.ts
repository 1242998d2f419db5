// Search without JavaScript. The results page asks the catalogue from the
// browser, so with scripts off it can show no results; it offers a search of
// this site's pages at DuckDuckGo instead (its `sites` parameter limits a
// search to one host, for site search boxes). The site's form sends the query
// there, so the page's CSP must allow that form target (node-kit).

export const NO_SCRIPT_SEARCH = {
  name: "DuckDuckGo",
  action: "https://duckduckgo.com/",
} as const

export const NO_SCRIPT_SEARCH_ORIGIN = new URL(NO_SCRIPT_SEARCH.action).origin
