import { retryAfterMs } from "../../../../node-kit/retry-after"
import { ERROR_CODES } from "../constants"
import type { ErrorCode } from "../errors"
import { FetchRefused, guardedFetch, readCapped, type OriginGuard } from "./fetch-limits"
import type { Limiter } from "./limiter"

/** A request that failed, with what a content editor needs to fix it. */
export class CatalogueRequestError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly url: string,
    readonly reason: string,
    readonly status?: number,
  ) {
    super(`${url}: ${reason}`)
  }
}

/** A JSON answer: the URL asked, the parsed body, and whether it may be kept beyond this build. */
export interface JsonAnswer {
  url: string
  body: unknown
  /** False when the answer says `Cache-Control: no-store` (RFC 9111 5.2.2.5): it is for this build only. */
  storable: boolean
}

export interface HttpClient {
  /** GETs `path` below the base URL; resolves with the URL asked and the parsed JSON body. */
  getJson(path: string): Promise<JsonAnswer>
  /** Requests sent so far, retries included. */
  readonly requestCount: number
}

export interface HttpClientOptions {
  baseUrl: string
  headers?: Record<string, string>
  /** Query parameters added to every request (the draft view's `preview=1`). */
  query?: Record<string, string>
  timeoutMs: number
  retries: number
  retryBaseDelayMs: number
  limiter: Limiter
  /** Which origins it may ask, a redirect's target included. */
  guard: OriginGuard
  /** The largest answer it reads; a larger one fails the request (not retried). */
  maxBytes: number
  fetch?: typeof fetch
  sleep?: (ms: number) => Promise<void>
  /** Told about each retry, e.g. to log it. */
  onRetry?: (url: string, reason: string, delayMs: number) => void
}

/** Joins a path to a base URL that may carry a path of its own (`.../api`). */
export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, "")}/${path.replace(/^\/+/, "")}`
}

/** `url` with `query`'s parameters added to its own. */
function withQuery(url: string, query: Record<string, string> | undefined): string {
  if (!query) return url
  const parsed = new URL(url)
  for (const [name, value] of Object.entries(query)) parsed.searchParams.set(name, value)
  return parsed.href
}

/**
 * Why fetch() threw, in words. Duck-typed rather than `instanceof`, since
 * fetch's errors may come from another realm (Jest, workers).
 */
function unreachableReason(error: unknown, timeoutMs: number): string {
  const failure = error as { name?: string; message?: string; cause?: { message?: string } } | undefined
  if (failure?.name === "TimeoutError") return `did not answer within ${timeoutMs} ms`
  return `could not be reached (${failure?.cause?.message ?? failure?.message ?? String(error)})`
}

type Attempt = { done: true; value: JsonAnswer } | { done: false; error: CatalogueRequestError; delayMs?: number }

/**
 * The one HTTP client of the plugin: base URL, headers, timeout, bounded
 * concurrency, and retries with exponential backoff for network errors,
 * timeouts, 5xx and 429 (honouring Retry-After). A 404 and other 4xx are
 * final at once, and so are a redirect to a host it may not ask and an
 * answer over `maxBytes`.
 */
export function createHttpClient(options: HttpClientOptions): HttpClient {
  const fetchImpl = options.fetch ?? fetch
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)))
  let requestCount = 0

  async function attempt(url: string): Promise<Attempt> {
    let response: Response
    let text: string
    try {
      requestCount += 1
      const init = { headers: { Accept: "application/json", ...options.headers }, signal: AbortSignal.timeout(options.timeoutMs) }
      response = await guardedFetch(url, init, options.guard, fetchImpl)
      text = response.ok ? (await readCapped(response, options.maxBytes, "maxJsonBytes")).toString("utf8") : ""
    } catch (error) {
      if (error instanceof FetchRefused) {
        const code = error.limit === "size" ? ERROR_CODES.CatalogueTooLarge : ERROR_CODES.CatalogueRefused
        throw new CatalogueRequestError(code, url, error.message)
      }
      const reason = unreachableReason(error, options.timeoutMs)
      return { done: false, error: new CatalogueRequestError(ERROR_CODES.CatalogueUnreachable, url, reason) }
    }
    if (!response.ok) {
      await response.body?.cancel()
      const error = new CatalogueRequestError(ERROR_CODES.CatalogueHttpError, url, `answered HTTP ${response.status}`, response.status)
      const retryable = response.status === 429 || response.status >= 500
      if (!retryable) throw error
      return { done: false, error, delayMs: retryAfterMs(response.headers.get("retry-after")) }
    }
    try {
      const storable = !/no-store/i.test(response.headers.get("cache-control") ?? "")
      return { done: true, value: { url, body: JSON.parse(text) as unknown, storable } }
    } catch {
      const start = text.slice(0, 60).replace(/\s+/g, " ")
      throw new CatalogueRequestError(ERROR_CODES.CatalogueNotJson, url, `did not answer JSON (it began: ${JSON.stringify(start)})`)
    }
  }

  return {
    get requestCount() {
      return requestCount
    },
    getJson(path) {
      const url = withQuery(joinUrl(options.baseUrl, path), options.query)
      return options.limiter(async () => {
        for (let retry = 0; ; retry++) {
          const result = await attempt(url)
          if (result.done) return result.value
          if (retry >= options.retries) {
            const { code, reason, status } = result.error
            const tries = options.retries > 0 ? ` (after ${options.retries} ${options.retries === 1 ? "retry" : "retries"})` : ""
            throw new CatalogueRequestError(code, url, `${reason}${tries}`, status)
          }
          const delayMs = result.delayMs ?? options.retryBaseDelayMs * 2 ** retry
          options.onRetry?.(url, result.error.reason, delayMs)
          await sleep(delayMs)
        }
      })
    },
  }
}

/** Fills `{id}` or `{path}` placeholders of a configured path, URL-encoded. */
export function fillPath(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(values[name] ?? "")))
}
