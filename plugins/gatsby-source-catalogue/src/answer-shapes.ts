import { CatalogueRequestError } from "./client"
import { ERROR_CODES } from "./constants"

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value)
}

function wrongShape(url: string, reason: string): CatalogueRequestError {
  return new CatalogueRequestError(ERROR_CODES.CatalogueWrongShape, url, reason)
}

function hasId(item: unknown): boolean {
  return isRecord(item) && (typeof item.id === "number" || typeof item.id === "string") && item.id !== ""
}

function checkItems(url: string, items: unknown[], where: string, needsId = true): void {
  items.forEach((item, index) => {
    if (!isRecord(item) || (needsId && !hasId(item))) {
      throw wrongShape(url, `item ${index} of ${where} has no id (it was ${JSON.stringify(item)?.slice(0, 80)})`)
    }
  })
}

/** Unwraps `{ data: [...] }` whose items are objects with an id. */
export function dataList<T>(url: string, body: unknown): T[] {
  if (!isRecord(body) || !Array.isArray(body.data)) throw wrongShape(url, 'did not answer { "data": [...] }')
  checkItems(url, body.data, '"data"')
  return body.data as T[]
}

/**
 * Unwraps `{ data: {...} }` with an id; a list under `listField`, when
 * present and not null, must hold objects with ids too.
 */
export function dataObject<T>(url: string, body: unknown, listField?: string): T {
  if (!isRecord(body) || !hasId(body.data)) throw wrongShape(url, 'did not answer { "data": { "id": ... } }')
  const data = body.data as Record<string, unknown>
  if (listField && data[listField] != null) {
    if (!Array.isArray(data[listField])) throw wrongShape(url, `"data.${listField}" is not a list`)
    checkItems(url, data[listField] as unknown[], `"data.${listField}"`)
  }
  return data as T
}

/** The bare array of /categories-states: objects, no ids needed. */
export function bareList<T>(url: string, body: unknown): T[] {
  if (!Array.isArray(body)) throw wrongShape(url, "did not answer a bare [...] list")
  checkItems(url, body, "the list", false)
  return body as T[]
}
