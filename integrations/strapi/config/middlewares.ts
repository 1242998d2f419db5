import type { Core } from "@strapi/strapi"
import { corsOrigins, siteOrigins } from "../src/catalogue/http/site-origins"

const config = ({ env }: Core.Config.Shared.ConfigParams): Core.Config.Middlewares => {
  const origins = siteOrigins(env("SITE_URL", ""), env("PREVIEW_SITE_URL", ""))
  return [
    "strapi::logger",
    "strapi::errors",
    "strapi::security",
    // The site's pages call /search and /subscribe from the visitor's browser (catalogue-api.md):
    // those two answer the site's origins, without credentials (neither needs any, and the
    // admin's cookie must not travel with them); nothing else answers another origin.
    {
      name: "strapi::cors",
      config: {
        origin: corsOrigins(origins),
        credentials: false,
        methods: ["GET", "POST", "OPTIONS"],
        headers: ["Content-Type", "Accept"],
        maxAge: 86400,
      },
    },
    // Before strapi::body: POST /api/subscribe is counted against its client's limit (SUBSCRIBE_RATE_LIMIT)
    // and takes a few KiB of JSON, or the footer's form from the site's own pages, refused before any is read.
    { name: "global::subscribe-request", config: { siteOrigins: origins, rateLimit: env("SUBSCRIBE_RATE_LIMIT", "") } },
    "strapi::poweredBy",
    "strapi::query",
    "strapi::body",
    "strapi::session",
    "strapi::favicon",
    "strapi::public",
  ]
}

export default config
