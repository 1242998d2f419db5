import type { Core } from "@strapi/strapi"
import { previewUrl } from "../src/catalogue/preview/preview-url"
import { hasUnpublishedChanges } from "../src/catalogue/preview/unpublished-changes"

const config = ({ env }: Core.Config.Shared.ConfigParams): Core.Config.Admin => ({
  auth: {
    secret: env("ADMIN_JWT_SECRET")!,
  },
  apiToken: {
    salt: env("API_TOKEN_SALT")!,
  },
  transfer: {
    token: {
      salt: env("TRANSFER_TOKEN_SALT")!,
    },
  },
  secrets: {
    encryptionKey: env("ENCRYPTION_KEY")!,
  },
  flags: {
    nps: false,
    promoteEE: false,
    docLinks: env.bool("FLAG_DOC_LINKS", true),
  },
  // The Preview button opens the page on the site's preview lane, signed in
  // by a short-lived hand-off (preview-url.ts, which says what the Published
  // tab shows); the preview lane lets this admin's origin, and no other,
  // frame it.
  preview: {
    enabled: Boolean(env("PREVIEW_SITE_URL", "")),
    config: {
      allowedOrigins: env("PREVIEW_SITE_URL", "") ? [new URL(env("PREVIEW_SITE_URL")!).origin] : [],
      handler: async (uid: string, { documentId, status }: { documentId: string; status?: string }) =>
        previewUrl({
          uid,
          documentId,
          status,
          unpublishedChanges: status === "published" ? await hasUnpublishedChanges(strapi, uid, documentId) : undefined,
          siteUrl: env("PREVIEW_SITE_URL", ""),
          secret: env("PREVIEW_HANDOFF_SECRET", ""),
        }),
    },
  },
})

export default config
