import type { Core } from "@strapi/strapi"

export default {
  register(_context: { strapi: Core.Strapi }) {},
  async bootstrap(_context: { strapi: Core.Strapi }) {},
}
