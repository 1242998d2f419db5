/** The browser's one read of the catalogue API: GET /search, grouped by category (catalogue-api.md). */
import { htmlToTextInBrowser } from "../../contract/html-text/html-to-text-dom"
import { imageUrl } from "../../contract/image-url"
import type { ApiAnswers } from "../../contract/schemas"

/** A series as a search result card shows it: text only, never the description's HTML. */
export interface SearchSeries {
  id: string
  title: string | null
  description: string | null
  imageUrl: string | null
}

export interface SearchGroup {
  id: string
  title: string | null
  series: SearchSeries[]
}

const isId = (value: unknown): value is string | number => typeof value === "number" || (typeof value === "string" && value !== "")
const textOrNull = (value: unknown): string | null => (typeof value === "string" ? value : null)

/**
 * Reads an answer typed by the contract's own schema (`ApiAnswers["search"]`),
 * so a field renamed there stops this from compiling. It checks only what a
 * card needs, by hand: the schema library would be 85 KB gzip on this page
 * (measured with zod/mini), twenty times the page itself. A list that is not
 * one is an error for the caller to log; an item without an id is left out.
 */
export function parseSearchAnswer(body: unknown, apiUrl: string): SearchGroup[] {
  const data = (body as Partial<ApiAnswers["search"]> | null)?.data
  if (!Array.isArray(data)) throw new Error('The search answer has no "data" list')
  return data
    .filter((group) => isId(group?.id))
    .map((group) => ({
      id: String(group.id),
      title: textOrNull(group.title),
      series: (Array.isArray(group.series) ? group.series : [])
        .filter((series) => isId(series?.id))
        .map((series) => ({
          id: String(series.id),
          title: textOrNull(series.title),
          description: htmlToTextInBrowser(textOrNull(series.description)),
          imageUrl: imageUrl(Array.isArray(series.images) ? series.images[0] : null, apiUrl) ?? null,
        })),
    }))
}

export async function searchCatalogue(apiUrl: string, query: string, signal: AbortSignal): Promise<SearchGroup[]> {
  const response = await fetch(`${apiUrl.replace(/\/$/, "")}/search?q=${encodeURIComponent(query)}`, {
    headers: { Accept: "application/json" },
    signal,
  })
  if (!response.ok) throw new Error(`Search answered ${response.status}`)
  return parseSearchAnswer(await response.json(), apiUrl)
}
