import type { FastifyInstance, FastifySchemaValidationError } from "fastify"
import { SITE_SETTINGS_REF, type WriteResult } from "../../catalogue/changes"
import type { CatalogueDatabase } from "../../catalogue/database"
import { EditError } from "../../catalogue/edits"
import { SITE_SETTINGS_FIELDS, updateSiteSettings } from "../../catalogue/site-settings"

/** An object of at least one field; each field's type is the contract's to check (updateSiteSettings). */
const SITE_SETTINGS_BODY = { type: "object", minProperties: 1 } as const

function refusal(errors: readonly FastifySchemaValidationError[]): EditError {
  return errors.some((error) => error.keyword === "minProperties")
    ? new EditError(`Send at least one field to change; fields: ${SITE_SETTINGS_FIELDS.join(", ")}`)
    : new EditError("Send a JSON object of the site settings to change.")
}

/** `PATCH /site-settings` (under /admin): a partial change; the fields sent replace the stored ones, the others stay. */
export async function adminSiteSettingsRoute(
  app: FastifyInstance,
  options: { db: CatalogueDatabase; publish: (result: WriteResult) => void },
) {
  app.patch<{ Body: Record<string, unknown> }>(
    "/site-settings",
    { schema: { body: SITE_SETTINGS_BODY }, config: { refuse: (_request, errors) => refusal(errors) } },
    async (request) => {
      const settings = updateSiteSettings(options.db, request.body)
      options.publish({ changed: [SITE_SETTINGS_REF], deleted: [] })
      return { data: settings }
    },
  )
}
