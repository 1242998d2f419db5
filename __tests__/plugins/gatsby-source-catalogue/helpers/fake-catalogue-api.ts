import { categoryDetails, categoryList } from "../fixtures/categories"
import { categoryStatistics } from "../fixtures/category-statistics"
import { seriesEpisodes } from "../fixtures/episodes"
import { featuredItems } from "../fixtures/featured-items"
import { subcategoryDetails } from "../fixtures/subcategories"

export const FAKE_API_URL = "http://catalogue.test/api"

type Answer = { status?: number; body?: unknown; text?: string; headers?: Record<string, string> }

/**
 * A fetch() that answers like the catalogue API from the fixtures. `override`
 * replaces the answer for one path (a list of answers is used one per call).
 */
export function fakeCatalogueFetch(override: Record<string, Answer | Answer[]> = {}) {
  const routes: Record<string, unknown> = {
    "/categories": { data: categoryList },
    "/featured-collections": { data: featuredItems },
    "/categories-states": categoryStatistics,
  }
  for (const [id, detail] of Object.entries(categoryDetails)) routes[`/categories/${id}`] = { data: detail }
  for (const [id, detail] of Object.entries(subcategoryDetails)) routes[`/sub-categories/${id}`] = { data: detail }
  for (const [id, episodes] of Object.entries(seriesEpisodes)) routes[`/series/${id}/episodes`] = { data: episodes }

  const calls: string[] = []
  const fetchFn = jest.fn(async (input: string | URL | Request) => {
    const url = String(input)
    const path = url.replace(FAKE_API_URL, "")
    calls.push(path)
    const custom = override[path]
    const answer: Answer | undefined = Array.isArray(custom) ? custom.shift() : custom
    if (answer) {
      const text = answer.text ?? JSON.stringify(answer.body ?? {})
      return new Response(text, { status: answer.status ?? 200, headers: answer.headers })
    }
    if (path in routes) return new Response(JSON.stringify(routes[path]))
    return new Response(JSON.stringify({ message: "not found" }), { status: 404 })
  })
  return { fetch: fetchFn as unknown as typeof fetch, calls }
}
