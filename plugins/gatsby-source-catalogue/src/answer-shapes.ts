import { ERROR_CODES } from "./constants"
import { CatalogueRequestError } from "./client"

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value)
}

/**
 * Unwraps `{ data: [...] }` and checks that every element is an object with
 * an id, the least a node needs. Anything else is the wrong shape.
 */
export function dataList<T extends { id: number | string }>(url: string, body: unknown): T[] {
  if (!isRecord(body) || !Array.isArray(body.data)) {
    throw new CatalogueRequestError(ERROR_CODES.CatalogueWrongShape, url, 'did not answer { "data": [...] }')
  }
  body.data.forEach((item, index) => {
    if (!isRecord(item) || (typeof item.id !== "number" && typeof item.id !== "string")) {
      throw new CatalogueRequestError(
        ERROR_CODES.CatalogueWrongShape,
        url,
        `item ${index} of "data" has no id (it was ${JSON.stringify(item)?.slice(0, 80)})`,
      )
    }
  })
  return body.data as T[]
}
