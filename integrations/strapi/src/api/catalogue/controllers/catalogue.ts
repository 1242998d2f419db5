import type { Core } from "@strapi/strapi"
import { catalogueHandlers } from "../../../catalogue/http/handlers"

/** The catalogue's endpoints (src/catalogue/http/handlers.ts); the draft view's token is CATALOGUE_PREVIEW_TOKEN. */
export default ({ strapi }: { strapi: Core.Strapi }) => catalogueHandlers(strapi, process.env.CATALOGUE_PREVIEW_TOKEN || undefined)
