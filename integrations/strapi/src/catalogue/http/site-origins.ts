/** The sites `npm start` (:9000) and `npm run develop` (:8000) serve, by either loopback name: the reference server allows them too. */
export const LOCAL_SITE_ORIGINS = ["http://localhost:9000", "http://127.0.0.1:9000", "http://localhost:8000", "http://127.0.0.1:8000"]

/** The contract's two endpoints visitors' browsers call (catalogue-api.md), under Strapi's /api prefix. */
export const BROWSER_PATHS = new Set(["/api/search", "/api/subscribe"])

/** The http(s) origin of each URL of a comma-separated list; anything else is left out. */
function originsOf(list: string): string[] {
  return list
    .split(",")
    .map((entry) => entry.trim())
    .flatMap((entry) => (URL.canParse(entry) && /^https?:$/.test(new URL(entry).protocol) ? [new URL(entry).origin] : []))
}

/**
 * The origins whose pages may call /search and /subscribe: the local sites,
 * SITE_URL's (a comma-separated list when the site has several addresses)
 * and the preview lane's (PREVIEW_SITE_URL), whose pages search too.
 */
export function siteOrigins(siteUrl: string, previewSiteUrl: string): string[] {
  return [...new Set([...LOCAL_SITE_ORIGINS, ...originsOf(siteUrl), ...originsOf(previewSiteUrl)])]
}

/**
 * strapi::cors's `origin`: the site's origins on the browser's two
 * endpoints, and none elsewhere, so no other page reads any other answer
 * (the admin panel is same-origin and needs none).
 */
export function corsOrigins(origins: readonly string[]) {
  return (ctx: { path: string }): string[] => (BROWSER_PATHS.has(ctx.path) ? [...origins] : [])
}
