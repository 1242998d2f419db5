import { isEmpty, type CatalogueDatabase } from "../database"
import { writeCatalogue } from "../catalogue-writes"
import { sampleCatalogue } from "./sample-catalogue"

/** Fills an empty database with the sample catalogue; leaves any other alone. */
export function seedIfEmpty(db: CatalogueDatabase): boolean {
  if (!isEmpty(db)) return false
  writeCatalogue(db, sampleCatalogue())
  return true
}
