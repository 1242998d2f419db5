import type { z } from "zod/mini"
import { describeIssues } from "../../../contract/describe-issues"
import { CatalogueRequestError } from "./client"
import { ERROR_CODES } from "./constants"

/**
 * The answer of `url` read with its contract schema (contract/schemas.ts
 * `ANSWERS`). An answer of the wrong shape stops the build with a message
 * naming the URL and each field that was wrong.
 */
export function readAnswer<T>(schema: z.ZodMiniType<T>, url: string, body: unknown): T {
  const result = schema.safeParse(body)
  if (!result.success) {
    throw new CatalogueRequestError(ERROR_CODES.CatalogueWrongShape, url, describeIssues(result.error.issues, body))
  }
  return result.data
}
