import { isEmpty, type CatalogueDatabase } from "../catalogue/database/database"
import { writeCatalogue } from "../catalogue/database/writes"
import { readSiteSettings, writeSiteSettings } from "../catalogue/site-settings"
import { sampleCatalogue } from "./sample-catalogue"
import { SAMPLE_SITE_SETTINGS } from "./sample-site-settings"

/**
 * Fills an empty database with the sample catalogue, and gives a database
 * without site settings (an empty one, a generated one, or one made before
 * they existed) the sample settings; leaves everything else alone. Returns
 * whether the catalogue was seeded.
 */
export function seedIfEmpty(db: CatalogueDatabase): boolean {
  if (!readSiteSettings(db)) writeSiteSettings(db, SAMPLE_SITE_SETTINGS)
  if (!isEmpty(db)) return false
  writeCatalogue(db, sampleCatalogue())
  return true
}
