import { isDeepStrictEqual } from "node:util"
import { SiteSettings, type ApiSiteSettings } from "../../../contract/schemas"
import { now, type CatalogueDatabase } from "./database/database"
import { checkWithContract } from "./edits"

// The site-wide marketing settings of GET /site-settings: one row holding the
// contract's object as JSON, since the API hands it out whole.

/** The stored settings, or undefined when this catalogue has none (the API then answers 404). */
export function readSiteSettings(db: CatalogueDatabase): ApiSiteSettings | undefined {
  const row = db.prepare("SELECT settings FROM site_settings WHERE id = 1").get() as { settings: string } | undefined
  return row && (JSON.parse(row.settings) as ApiSiteSettings)
}

/** Stores `settings` whole, replacing any there. */
export function writeSiteSettings(db: CatalogueDatabase, settings: ApiSiteSettings): void {
  db.prepare(
    `INSERT INTO site_settings (id, settings, updated_at) VALUES (1, @settings, @updated_at)
     ON CONFLICT (id) DO UPDATE SET settings = excluded.settings, updated_at = excluded.updated_at`,
  ).run({ settings: JSON.stringify(settings), updated_at: now() })
}

/** The settings' top-level fields, as a refusal lists them. */
export const SITE_SETTINGS_FIELDS = Object.keys(SiteSettings.shape)

/**
 * Applies an editor's partial change (an object of at least one field, as
 * the admin route's schema makes sure): each top-level field sent replaces
 * the stored one (`organization` and `default_image` whole), null included;
 * the others stay. Types are checked with the contract, content is not (see
 * checkWithContract). Creates the settings when there were none. Returns
 * them as stored.
 */
export function updateSiteSettings(db: CatalogueDatabase, patch: Record<string, unknown>): ApiSiteSettings {
  const changes = checkWithContract(SiteSettings, patch)
  return db.transaction(() => {
    const updated = { ...readSiteSettings(db), ...changes }
    writeSiteSettings(db, updated)
    return updated
  })()
}

/** The drafts' site settings differ from the published ones (or only one of the two catalogues has any). */
export function siteSettingsDiffer(live: CatalogueDatabase, drafts: CatalogueDatabase): boolean {
  return !isDeepStrictEqual(readSiteSettings(live) ?? null, readSiteSettings(drafts) ?? null)
}
