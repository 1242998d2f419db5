import type { FastifyInstance, FastifySchemaValidationError } from "fastify"
import { SITE_SETTINGS_REF, type WriteResult } from "../../catalogue/changes"
import type { CatalogueDatabase } from "../../catalogue/database/database"
import { EditError } from "../../catalogue/edits"
import { SITE_SETTINGS_FIELDS, updateSiteSettings } from "../../catalogue/site-settings"
import type { DraftDesk } from "../drafts"

/** An object of at least one field; each field's type is the contract's to check (updateSiteSettings). */
export const siteSettingsBody = { type: "object", minProperties: 1 } as const

export function siteSettingsRefusal(errors: readonly FastifySchemaValidationError[]): EditError {
  return errors.some((error) => error.keyword === "minProperties")
    ? new EditError(`Send at least one field to change; fields: ${SITE_SETTINGS_FIELDS.join(", ")}`)
    : new EditError("Send a JSON object of the site settings to change.")
}

/** `PATCH /site-settings` (under /admin): a partial change; the fields sent replace the stored ones, the others stay. */
export async function adminSiteSettingsRoute(app: FastifyInstance, options: { db: CatalogueDatabase; publish: (result: WriteResult) => void; drafts?: DraftDesk }) {
  app.patch<{ Body: Record<string, unknown> }>(
    "/site-settings",
    { schema: { body: siteSettingsBody }, config: { refuse: (_request, errors) => siteSettingsRefusal(errors) } },
    async (request) => {
      const settings = updateSiteSettings(options.db, request.body)
      options.drafts?.mirrorSiteSettings(request.body)
      options.publish({ changed: [SITE_SETTINGS_REF], deleted: [] })
      return { data: settings }
    },
  )
}
