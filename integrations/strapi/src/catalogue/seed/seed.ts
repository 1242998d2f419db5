import type { Core } from "@strapi/strapi"
import { useOriginalPictures } from "../setup/upload-settings"
import { categoryData, episodeData, featuredData, Pictures, seriesData, settingsData, subcategoryData, UID, type DocumentData } from "./entities"
import { uploadPictures } from "./pictures"
import { picturesOf, readReferenceCatalogue, type ReferenceCatalogue } from "./reference-catalogue"

/**
 * Where the seed notes that it ran, or left a catalogue that held content
 * alone (strapi_core_store_settings, key `api_catalogue_seed`): a second
 * run leaves the catalogue as editors have made it. scripts/strapi/ reads
 * the same row.
 */
export const SEED_STORE = { type: "api", name: "catalogue", key: "seed" } as const

export interface SeedRecord {
  at: string
  from: string
  counts: Record<string, number>
  pictures: number
  /** How long the pictures took, of `ms`. */
  picturesMs: number
  ms: number
}

export type SeedOutcome = { seeded: SeedRecord } | { skipped: string }

/** Creates and publishes each entity in order: parents before the children that name them. */
async function publishAll(strapi: Core.Strapi, uid: string, entries: DocumentData[]): Promise<void> {
  const documents = strapi.documents(uid as Parameters<Core.Strapi["documents"]>[0])
  for (const data of entries) await documents.create({ data: data as never, status: "published" })
}

async function writeCatalogue(strapi: Core.Strapi, catalogue: ReferenceCatalogue, pictures: Pictures): Promise<void> {
  await publishAll(
    strapi,
    UID.category,
    catalogue.categories.map((category, index) => categoryData(category, index, pictures)),
  )
  await publishAll(
    strapi,
    UID.subcategory,
    catalogue.subcategories.map((subcategory, index) => subcategoryData(subcategory, index, pictures)),
  )
  await publishAll(
    strapi,
    UID.series,
    catalogue.series.map((series, index) => seriesData(series, index, pictures)),
  )
  await publishAll(
    strapi,
    UID.episode,
    catalogue.episodes.map((episode) => episodeData(episode, pictures)),
  )
  await publishAll(
    strapi,
    UID.featured,
    catalogue.featured.map((item, index) => featuredData(item, index, pictures)),
  )
  if (catalogue.settings) await publishAll(strapi, UID.settings, [settingsData(catalogue.settings, pictures)])
}

/** The catalogue's first content type that holds entries already, and how many; none for an empty catalogue. */
async function existingContent(strapi: Core.Strapi): Promise<string | undefined> {
  for (const uid of Object.values(UID)) {
    const count = await strapi.documents(uid).count({})
    if (count > 0) return `${uid} already has ${count} entries: the seed fills an empty catalogue only`
  }
  return undefined
}

/**
 * Copies the catalogue served at `apiUrl` (the reference server with its
 * sample) into this Strapi, once: every category, subcategory, series,
 * episode and featured item with the contract's id as its documentId, in the
 * contract's order, its pictures in the media library, its descriptions as
 * Markdown, its SEO fields in the seo component; the site settings; all
 * published.
 */
export async function seedCatalogue(strapi: Core.Strapi, apiUrl: string): Promise<SeedOutcome> {
  const started = Date.now()
  const store = strapi.store(SEED_STORE)
  const done = (await store.get({})) as SeedRecord | { at: string; skipped: string } | null
  if (done) return { skipped: "skipped" in done ? `left alone on ${done.at}: ${done.skipped}` : `seeded already, on ${done.at} from ${done.from}` }
  // Someone's work is never mixed with the sample; noted like a seed, so that later runs do not ask again.
  const content = await existingContent(strapi)
  if (content) {
    await store.set({ value: { at: new Date().toISOString(), skipped: content } })
    return { skipped: content }
  }
  const catalogue = await readReferenceCatalogue(apiUrl)
  const paths = picturesOf(catalogue)
  await useOriginalPictures(strapi)
  // One transaction: a seed that fails half way leaves an empty catalogue to seed again, not half of one.
  const record = await strapi.db.transaction(async () => {
    const picturesStarted = Date.now()
    const pictures = new Pictures(await uploadPictures(strapi, apiUrl, paths))
    const picturesMs = Date.now() - picturesStarted
    await writeCatalogue(strapi, catalogue, pictures)
    const seeded = { ...seedRecord(catalogue, apiUrl, started), pictures: paths.length, picturesMs }
    await store.set({ value: seeded })
    return seeded
  })
  return { seeded: record }
}

function seedRecord(catalogue: ReferenceCatalogue, apiUrl: string, started: number): Omit<SeedRecord, "pictures" | "picturesMs"> {
  const { categories, subcategories, series, episodes, featured, settings } = catalogue
  return {
    at: new Date().toISOString(),
    from: apiUrl,
    counts: {
      categories: categories.length,
      subcategories: subcategories.length,
      series: series.length,
      episodes: episodes.length,
      featured: featured.length,
      settings: settings ? 1 : 0,
    },
    ms: Date.now() - started,
  }
}
