import { SiteSettings, type ApiSiteSettings } from "../../contract/schemas"
import { now, type CatalogueDatabase } from "./database"
import { checkWithContract, EditError } from "./edits"

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

/**
 * Applies an editor's partial change: each top-level field sent replaces the
 * stored one (`organization` and `default_image` whole), null included; the
 * others stay. Types are checked with the contract, content is not (see
 * checkWithContract). Creates the settings when there were none. Returns
 * them as stored.
 */
export function updateSiteSettings(db: CatalogueDatabase, patch: unknown): ApiSiteSettings {
  if (typeof patch !== "object" || patch === null || Array.isArray(patch)) {
    throw new EditError("Send a JSON object of the site settings to change.")
  }
  if (Object.keys(patch).length === 0) {
    throw new EditError(`Send at least one field to change; fields: ${Object.keys(SiteSettings.shape).join(", ")}`)
  }
  const changes = checkWithContract(SiteSettings, patch)
  return db.transaction(() => {
    const updated = { ...readSiteSettings(db), ...changes }
    writeSiteSettings(db, updated)
    return updated
  })()
}
