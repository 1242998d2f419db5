/** The browser's one read of the catalogue API: GET /search, grouped by category (API.md). */

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

const asText = (value: unknown): string | null => (typeof value === "string" ? value : null)
const asId = (value: unknown): string => (typeof value === "number" || typeof value === "string" ? String(value) : "")

/** An image path is absolute or relative to the API's origin. */
function imageUrl(images: unknown, apiUrl: string): string | null {
  const path = Array.isArray(images) ? asText((images[0] as { path?: unknown } | undefined)?.path) : null
  if (!path) return null
  try {
    const url = new URL(path, new URL(apiUrl).origin)
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null
  } catch {
    return null
  }
}

/** Reads an answer defensively: the live API may omit or null any field. */
export function parseSearchAnswer(body: unknown, apiUrl: string): SearchGroup[] {
  const data = (body as { data?: unknown } | null)?.data
  if (!Array.isArray(data)) throw new Error("The search answer has no data list")
  return data.map((group: { id?: unknown; title?: unknown; series?: unknown }) => ({
    id: asId(group?.id),
    title: asText(group?.title),
    series: (Array.isArray(group?.series) ? group.series : [])
      .filter((item: { id?: unknown }) => asId(item?.id))
      .map((item: { id?: unknown; title?: unknown; description?: unknown; images?: unknown }) => ({
        id: asId(item.id),
        title: asText(item.title),
        description: asText(item.description),
        imageUrl: imageUrl(item.images, apiUrl),
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
