import type { FastifyInstance } from "fastify"
import { HttpError } from "../../../../node-kit/http-error"
import type { CatalogueDatabase } from "../database"
import { readSiteSettings } from "../site-settings"

export interface SiteSettingsRouteOptions {
  db: CatalogueDatabase
  /** false: 404 whatever is stored, as a backend without site settings answers. */
  enabled: boolean
}

/** `GET /site-settings` (under /api): the site-wide marketing settings, or 404 for a catalogue without them. */
export async function siteSettingsRoute(app: FastifyInstance, options: SiteSettingsRouteOptions) {
  app.get("/site-settings", async () => {
    const settings = options.enabled ? readSiteSettings(options.db) : undefined
    if (!settings) throw new HttpError(404, "This catalogue has no site settings.")
    return { data: settings }
  })
}
