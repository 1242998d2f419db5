import type { Core } from "@strapi/strapi"

// strictParams stays on for Strapi's own routes; the catalogue's routes read
// their own query (preview, since, q) and answer the contract's errors.
const config: Core.Config.Api = {
  rest: {
    defaultLimit: 25,
    maxLimit: 100,
    withCount: true,
    strictParams: true,
  },
  documents: {
    strictParams: true,
    strictRelations: true,
  },
}

export default config
