import type { FastifySchemaValidationError } from "fastify"
import { Seo } from "../../../../contract/schemas"
import { CREATE_FIELDS, EDITABLE_FIELDS, type WritableColumn } from "../../catalogue/database/columns"
import { REF_TYPE_OF_TABLE, type CatalogueTable } from "../../catalogue/database/tables"
import { contractFault } from "../../catalogue/edits"

// The admin API's request bodies for creating and editing an entity, as JSON
// schemas derived from the declared columns (catalogue/database/columns.ts), and the
// words of a refusal. The messages are the ones editors and tests have always
// read: the first wrong field sent is named, then a missing required one.

const SAFE = Number.MAX_SAFE_INTEGER

/** The JSON schema of one field. `seo` takes any value here: the write checks it with the contract, whose messages name the nested field. */
function fieldSchema(column: WritableColumn): object {
  switch (column.field) {
    case "text":
      // A required text (an episode's path) may not be null either; `not` tells that refusal apart.
      return column.required ? { type: ["string", "null"], not: { type: "null" } } : { type: ["string", "null"] }
    case "integer":
      return { type: "integer", minimum: -SAFE, maximum: SAFE }
    case "stringList":
      return { type: "array", items: { type: "string" } }
    case "seo":
      return {}
    case "link":
      return { type: "integer", minimum: 1, maximum: SAFE }
    case "optionalLink":
      return { type: ["integer", "null"], minimum: 1, maximum: SAFE }
  }
}

function kindMessage(field: string, column: WritableColumn): string {
  switch (column.field) {
    case "text":
      return `${field} must be a string or null`
    case "seo":
      return `${field} must be an object or null`
    case "integer":
      return `${field} must be a whole number`
    case "stringList":
      return `${field} must be a list of strings`
    case "link":
    case "optionalLink":
      return `${field} must be the id of a ${REF_TYPE_OF_TABLE[column.target!]} (a positive whole number)${column.field === "optionalLink" ? " or null" : ""}`
  }
}

const propertiesOf = (fields: Record<string, WritableColumn>) => Object.fromEntries(Object.entries(fields).map(([name, column]) => [name, fieldSchema(column)]))

/** The body of `POST /admin/{collection}`: the fields a new entity may have, with those it must. */
export function createBodySchema(table: CatalogueTable): object {
  const fields = CREATE_FIELDS[table]
  const required = Object.keys(fields).filter((name) => fields[name]!.required)
  return { type: "object", properties: propertiesOf(fields), additionalProperties: false, ...(required.length > 0 && { required }) }
}

/** The body of `PATCH /admin/{collection}/{id}`: at least one editable field. */
export function patchBodySchema(table: CatalogueTable): object {
  return { type: "object", properties: propertiesOf(EDITABLE_FIELDS[table]), additionalProperties: false, minProperties: 1 }
}

interface Problem {
  field: string
  message: string
  /** A required field missing (or null): reported only when nothing sent is wrong. */
  missing: boolean
}

/**
 * The message of a body that `table`'s create or patch schema refused.
 * `errors` are all the schema's findings (the server validates with
 * allErrors), so the one named is the first wrong field in the order it was
 * sent, whatever order the validator found them in.
 */
export function entityBodyRefusal(table: CatalogueTable, onCreate: boolean, errors: readonly FastifySchemaValidationError[], body: unknown): string {
  const fields = onCreate ? CREATE_FIELDS[table] : EDITABLE_FIELDS[table]
  const problems: Problem[] = []
  for (const error of errors) {
    const field = error.instancePath.split("/")[1]
    if (field === undefined) {
      if (error.keyword === "type") return onCreate ? "Send a JSON object of the new entity's fields." : "Send a JSON object of the fields to change."
      if (error.keyword === "minProperties") return "Send at least one field to change"
      if (error.keyword === "required") {
        const missing = String(error.params.missingProperty)
        problems.push({ field: missing, message: `${missing} is required`, missing: true })
      }
      if (error.keyword === "additionalProperties") {
        const extra = String(error.params.additionalProperty)
        const list = `${onCreate ? "fields" : "editable"}: ${Object.keys(fields).join(", ")}`
        problems.push({ field: extra, message: `${extra} cannot be ${onCreate ? "set" : "edited"}; ${list}`, missing: false })
      }
    } else if (error.keyword === "not") {
      problems.push({ field, message: `${field} is required`, missing: true })
    } else {
      problems.push({ field, message: kindMessage(field, fields[field]!), missing: false })
    }
  }
  const sent = Object.keys(body as object)
  const order = Object.keys(fields)
  const rank = (problem: Problem) => (problem.missing ? sent.length + order.indexOf(problem.field) : sent.indexOf(problem.field))
  const first = problems.sort((a, b) => rank(a) - rank(b))[0]
  // `seo` is the contract's to check (its schema takes anything): sent before the first wrong field, its fault comes first.
  const seo = (body as Record<string, unknown>).seo
  if (seo != null && (!first || sent.indexOf("seo") < rank(first))) {
    const fault = contractFault(Seo, seo, ["seo"])
    if (fault) return fault
  }
  return first?.message ?? "The request body does not fit this collection."
}
