import type { Fetch } from "../../../../publisher/src/cdn/purge-request"

/** One request an adapter made, with its headers normalised (names case-insensitive, as HTTP has them). */
export interface RecordedCall {
  url: string
  method: string | undefined
  headers: Headers
  body: string | undefined
  signal: AbortSignal | null | undefined
}

/**
 * A `fetch` that records every call and answers with `answer(call, index)`
 * (200 and an empty JSON object unless told otherwise): the adapters are
 * checked against the CDNs' documented request shapes, never a live API.
 */
export function fakeFetch(answer: (call: RecordedCall, index: number) => Response = () => json(200, {})): { fetch: Fetch; calls: RecordedCall[] } {
  const calls: RecordedCall[] = []
  const fetch: Fetch = async (input, init) => {
    const call: RecordedCall = {
      url: input,
      method: init.method,
      headers: new Headers(init.headers),
      body: typeof init.body === "string" ? init.body : init.body == null ? undefined : String(init.body),
      signal: init.signal,
    }
    calls.push(call)
    return answer(call, calls.length - 1)
  }
  return { fetch, calls }
}

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } })
}

/** `count` distinct URL paths, the shape of a release's keys. */
export function manyPaths(count: number): string[] {
  return Array.from({ length: count }, (_, i) => `/series/${i}/`)
}
