import type { Core } from "@strapi/strapi"

const config = (_params: Core.Config.Shared.ConfigParams): Core.Config.Plugin => ({
  upload: {
    config: {
      security: {
        allowedTypes: ["image/*"],
        deniedTypes: ["image/svg+xml"],
      },
    },
  },
})

export default config
