import type { Core } from "@strapi/strapi"

const config = ({ env }: Core.Config.Shared.ConfigParams): Core.Config.Server => ({
  host: env("HOST", "127.0.0.1"),
  port: env.int("PORT", 1337),
  url: env("PUBLIC_URL", ""),
  // Pictures editors upload land under {public}/uploads: a test's own workspace sets its own.
  dirs: {
    public: env("STRAPI_PUBLIC_DIR", "./public"),
  },
  app: {
    keys: env.array("APP_KEYS")!,
  },
  // No update checks: the versions are pinned and this machine may have no internet.
  logger: {
    updates: { enabled: false },
  },
  webhooks: {
    populateRelations: false,
  },
})

export default config
