import type { ErrorCode } from "./errors"
import { ERROR_CODES } from "./constants"

/** A request to the catalogue that failed, with what a content editor needs to fix it. */
export class CatalogueRequestError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly url: string,
    readonly reason: string,
  ) {
    super(`${url}: ${reason}`)
  }
}

export interface CatalogueClient {
  /** GETs `path` below the API URL and returns the parsed JSON body. */
  getJson(path: string): Promise<unknown>
}

export interface ClientOptions {
  apiUrl: string
  requestTimeoutMs: number
  fetch?: typeof fetch
}

/** Joins a path to a base URL that may carry a path of its own (`.../api`). */
export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, "")}/${path.replace(/^\/+/, "")}`
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

export function createCatalogueClient({ apiUrl, requestTimeoutMs, fetch: fetchImpl = fetch }: ClientOptions): CatalogueClient {
  return {
    async getJson(path) {
      const url = joinUrl(apiUrl, path)
      let response: Response
      try {
        response = await fetchImpl(url, {
          headers: { Accept: "application/json" },
          signal: AbortSignal.timeout(requestTimeoutMs),
        })
      } catch (error) {
        throw new CatalogueRequestError(ERROR_CODES.CatalogueUnreachable, url, unreachableReason(error, requestTimeoutMs))
      }
      if (!response.ok) {
        throw new CatalogueRequestError(ERROR_CODES.CatalogueHttpError, url, `answered HTTP ${response.status}`)
      }
      const text = await response.text()
      try {
        return JSON.parse(text) as unknown
      } catch {
        const start = text.slice(0, 60).replace(/\s+/g, " ")
        throw new CatalogueRequestError(ERROR_CODES.CatalogueNotJson, url, `did not answer JSON (it began: ${JSON.stringify(start)})`)
      }
    },
  }
}
