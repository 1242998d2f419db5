import { HttpError } from "../../../../node-kit/http/http-error"
import { ID_PATTERN } from "../ids"

/** `:id` of a route, as its schema takes it: see ID_PATTERN. Still a string; `Number(id)` is then exact. */
export const ID_PARAMS = {
  type: "object",
  properties: { id: { type: "string", pattern: ID_PATTERN } },
  required: ["id"],
} as const

export type IdParams = { Params: { id: string } }

/** The public API's 404 for an id that names nothing: `Category "abc" was not found.` */
export function notFound(what: string, id: string): HttpError {
  return new HttpError(404, `${what} ${JSON.stringify(id)} was not found.`)
}
