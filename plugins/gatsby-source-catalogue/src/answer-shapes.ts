import type { z } from "zod/mini"
import { describeIssues } from "../../../contract/describe-issues"
import { CatalogueRequestError, type HttpClient } from "./client"
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

/** GETs `path` and reads the answer with its contract schema. */
export async function getAnswer<T>(client: HttpClient, path: string, schema: z.ZodMiniType<T>): Promise<T> {
  const { url, body } = await client.getJson(path)
  return readAnswer(schema, url, body)
}

/**
 * Like `getAnswer`, but a 404 gives null (told to `onMissing`, e.g. to warn)
 * rather than an error: for answers that may be missing, an entity gone
 * since it was listed, or the optional site settings. Any other failure throws.
 */
export async function getOrNull<T>(
  client: HttpClient,
  path: string,
  schema: z.ZodMiniType<T>,
  onMissing?: (error: CatalogueRequestError) => void,
): Promise<T | null> {
  try {
    return await getAnswer(client, path, schema)
  } catch (error) {
    if (!(error instanceof CatalogueRequestError && error.status === 404)) throw error
    onMissing?.(error)
    return null
  }
}
