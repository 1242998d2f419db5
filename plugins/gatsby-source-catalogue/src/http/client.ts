import { retryAfterMs } from "../../../../node-kit/http/retry-after"
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

/** A text answer (a WebVTT file): the URL asked, the text, and whether it may be kept beyond this build. */
export interface TextAnswer {
  url: string
  text: string
  storable: boolean
}

/** What a text GET may read: what it accepts and its own cap, named after the option that sets it. */
export interface TextRequest {
  accept: string
  maxBytes: number
  option: string
}

export interface HttpClient {
  /** GETs `path` below the base URL; resolves with the URL asked and the parsed JSON body. */
  getJson(path: string): Promise<JsonAnswer>
  /**
   * GETs an absolute URL as text (UTF-8), with the same limits, retries and
   * allowed origins; the client's headers go with it only on the base URL's
   * own origin, since two allowed origins are not one party.
   */
  getText(url: string, request: TextRequest): Promise<TextAnswer>
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

/**
 * A URL an answer names, absolute or relative to `base` as the contract's
 * paths are (`/videos/1/texttracks/en.vtt` below VIDEO_API_URL, base path
 * kept): a URL with a scheme or a `//host` one is taken as it is.
 */
export function resolveAgainst(base: string, url: string): string {
  if (url.startsWith("//")) return `${new URL(base).protocol}${url}`
  return /^[a-z][a-z\d+.-]*:/i.test(url) ? url : joinUrl(base, url)
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

/** A 2xx answer's body, as read within its cap. */
interface Fetched {
  url: string
  bytes: Buffer
  storable: boolean
}

/** How one GET is made: what it accepts, its headers, and its cap named after its option. */
interface GetShape {
  accept: string
  headers: Record<string, string> | undefined
  maxBytes: number
  option: string
}

type Attempt = { done: true; value: Fetched } | { done: false; error: CatalogueRequestError; delayMs?: number }

/**
 * The one HTTP client of the plugin: base URL, headers, timeout, bounded
 * concurrency, and retries with exponential backoff for network errors,
 * timeouts, 5xx and 429 (honouring Retry-After). A 404 and other 4xx are
 * final at once, and so are a redirect to a host it may not ask and an
 * answer over its cap.
 */
export function createHttpClient(options: HttpClientOptions): HttpClient {
  const fetchImpl = options.fetch ?? fetch
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)))
  const baseOrigin = new URL(options.baseUrl).origin
  let requestCount = 0

  async function attempt(url: string, shape: GetShape): Promise<Attempt> {
    let response: Response
    let bytes: Buffer
    try {
      requestCount += 1
      const init = { headers: { Accept: shape.accept, ...shape.headers }, signal: AbortSignal.timeout(options.timeoutMs) }
      response = await guardedFetch(url, init, options.guard, fetchImpl)
      bytes = response.ok ? await readCapped(response, shape.maxBytes, shape.option) : Buffer.alloc(0)
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
    const storable = !/no-store/i.test(response.headers.get("cache-control") ?? "")
    return { done: true, value: { url, bytes, storable } }
  }

  /** One GET within the concurrency limit, retried as the options say. */
  function get(url: string, shape: GetShape): Promise<Fetched> {
    return options.limiter(async () => {
      for (let retry = 0; ; retry++) {
        const result = await attempt(url, shape)
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
  }

  return {
    get requestCount() {
      return requestCount
    },
    async getJson(path) {
      const url = withQuery(joinUrl(options.baseUrl, path), options.query)
      const { bytes, storable } = await get(url, { accept: "application/json", headers: options.headers, maxBytes: options.maxBytes, option: "maxJsonBytes" })
      const text = bytes.toString("utf8")
      try {
        return { url, body: JSON.parse(text) as unknown, storable }
      } catch {
        const start = text.slice(0, 60).replace(/\s+/g, " ")
        throw new CatalogueRequestError(ERROR_CODES.CatalogueNotJson, url, `did not answer JSON (it began: ${JSON.stringify(start)})`)
      }
    },
    async getText(url, request) {
      const headers = URL.canParse(url) && new URL(url).origin === baseOrigin ? options.headers : undefined
      const { bytes, storable } = await get(url, { ...request, headers })
      return { url, text: bytes.toString("utf8"), storable }
    },
  }
}

/** Fills `{id}` or `{path}` placeholders of a configured path, URL-encoded. */
export function fillPath(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(values[name] ?? "")))
}
