import type { Answer } from "../backend/http"

// How a problem is named in the table: the request, the field, what it held,
// and which entity, so a backend's author can find it.

/** ` (the entity titled "Yoga basics")`, or nothing for an entity without a title. */
export function titled(entity?: Record<string, unknown>): string {
  const title = entity?.title
  return typeof title === "string" && title !== "" ? ` (the entity titled ${JSON.stringify(title)})` : ""
}

/** `GET http://…/api/series/101: "data.updated_at" is missing (the entity titled "…")`. */
export function at(answer: Answer, field: string, what: string, entity?: Record<string, unknown>): string {
  return `${answer.method} ${answer.url}: "${field}" ${what}${titled(entity)}`
}

/** A value as the table quotes it, short. */
export function shown(value: unknown): string {
  if (value === undefined) return "missing"
  const text = JSON.stringify(value) ?? String(value)
  return text.length > 60 ? `${text.slice(0, 60)}…` : text
}

/** An ISO 8601 date and time with a zone (`Z` or `+02:00`), seconds and fractions optional. */
const ISO_8601 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i
/** The zone of UTC as ISO 8601 writes it. */
const UTC_ZONE = /(Z|[+-]00:?00)$/i

/**
 * What is wrong with a timestamp of the contract, or undefined: it must be
 * ISO 8601 with a zone that JavaScript's Date reads, and in UTC when `utc`
 * (catalogue-api.md: `updated_at` is "ISO 8601, UTC").
 */
export function timestampProblem(value: unknown, utc: boolean): string | undefined {
  if (value === undefined || value === null) return `is ${value === null ? "null" : "missing"}`
  if (typeof value !== "string" || !ISO_8601.test(value) || Number.isNaN(Date.parse(value))) {
    return `is ${shown(value)}, not an ISO 8601 date and time with its zone (2025-01-31T12:00:00Z)`
  }
  if (utc && !UTC_ZONE.test(value)) return `is ${shown(value)}, not in UTC (end it with Z)`
  return undefined
}
