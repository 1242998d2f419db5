import type { z } from "zod/mini"
import { describeIssues } from "../../../../contract/describe-issues"
import { CatalogueRequestError, type HttpClient } from "./client"
import { ERROR_CODES } from "../constants"
import { SAFE_ID_RULE, unsafeIds } from "../../../../contract/safe-ids"

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

/** How many unsafe ids one message names; the rest are counted. */
const MAX_NAMED_IDS = 3

/**
 * A catalogue answer read with its contract schema, whose ids must also be
 * safe path segments (contract/safe-ids.ts): refused here, at the plugin's boundary,
 * an id like `..` never reaches a request path, a node or a page path. An
 * answer with one stops the build, as an answer of the wrong shape does,
 * naming the URL, the field and the entity's title.
 */
export function readCatalogueAnswer<T>(schema: z.ZodMiniType<T>, url: string, body: unknown): T {
  const answer = readAnswer(schema, url, body)
  const unsafe = unsafeIds(answer)
  if (unsafe.length > 0) {
    const more = unsafe.length > MAX_NAMED_IDS ? `, and ${unsafe.length - MAX_NAMED_IDS} more` : ""
    throw new CatalogueRequestError(ERROR_CODES.CatalogueWrongShape, url, `${unsafe.slice(0, MAX_NAMED_IDS).join("; ")}${more}: ${SAFE_ID_RULE}`)
  }
  return answer
}

/** GETs `path` and reads the answer with its contract schema, its ids checked. */
export async function getAnswer<T>(client: HttpClient, path: string, schema: z.ZodMiniType<T>): Promise<T> {
  const { url, body } = await client.getJson(path)
  return readCatalogueAnswer(schema, url, body)
}

/**
 * Like `getAnswer`, but a 404 gives null (told to `onMissing`, e.g. to warn)
 * rather than an error: for answers that may be missing, an entity gone
 * since it was listed, or the optional site settings. Any other failure throws.
 */
export async function getOrNull<T>(client: HttpClient, path: string, schema: z.ZodMiniType<T>, onMissing?: (error: CatalogueRequestError) => void): Promise<T | null> {
  try {
    return await getAnswer(client, path, schema)
  } catch (error) {
    if (!(error instanceof CatalogueRequestError && error.status === 404)) throw error
    onMissing?.(error)
    return null
  }
}
