/** The browser's one read of the catalogue API: GET /search, grouped by category (API.md). */
import { z } from "zod/mini"
import { htmlToText } from "../../contract/html-to-text"
import { imageUrl } from "../../contract/image-url"
import { SearchGroup as SearchGroupSchema, dataOf } from "../../contract/schemas"

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

const SearchAnswer = dataOf(z.array(SearchGroupSchema))

/**
 * Reads an answer with the contract's own schema, so the browser accepts
 * exactly what the build does; a wrong shape is an error for the caller to log.
 */
export function parseSearchAnswer(body: unknown, apiUrl: string): SearchGroup[] {
  const parsed = z.safeParse(SearchAnswer, body)
  if (!parsed.success) throw new Error(`The search answer is not the contract's shape: ${z.prettifyError(parsed.error)}`)
  return parsed.data.data.map((group) => ({
    id: String(group.id),
    title: group.title ?? null,
    series: (group.series ?? []).map((series) => ({
      id: String(series.id),
      title: series.title ?? null,
      description: htmlToText(series.description),
      imageUrl: imageUrl(series.images?.[0], apiUrl) ?? null,
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
