import type { Core } from "@strapi/strapi"
import { subscribeRateLimit } from "../catalogue/subscribe/rate-limit"
import { subscribeRequestGuard } from "../catalogue/subscribe/request-guard"

/** What config/middlewares.ts gives this middleware: the site's origins and SUBSCRIBE_RATE_LIMIT as written. */
interface SubscribeRequestConfig {
  siteOrigins?: string[]
  rateLimit?: string
}

/** global::subscribe-request (config/middlewares.ts): what POST /api/subscribe takes before its body is read, and how a form is answered. */
export default (config: SubscribeRequestConfig, { strapi }: { strapi: Core.Strapi }) =>
  subscribeRequestGuard({
    siteOrigins: config.siteOrigins ?? [],
    rateLimit: subscribeRateLimit(config.rateLimit),
    logError: (error) => strapi.log.error(error instanceof Error ? (error.stack ?? error.message) : String(error)),
  })
