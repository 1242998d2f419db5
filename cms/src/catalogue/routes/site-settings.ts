import type { FastifyInstance, FastifyRequest } from "fastify"
import { HttpError } from "../../../../node-kit/http/http-error"
import type { CatalogueDatabase } from "../database/database"
import { readSiteSettings, siteSettingsDiffer } from "../site-settings"
import type { CatalogueView } from "./views"

export interface SiteSettingsRouteOptions {
  /** The published catalogue. */
  db: CatalogueDatabase
  view: (request: FastifyRequest) => CatalogueView
  /** false: 404 whatever is stored, as a backend without site settings answers. */
  enabled: boolean
}

/**
 * `GET /site-settings` (under /api): the site-wide marketing settings, or 404 for a catalogue
 * without them; in the draft view with `draft`, true when they differ from the published ones.
 */
export async function siteSettingsRoute(app: FastifyInstance, options: SiteSettingsRouteOptions) {
  app.get("/site-settings", async (request) => {
    const view = options.view(request)
    const settings = options.enabled ? readSiteSettings(view.db) : undefined
    if (!settings) throw new HttpError(404, "This catalogue has no site settings.")
    return { data: view.draft ? { ...settings, draft: siteSettingsDiffer(options.db, view.db) } : settings }
  })
}
