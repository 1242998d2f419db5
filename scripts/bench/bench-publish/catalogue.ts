import fs from "node:fs"
import { databaseFile } from "../../../cms/src/config"
import { openDatabase } from "../../../cms/src/catalogue/database/database"
import { writeCatalogue } from "../../../cms/src/catalogue/database/writes"
import { generateCatalogue } from "../../../cms/src/generate/generate"

/** What the benchmark edits: the catalogue's episodes (their ids, titles and series) and series, by the contract's ids. */
export interface BenchCatalogue {
  episodes: { id: string; title: string; seriesId: string }[]
  series: { id: string }[]
}

/** Which catalogue a run uses: the reference server's sample (which Strapi is seeded with), or a generated one of that many episodes. */
export type CatalogueChoice = "sample" | number

/** `--sizes`: comma-separated episode counts, or `sample`. */
export function parseSizes(text: string): CatalogueChoice[] {
  return text.split(",").map((size) => {
    if (size.trim() === "sample") return "sample"
    const episodes = Number(size)
    if (!Number.isInteger(episodes) || episodes < 1) throw new Error(`--sizes takes episode counts or "sample", not "${size}"`)
    return episodes
  })
}

/**
 * A generated catalogue of `episodes`, written straight into the database
 * of a reference server that will run on `workDir` (pictures shared by
 * `imagePool` entities, or each its own).
 */
export function writeGeneratedCatalogue(workDir: string, episodes: number, imagePool: number | undefined): BenchCatalogue {
  const content = generateCatalogue({ episodes, imagePool })
  fs.mkdirSync(workDir, { recursive: true })
  const db = openDatabase(databaseFile(workDir))
  writeCatalogue(db, content)
  db.close()
  return {
    episodes: content.episodes.map((episode) => ({ id: String(episode.id), title: String(episode.title), seriesId: String(episode.series_id) })),
    series: content.series.map((series) => ({ id: String(series.id) })),
  }
}

async function read<T>(apiUrl: string, route: string): Promise<T> {
  const response = await fetch(`${apiUrl}/${route}`)
  if (!response.ok) throw new Error(`GET ${apiUrl}/${route} answered ${response.status}`)
  return ((await response.json()) as { data: T }).data
}

type Listed = { id: string | number }

/**
 * The published catalogue as the contract serves it (categories, their
 * subcategories, their series, their episodes), episodes in the order of
 * their ids: the same list from either CMS holding the same catalogue.
 */
export async function readCatalogue(apiUrl: string): Promise<BenchCatalogue> {
  const series: { id: string }[] = []
  const episodes: BenchCatalogue["episodes"] = []
  for (const category of await read<Listed[]>(apiUrl, "categories")) {
    const { sub_categories } = await read<{ sub_categories?: Listed[] }>(apiUrl, `categories/${category.id}`)
    for (const subcategory of sub_categories ?? []) {
      const { series: inSubcategory } = await read<{ series?: Listed[] }>(apiUrl, `sub-categories/${subcategory.id}`)
      for (const one of inSubcategory ?? []) {
        series.push({ id: String(one.id) })
        for (const episode of await read<(Listed & { title?: string | null })[]>(apiUrl, `series/${one.id}/episodes`)) {
          episodes.push({ id: String(episode.id), title: String(episode.title ?? ""), seriesId: String(one.id) })
        }
      }
    }
  }
  const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id, "en", { numeric: true })
  return { episodes: episodes.sort(byId), series: series.sort(byId) }
}
