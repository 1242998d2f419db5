// The contract's endpoints (docs/reference/catalogue-api.md) under Strapi's
// /api prefix, so CATALOGUE_API_URL is http://…:1337/api. They are public
// (auth: false): the published view is what visitors see anyway, and the
// draft view checks its own token (src/catalogue/http/preview-access.ts).
const route = (method: "GET" | "POST", path: string, handler: string) => ({
  method,
  path,
  handler: `catalogue.${handler}`,
  config: { auth: false as const },
})

export default {
  routes: [
    route("GET", "/categories", "categories"),
    route("GET", "/categories/:id", "category"),
    route("GET", "/categories-states", "categoryStatistics"),
    route("GET", "/featured-collections", "featuredCollections"),
    route("GET", "/sub-categories/:id", "subcategory"),
    route("GET", "/series/:id", "series"),
    route("GET", "/series/:id/episodes", "seriesEpisodes"),
    route("GET", "/episodes/:id", "episode"),
    route("GET", "/site-settings", "siteSettings"),
    route("GET", "/search", "search"),
    route("POST", "/subscribe", "subscribe"),
  ],
}
