// The kit's one HTTP client: every check asks the backend through it, so
// every answer is recorded the same way (status, headers, the body as JSON
// when it is JSON) and a backend that does not answer is a row of the table
// that says so, never a crash of the kit.

/** One answer, or the lack of one (`status` 0 and `error`). */
export interface Answer {
  method: string
  url: string
  status: number
  headers: Headers
  /** The body parsed as JSON; undefined when it is not JSON. */
  json: unknown
  text: string
  /** Why there was no answer (refused, timed out): set only with `status` 0. */
  error?: string
}

export interface RequestOptions {
  method?: string
  headers?: Record<string, string>
  /** Sent as JSON. */
  body?: unknown
  /** Adds `preview=1` to the query (catalogue-api.md, "Drafts and preview"). */
  preview?: boolean
  /** Sent as `Authorization: Bearer {token}`. */
  token?: string
}

/** How long one request may take before the kit calls it unanswered. */
export const REQUEST_TIMEOUT_MS = 15_000

/** `GET http://…/api/categories answered 500` or `… did not answer (connection refused)`. */
export function describeAnswer(answer: Answer): string {
  return answer.status === 0 ? `${answer.method} ${answer.url} did not answer (${answer.error})` : `${answer.method} ${answer.url} answered ${answer.status}`
}

/** The catalogue API at `base` (including `/api`), asked path by path. */
export class CatalogueApi {
  readonly base: string

  constructor(
    base: string,
    private readonly timeoutMs = REQUEST_TIMEOUT_MS,
  ) {
    this.base = base.replace(/\/+$/, "")
  }

  /** The absolute URL of an API path such as `/series/101`, with `preview=1` when asked. */
  url(path: string, preview = false): string {
    return `${this.base}${path}${preview ? `${path.includes("?") ? "&" : "?"}preview=1` : ""}`
  }

  async request(path: string, options: RequestOptions = {}): Promise<Answer> {
    const method = options.method ?? "GET"
    const url = this.url(path, options.preview)
    const headers: Record<string, string> = { accept: "application/json", ...options.headers }
    if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`
    if (options.body !== undefined) headers["content-type"] = "application/json"
    try {
      const response = await fetch(url, {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        redirect: "follow",
        signal: AbortSignal.timeout(this.timeoutMs),
      })
      const text = await response.text()
      return { method, url, status: response.status, headers: response.headers, json: parseJson(text), text }
    } catch (error) {
      return { method, url, status: 0, headers: new Headers(), json: undefined, text: "", error: reason(error, this.timeoutMs) }
    }
  }

  get(path: string, options: Omit<RequestOptions, "method" | "body"> = {}): Promise<Answer> {
    return this.request(path, options)
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** Why fetch failed, in a few words: fetch's own message hides the cause (`fetch failed`). */
function reason(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")) return `no answer within ${timeoutMs / 1000} s`
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error
  const code = (cause as { code?: unknown } | null)?.code
  return typeof code === "string" ? code : cause instanceof Error ? cause.message : String(cause)
}
